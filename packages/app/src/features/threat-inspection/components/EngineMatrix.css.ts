import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const matrix = style({ display: "flex", flexDirection: "column", gap: vars.space.small, minWidth: 0 });

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.medium,
});

export const count = style({ margin: 0, color: vars.color.text.secondary, fontSize: vars.font.size.small });

export const detected = style({ color: vars.color.tone.critical.text, fontWeight: vars.font.weight.semibold });

export const link = style({
  color: vars.color.text.link,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  selectors: {
    "&:hover": { color: vars.color.text.linkHover },
    "&:focus-visible": { outline: `${vars.borderWidth.thick} solid ${vars.color.border.focus}` },
  },
});

export const inert = style({
  fontFamily: vars.font.family.mono,
  color: vars.color.text.secondary,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});
