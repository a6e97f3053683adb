import { style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { vars } from "../../tokens/contract.css.ts";

export const region = style({
  position: "fixed",
  bottom: vars.space.large,
  right: vars.space.large,
  zIndex: vars.zIndex.toast,
  display: "flex",
  flexDirection: "column-reverse",
  gap: vars.space.small,
  width: `min(calc(100vw - 2 * ${vars.space.large}), ${vars.size.toastWidth})`,
  outline: "none",
  selectors: { "&[data-focus-visible]": { outline: `${vars.borderWidth.thick} solid ${vars.color.border.focus}` } },
});

export const toast = recipe({
  base: {
    display: "flex",
    alignItems: "flex-start",
    gap: vars.space.small,
    padding: vars.space.medium,
    borderRadius: vars.radius.medium,
    boxShadow: vars.shadow.large,
    border: `${vars.borderWidth.standard} solid`,
    outline: "none",
    selectors: { "&[data-focus-visible]": { outline: `${vars.borderWidth.thick} solid ${vars.color.border.focus}` } },
  },
  variants: {
    tone: {
      neutral: {
        backgroundColor: vars.color.surface.overlay,
        borderColor: vars.color.border.default,
        color: vars.color.text.primary,
      },
      positive: {
        backgroundColor: vars.color.tone.positive.background,
        borderColor: vars.color.tone.positive.border,
        color: vars.color.tone.positive.text,
      },
      critical: {
        backgroundColor: vars.color.tone.critical.background,
        borderColor: vars.color.tone.critical.border,
        color: vars.color.tone.critical.text,
      },
    },
  },
  defaultVariants: { tone: "neutral" },
});

export const content = style({
  flex: 1,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxsmall,
  minWidth: 0,
});
export const title = style({ fontWeight: vars.font.weight.semibold, fontSize: vars.font.size.small });
export const description = style({ fontSize: vars.font.size.small, overflowWrap: "anywhere" });
export const action = style({ alignSelf: "center" });
