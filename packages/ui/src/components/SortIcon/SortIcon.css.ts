import { style } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";

const box = {
  width: vars.size.iconSmall,
  height: vars.size.iconSmall,
  flexShrink: 0,
} as const;

export const sorted = style({ ...box, color: vars.color.text.primary });

/** Keeps the header width steady while an unsorted column shows no direction. */
export const idle = style({ ...box, opacity: 0.35 });
