import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const grid = style({
  display: "grid",
  gap: vars.space.xlarge,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 22rem), 1fr))",
  alignItems: "start",
});

export const side = style({ display: "flex", flexDirection: "column", gap: vars.space.xlarge });
