import { keyframes, style } from "@vanilla-extract/css";

const spin = keyframes({ to: { transform: "rotate(360deg)" } });

export const root = style({
  display: "inline-flex",
  width: "1em",
  height: "1em",
  flexShrink: 0,
});

export const svg = style({
  width: "100%",
  height: "100%",
  animation: `${spin} 0.8s linear infinite`,
});

export const track = style({ opacity: 0.25 });

export const arc = style({ strokeLinecap: "round" });
