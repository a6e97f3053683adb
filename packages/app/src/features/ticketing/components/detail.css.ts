import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const layout = style({
  display: "grid",
  gap: vars.space.xlarge,
  alignItems: "start",
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { "screen and (min-width: 64rem)": { gridTemplateColumns: "minmax(0, 1fr) 22rem" } },
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.text.primary,
});
