import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const center = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  gap: vars.space.large,
  padding: vars.space.xlarge,
});

export const boot = style({
  minHeight: "100vh",
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
});
