import { createVar, style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../tokens/contract.css.ts";
import { type Tone, tones } from "../../tokens/tones.ts";

/** The filled share as a percentage, set with `assignInlineVars`. */
export const percentVar = createVar();

export const root = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  alignItems: "center",
  columnGap: vars.space.small,
  rowGap: vars.space.xsmall,
  width: "100%",
  minWidth: 0,
  fontSize: vars.font.size.small,
});

export const label = style({
  gridColumn: "1",
  minWidth: 0,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text.primary,
  overflowWrap: "anywhere",
});

export const value = style({
  gridColumn: "2",
  color: vars.color.text.secondary,
  fontVariantNumeric: "tabular-nums",
  whiteSpace: "nowrap",
});

export const track = style({
  gridColumn: "1 / -1",
  height: vars.space.small,
  overflow: "hidden",
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surface.pressed,
});

export const fill = recipe({
  base: {
    height: "100%",
    width: percentVar,
    borderRadius: vars.radius.full,
    transitionProperty: "width",
    transitionDuration: vars.motion.duration.standard,
    transitionTimingFunction: vars.motion.easing.standard,
  },
  variants: {
    tone: Object.fromEntries(tones.map((tone) => [tone, { backgroundColor: vars.color.tone[tone].solid }])) as Record<
      Tone,
      { backgroundColor: string }
    >,
  },
  defaultVariants: { tone: "info" },
});

export const detail = style({
  gridColumn: "1 / -1",
  color: vars.color.text.secondary,
  overflowWrap: "anywhere",
});
