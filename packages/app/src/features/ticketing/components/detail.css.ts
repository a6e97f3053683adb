import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const layout = style({
  display: "grid",
  gap: vars.space.xlarge,
  alignItems: "start",
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { "screen and (min-width: 64rem)": { gridTemplateColumns: "minmax(0, 1fr) 22rem" } },
});
