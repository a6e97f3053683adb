import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

// The footprint of a chart that is loading (ui's chart frame at its default 280px plot), kept
// while the charting code downloads so the page does not move when the chart arrives.
export const placeholder = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.medium,
  minWidth: 0,
  margin: 0,
});

export const placeholderPlot = style({
  display: "flex",
  flexDirection: "column",
  width: "100%",
  minHeight: "280px",
});
