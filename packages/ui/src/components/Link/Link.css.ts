import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../tokens/contract.css.ts";
import { focusRing } from "../shared/styles.css.ts";

export const link = recipe({
  base: [
    focusRing,
    {
      color: vars.color.text.link,
      borderRadius: vars.radius.small,
      cursor: "pointer",
      textUnderlineOffset: "0.2em",
      selectors: {
        "&[data-hovered]": { color: vars.color.text.linkHover },
        "&[data-disabled]": { color: vars.color.text.disabled, cursor: "default" },
      },
    },
  ],
  variants: {
    variant: {
      inline: { textDecoration: "underline" },
      standalone: {
        textDecoration: "none",
        fontWeight: vars.font.weight.medium,
        selectors: { "&[data-hovered]": { textDecoration: "underline" } },
      },
      /** Text colour of its context, e.g. a table cell that links to a detail page. */
      quiet: {
        color: "inherit",
        textDecoration: "none",
        selectors: { "&[data-hovered]": { textDecoration: "underline", color: "inherit" } },
      },
    },
  },
  defaultVariants: { variant: "inline" },
});
