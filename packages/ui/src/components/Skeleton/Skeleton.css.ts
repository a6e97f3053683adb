import { createVar, keyframes, style } from "@vanilla-extract/css";
import { recipe } from "@vanilla-extract/recipes";
import { reducedMotionQuery, vars } from "../../tokens/contract.css.ts";

/** Caller-supplied size, set with `assignInlineVars`. */
export const widthVar = createVar();
export const heightVar = createVar();

const shimmer = keyframes({
  from: { backgroundPosition: "100% 0" },
  to: { backgroundPosition: "-100% 0" },
});

export const skeleton = recipe({
  base: {
    display: "block",
    flexShrink: 0,
    width: widthVar,
    height: heightVar,
    backgroundColor: vars.color.surface.pressed,
    backgroundImage: `linear-gradient(90deg, transparent 25%, ${vars.color.surface.hover} 50%, transparent 75%)`,
    backgroundSize: "200% 100%",
    animation: `${shimmer} 1.4s ease-in-out infinite`,
    "@media": {
      // A static placeholder is enough for people who asked for less motion.
      [reducedMotionQuery]: { animation: "none", backgroundImage: "none" },
    },
  },
  variants: {
    variant: {
      line: {
        vars: { [widthVar]: "100%", [heightVar]: "1em" },
        borderRadius: vars.radius.small,
      },
      block: {
        vars: { [widthVar]: "100%", [heightVar]: "6rem" },
        borderRadius: vars.radius.medium,
      },
      circle: {
        vars: { [widthVar]: vars.size.controlMedium, [heightVar]: vars.size.controlMedium },
        borderRadius: vars.radius.full,
      },
    },
  },
  defaultVariants: { variant: "line" },
});

export const lines = style({ display: "grid", gap: vars.space.small, width: "100%" });

// The last line of a paragraph is shorter, so a block of lines reads as text.
export const lastLine = style({ vars: { [widthVar]: "60%" } });
