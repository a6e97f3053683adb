import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const muted = style({ margin: 0, color: vars.color.text.secondary, fontSize: vars.font.size.small });

/** Addresses and host names: kept whole, as the kit's table cells keep every token (they scroll instead). */
export const mono = style({ fontFamily: vars.font.family.mono });

export const progressCell = style({ display: "grid", gap: vars.space.xxsmall, minWidth: "10rem" });

export const dialogForm = style({ display: "grid", gap: vars.space.large });

export const dialogActions = style({ display: "flex", justifyContent: "flex-end", gap: vars.space.small });

export const formError = style({
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.small,
  background: vars.color.tone.critical.background,
  color: vars.color.tone.critical.text,
  border: `${vars.borderWidth.standard} solid ${vars.color.tone.critical.border}`,
});

export const hostList = style({
  margin: 0,
  padding: 0,
  listStyle: "none",
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xsmall,
});

export const countGrid = style({
  display: "grid",
  gap: vars.space.medium,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 20rem), 1fr))",
});
