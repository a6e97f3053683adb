import { style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../tokens/contract.css.ts";

// A container query, not a viewport one: the same list sits in drawers, cards and full pages.
const narrow = "(max-width: 30rem)";

export const container = style({ containerType: "inline-size", minWidth: 0 });

export const list = recipe({
  base: { display: "grid", margin: 0, columnGap: vars.space.xlarge, rowGap: vars.space.medium },
  variants: {
    columns: {
      1: { gridTemplateColumns: "minmax(0, 1fr)" },
      2: {
        gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
        "@container": { [narrow]: { gridTemplateColumns: "minmax(0, 1fr)" } },
      },
    },
  },
  defaultVariants: { columns: 1 },
});

export const item = recipe({
  base: { display: "grid", gap: vars.space.xxsmall, minWidth: 0 },
  variants: {
    columns: {
      // One column: term and value side by side, stacking when the container is narrow.
      1: {
        gridTemplateColumns: "minmax(8rem, 14rem) minmax(0, 1fr)",
        columnGap: vars.space.large,
        "@container": { [narrow]: { gridTemplateColumns: "minmax(0, 1fr)" } },
      },
      // Two columns: each pair is already narrow, so the term sits above its value.
      2: { gridTemplateColumns: "minmax(0, 1fr)" },
    },
  },
  defaultVariants: { columns: 1 },
});

export const term = style({
  margin: 0,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text.secondary,
  overflowWrap: "anywhere",
});

export const description = style({
  margin: 0,
  minWidth: 0,
  color: vars.color.text.primary,
  overflowWrap: "anywhere",
  whiteSpace: "pre-line",
});
