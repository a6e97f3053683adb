import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

export const card = style({ width: "100%", maxWidth: "26rem" });

export const body = style({ display: "flex", flexDirection: "column", gap: vars.space.xlarge });

export const cardHeader = style({ display: "flex", flexDirection: "column", gap: vars.space.small });

export const description = style({ color: vars.color.text.secondary, overflowWrap: "anywhere" });

export const form = style({ display: "flex", flexDirection: "column", gap: vars.space.large });

export const linkRow = style({
  display: "flex",
  justifyContent: "flex-end",
  marginTop: `calc(${vars.space.small} * -1)`,
});

export const footnote = style({ fontSize: vars.font.size.small, color: vars.color.text.secondary });

export const formErrorSlot = style({ selectors: { "&:empty": { display: "none" } } });

export const formError = style({
  display: "flex",
  alignItems: "flex-start",
  gap: vars.space.small,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `${vars.borderWidth.standard} solid ${vars.color.tone.critical.border}`,
  backgroundColor: vars.color.tone.critical.background,
  color: vars.color.tone.critical.text,
  overflowWrap: "anywhere",
});

export const formErrorIcon = style({
  flexShrink: 0,
  width: vars.size.iconSmall,
  height: vars.size.iconSmall,
  marginTop: "0.1em",
});

export const success = style({
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `${vars.borderWidth.standard} solid ${vars.color.tone.positive.border}`,
  backgroundColor: vars.color.tone.positive.background,
  color: vars.color.tone.positive.text,
  overflowWrap: "anywhere",
});

export const actions = style({ display: "flex", flexDirection: "column", gap: vars.space.small });

export const enrol = style({ display: "flex", flexDirection: "column", alignItems: "center", gap: vars.space.medium });

export const steps = style({
  margin: 0,
  paddingLeft: vars.space.xlarge,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xsmall,
  color: vars.color.text.secondary,
});

export const demo = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.small,
  paddingTop: vars.space.large,
  borderTop: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
});

export const demoList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxsmall,
});

export const demoItem = style({ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: vars.space.small });

export const demoNote = style({ fontSize: vars.font.size.xsmall, color: vars.color.text.secondary });

/** Where a 2FA step appears while its code is still downloading (rarely seen: it is preloaded). */
export const stepLoading = style({
  display: "flex",
  justifyContent: "center",
  width: "100%",
  maxWidth: "26rem",
  padding: vars.space.xlarge,
});
