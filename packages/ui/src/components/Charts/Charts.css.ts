import { createVar, globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";

/** Plot height from the `height` prop, so loading/empty/error states keep the chart's footprint. */
export const plotHeight = createVar();

export const root = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.medium,
  minWidth: 0,
  margin: 0,
});

export const plot = style({
  position: "relative",
  width: "100%",
  minHeight: plotHeight,
});

export const stateBox = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: plotHeight,
});

export const skeletonFill = style({
  display: "flex",
  flexDirection: "column",
  width: "100%",
  minHeight: plotHeight,
});

// Recharts draws axes and grid with its own presentation attributes; CSS wins over those,
// so the theme's chart tokens apply in light and dark alike.
globalStyle(`${plot} .recharts-cartesian-axis-tick-value, ${plot} .recharts-polar-angle-axis-tick-value`, {
  fill: vars.chart.axis,
  fontSize: vars.font.size.xsmall,
  fontFamily: vars.font.family.sans,
});
globalStyle(`${plot} .recharts-cartesian-axis-line, ${plot} .recharts-cartesian-axis-tick-line`, {
  stroke: vars.chart.grid,
});
globalStyle(`${plot} .recharts-cartesian-grid line`, { stroke: vars.chart.grid });
globalStyle(`${plot} .recharts-tooltip-cursor`, { fill: vars.color.surface.hover, stroke: vars.chart.grid });
globalStyle(`${plot} .recharts-surface`, { overflow: "visible" });
globalStyle(`${plot} svg:focus`, { outline: "none" });

export const legend = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "center",
  gap: `${vars.space.xsmall} ${vars.space.large}`,
  margin: 0,
  padding: 0,
  listStyle: "none",
  color: vars.color.text.secondary,
  fontSize: vars.font.size.small,
});

export const legendItem = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xsmall,
  minWidth: 0,
  overflowWrap: "anywhere",
});

export const swatchFill = createVar();
export const swatchOpacity = createVar();

export const swatch = style({
  flexShrink: 0,
  width: vars.space.medium,
  height: vars.space.medium,
  borderRadius: vars.radius.small,
  backgroundColor: swatchFill,
  opacity: swatchOpacity,
});

export const tooltip = style({
  display: "grid",
  gap: vars.space.xxsmall,
  minWidth: vars.size.popoverMinWidth,
  padding: `${vars.space.small} ${vars.space.medium}`,
  border: `${vars.borderWidth.standard} solid ${vars.chart.grid}`,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.chart.tooltipBackground,
  boxShadow: vars.shadow.medium,
  color: vars.chart.tooltipText,
  fontSize: vars.font.size.small,
});

export const tooltipLabel = style({ fontWeight: vars.font.weight.semibold });

export const tooltipRow = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.small,
});

export const tooltipValue = style({
  marginInlineStart: "auto",
  fontVariantNumeric: "tabular-nums",
  fontWeight: vars.font.weight.medium,
});

export const donutCenter = style({
  position: "absolute",
  inset: 0,
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  pointerEvents: "none",
  textAlign: "center",
});

export const donutTotal = style({
  color: vars.color.text.primary,
  fontSize: vars.font.size.xlarge,
  fontWeight: vars.font.weight.semibold,
  fontVariantNumeric: "tabular-nums",
  lineHeight: vars.font.lineHeight.tight,
});

export const donutCaption = style({
  color: vars.color.text.secondary,
  fontSize: vars.font.size.xsmall,
});
