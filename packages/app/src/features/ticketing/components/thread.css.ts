import { vars } from "@sentinel/ui";
import { style } from "@vanilla-extract/css";

// One form layout and error box for every dialog form (shared/patterns/dialogForm.css.ts).
export { dialogFormError as formError } from "../../../shared/patterns/dialogForm.css.ts";

export const thread = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.medium,
});

export const entry = style({
  display: "flex",
  justifyContent: "flex-start",
  selectors: { "&[data-self]": { justifyContent: "flex-end" } },
});

export const message = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.small,
  width: "min(100%, 44rem)",
  padding: vars.space.medium,
  borderRadius: vars.radius.large,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  background: vars.color.surface.raised,
  selectors: {
    [`${entry}[data-self] &`]: {
      background: vars.color.tone.info.background,
      borderColor: vars.color.tone.info.border,
    },
  },
});

export const messageHeader = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.xsmall,
});

export const author = style({
  fontWeight: vars.font.weight.semibold,
  color: vars.color.text.primary,
  overflowWrap: "anywhere",
});

export const time = style({ marginLeft: "auto", color: vars.color.text.secondary, fontSize: vars.font.size.small });

export const body = style({
  margin: 0,
  color: vars.color.text.primary,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
  lineHeight: vars.font.lineHeight.relaxed,
});

export const attachments = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.small,
});

export const attachment = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xxsmall,
  minWidth: 0,
  maxWidth: "100%",
});

export const attachmentIcon = style({ width: vars.size.iconSmall, height: vars.size.iconSmall, flexShrink: 0 });

export const attachmentLink = style({
  color: vars.color.text.link,
  overflowWrap: "anywhere",
  selectors: { "&:hover": { color: vars.color.text.linkHover } },
});

export const unsafeAttachment = style({ color: vars.color.text.secondary, overflowWrap: "anywhere" });

export const composer = style({ display: "flex", flexDirection: "column", gap: vars.space.medium });

export const composerActions = style({ display: "flex", justifyContent: "flex-end", gap: vars.space.small });

/** "Your unsent reply was restored" after a sign-in: information, not an error. */
export const restoredNote = style({
  margin: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  color: vars.color.tone.info.text,
  background: vars.color.tone.info.background,
  border: `${vars.borderWidth.standard} solid ${vars.color.tone.info.border}`,
  selectors: { "&:empty": { display: "none" } },
});

export const notice = style({
  margin: 0,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  color: vars.color.text.secondary,
  background: vars.color.surface.sunken,
});
