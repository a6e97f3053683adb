import { style } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";

export const zone = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.small,
  padding: vars.space.large,
  borderWidth: vars.borderWidth.thick,
  borderStyle: "dashed",
  borderColor: vars.color.border.field,
  borderRadius: vars.radius.large,
  backgroundColor: vars.color.surface.sunken,
  color: vars.color.text.primary,
  textAlign: "center",
  transitionProperty: "background-color, border-color",
  transitionDuration: vars.motion.duration.fast,
  selectors: {
    "&[data-hovered]": { borderColor: vars.color.border.strong },
    "&[data-drop-target]": {
      borderStyle: "solid",
      borderColor: vars.color.border.focus,
      backgroundColor: vars.color.surface.selected,
    },
    "&[data-focus-visible]": {
      outline: `${vars.borderWidth.thick} solid ${vars.color.border.focus}`,
      outlineOffset: vars.borderWidth.thick,
    },
    "&[data-invalid]": { borderColor: vars.color.tone.critical.text },
    "&[data-disabled]": { cursor: "not-allowed", borderColor: vars.color.border.default },
  },
});

export const zoneIcon = style({
  flexBasis: "100%",
  height: vars.size.icon,
  color: vars.color.text.secondary,
});

export const zoneText = style({ fontSize: vars.font.size.standard });

export const hint = style({
  flexBasis: "100%",
  fontSize: vars.font.size.small,
  color: vars.color.text.secondary,
  overflowWrap: "anywhere",
});

export const errors = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxsmall,
  selectors: { "&:empty": { display: "none" } },
});

export const fileList = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xsmall,
  margin: 0,
  padding: 0,
  listStyle: "none",
});

export const fileRow = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.small,
  minHeight: vars.size.controlMedium,
  paddingInlineStart: vars.space.medium,
  borderWidth: vars.borderWidth.standard,
  borderStyle: "solid",
  borderColor: vars.color.border.default,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surface.raised,
  color: vars.color.text.secondary,
});

/** Name over size, so a long name gets the whole row's width to wrap in. */
export const fileText = style({
  display: "flex",
  flexDirection: "column",
  flex: 1,
  minWidth: 0,
  paddingBlock: vars.space.xsmall,
});

export const fileName = style({
  color: vars.color.text.primary,
  overflowWrap: "anywhere",
});

export const fileSize = style({
  fontSize: vars.font.size.small,
  fontVariantNumeric: "tabular-nums",
});

export const removeButton = style({ alignSelf: "stretch" });

/** Wrapper only there to find the browse button again for focus; it adds no box. */
export const browse = style({ display: "contents" });

/** A fieldset groups the zone, errors and list under one name, without the browser's frame. */
export const fieldset = style({ margin: 0, padding: 0, border: 0, minWidth: 0 });

export const legend = style({ padding: 0, marginBottom: vars.space.xsmall });
