import { globalStyle } from "@vanilla-extract/css";
import { reducedMotionQuery, vars } from "./contract.css.ts";
import "./lightTheme.css.ts";
import "./darkTheme.css.ts";
import { stylesheetMarkerProperty } from "./stylesheetCheck.ts";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });

// What the development check reads to know the stylesheet is applied (stylesheetCheck.ts).
globalStyle(":root", { vars: { [stylesheetMarkerProperty]: "1" } });

globalStyle("html", {
  fontFamily: vars.font.family.sans,
  fontSize: "100%",
  lineHeight: vars.font.lineHeight.standard,
  color: vars.color.text.primary,
  backgroundColor: vars.color.surface.canvas,
  WebkitFontSmoothing: "antialiased",
  MozOsxFontSmoothing: "grayscale",
  textSizeAdjust: "100%",
});

globalStyle("body", {
  margin: 0,
  fontSize: vars.font.size.standard,
  color: vars.color.text.primary,
  backgroundColor: vars.color.surface.canvas,
});

globalStyle("code, kbd, samp, pre", { fontFamily: vars.font.family.mono });

globalStyle("h1, h2, h3, h4, h5, h6, p, figure, blockquote, dl, dd", { margin: 0 });

globalStyle("button, input, select, textarea", { font: "inherit", color: "inherit" });

globalStyle("::selection", { backgroundColor: vars.color.tone.info.background, color: vars.color.text.primary });

// Users who ask for less motion get none: ripples, route fades and transitions all collapse to instant.
globalStyle("*, *::before, *::after", {
  "@media": {
    [reducedMotionQuery]: {
      animationDuration: "0.01ms !important",
      animationIterationCount: "1 !important",
      transitionDuration: "0.01ms !important",
    },
  },
});

// Components that animate from JS (ripple timers, route fades) read these durations, so zero them too.
globalStyle(":root, :root.dark", {
  "@media": {
    [reducedMotionQuery]: {
      vars: {
        [vars.motion.duration.fast]: "0ms",
        [vars.motion.duration.standard]: "0ms",
        [vars.motion.duration.ripple]: "0ms",
        [vars.motion.duration.routeFade]: "0ms",
      },
    },
  },
});
