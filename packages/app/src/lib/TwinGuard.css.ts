import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const checking = style({
  display: "flex",
  padding: vars.space.xlarge,
});
