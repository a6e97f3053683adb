import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const overviewGrid = style({
  display: "grid",
  gap: vars.space.large,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 22rem), 1fr))",
});

export const mono = style({ fontFamily: vars.font.family.mono, overflowWrap: "anywhere" });

export const muted = style({ margin: 0, color: vars.color.text.secondary, fontSize: vars.font.size.small });

export const dialogForm = style({ display: "grid", gap: vars.space.large });

export const formError = style({
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.small,
  background: vars.color.tone.critical.background,
  color: vars.color.tone.critical.text,
  border: `${vars.borderWidth.standard} solid ${vars.color.tone.critical.border}`,
});

export const evidence = style({
  margin: 0,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  background: vars.color.surface.sunken,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.small,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
});

export const announcement = style({ color: vars.color.text.secondary, fontSize: vars.font.size.small });
