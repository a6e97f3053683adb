import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";

// A heading often holds text from outside (a host, a repository name): one long unbroken word
// wraps instead of widening its column.
export const root = style({
  margin: 0,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.text.primary,
  overflowWrap: "anywhere",
  // Focused on purpose only (a page's h1 after a route change, a step that replaces a form): the
  // heading is read out, and no ring is drawn around text that cannot be operated.
  selectors: { "&:focus": { outline: "none" } },
});

/** The visual levels: a page's title, a section, a group within a section, a small label-like head. */
export const level = styleVariants({
  1: { fontSize: vars.font.size.xxlarge, lineHeight: vars.font.lineHeight.tight },
  2: { fontSize: vars.font.size.large },
  3: { fontSize: vars.font.size.standard },
  4: { fontSize: vars.font.size.small },
});
