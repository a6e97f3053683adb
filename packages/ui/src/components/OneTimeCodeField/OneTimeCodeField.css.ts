import { createVar, style } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";

/** Number of digits, set inline from the `length` prop. */
export const digits = createVar();

export const input = style({
  vars: { [digits]: "6" },
  // Sized for the digits (plus letter spacing and padding), not stretched across the form.
  width: `calc(${digits} * 1.6ch + ${vars.space.medium} * 2)`,
  maxWidth: "100%",
  minHeight: vars.size.controlLarge,
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.xlarge,
  letterSpacing: "0.6ch",
  fontVariantNumeric: "tabular-nums",
});
