/** An sRGB colour with channels 0–255 and alpha 0–1. */
export type Rgba = { r: number; g: number; b: number; a: number };

/**
 * Reads the colour formats a browser's computed style returns: `rgb(24, 24, 27)`,
 * `rgba(0, 0, 0, 0.5)` and the space-separated `rgb(9 9 11 / 0.5)`. Anything else is `undefined`.
 */
export function parseRgb(value: string): Rgba | undefined {
  const match = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?\s*\)$/.exec(value.trim());
  if (!match) return undefined;
  const [, r, g, b, alpha, percent] = match;
  const a = alpha === undefined ? 1 : Number(alpha) / (percent ? 100 : 1);
  return { r: Number(r), g: Number(g), b: Number(b), a };
}

/** Lays a translucent colour over an opaque one, as the screen shows it. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2.2 relative luminance of an opaque colour. */
export function relativeLuminance({ r, g, b }: Rgba): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/**
 * WCAG 2.2 contrast ratio (1–21) of a colour on a background. A translucent foreground is
 * composited over the background first, as it is drawn.
 */
export function contrastRatio(foreground: Rgba, background: Rgba): number {
  const fg = foreground.a < 1 ? composite(foreground, background) : foreground;
  const [light, dark] = [relativeLuminance(fg), relativeLuminance(background)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * "4.48:1": truncated, never rounded up, so a pair just under a threshold never reads as meeting it.
 */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}
