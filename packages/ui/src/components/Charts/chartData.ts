import { type Tone, tones } from "../../tokens/tones.ts";

/** The chart palette slots of the theme contract; series take them in order unless told otherwise. */
export const chartColors = ["series1", "series2", "series3", "series4", "series5", "series6"] as const;

export type ChartPaletteSlot = (typeof chartColors)[number];

/**
 * A palette slot for series without meaning of their own, or a semantic tone (the badges' tones),
 * so a chart of severities or statuses paints each part in its badge's colour.
 */
export type ChartColor = ChartPaletteSlot | Tone;

/** How one series or slice is painted: its colour, faded when another part of the chart has the same one. */
export interface ChartPaint {
  color: ChartColor;
  isFaded: boolean;
}

export function isToneColor(color: ChartColor): color is Tone {
  return (tones as readonly string[]).includes(color);
}

/**
 * Paints for parts in order. Badges may share a tone (Info and Log are both neutral); in a chart two
 * equal neighbours would merge into one part, so the second use of a colour is drawn faded.
 */
export function chartPaints(colors: readonly ChartColor[]): ChartPaint[] {
  const seen = new Set<ChartColor>();
  return colors.map((color) => {
    const isFaded = seen.has(color);
    seen.add(color);
    return { color, isFaded };
  });
}

/** Keys of a datum whose values are strings (usable as category labels). */
export type LabelKey<TDatum> = { [K in keyof TDatum]-?: TDatum[K] extends string | number ? K : never }[keyof TDatum] &
  string;

/** Keys of a datum whose values are numbers (usable as series values). */
export type ValueKey<TDatum> = {
  [K in keyof TDatum]-?: TDatum[K] extends number | null | undefined ? K : never;
}[keyof TDatum] &
  string;

/** One plotted series: which field holds its values and what to call it. */
export interface ChartSeries<TDatum> {
  /** Field of each datum holding this series' value. */
  key: ValueKey<TDatum>;
  /** Name shown in the legend, tooltip and data table. */
  label: string;
  /** Palette slot; defaults to the series' position in the palette. */
  color?: ChartColor;
}

/** Palette slot for the series at `index`, wrapping around the palette. */
export function seriesSlot(index: number, color?: ChartColor): ChartColor {
  return color ?? chartColors[index % chartColors.length] ?? "series1";
}

/** Reads a numeric field that the types say is a number but the API might send as null. */
export function readValue<TDatum>(datum: TDatum, key: string): number | null {
  const value = (datum as Record<string, unknown>)[key];
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** Reads a label field as text. */
export function readLabel<TDatum>(datum: TDatum, key: string): string {
  const value = (datum as Record<string, unknown>)[key];
  return value === null || value === undefined ? "" : String(value);
}

/** A compact text description of a chart for its `role="img"` label, e.g. "Spending and Top-up over 12 months, Jan to Dec". */
export function summarize(seriesLabels: readonly string[], categories: readonly string[]): string {
  const series =
    seriesLabels.length <= 1
      ? (seriesLabels[0] ?? "")
      : `${seriesLabels.slice(0, -1).join(", ")} and ${seriesLabels[seriesLabels.length - 1]}`;
  if (categories.length === 0) return `${series}: no data`;
  const first = categories[0];
  const last = categories[categories.length - 1];
  const span = categories.length === 1 ? first : `${first} to ${last}`;
  return `${series} across ${categories.length} ${categories.length === 1 ? "point" : "points"}, ${span}`;
}

/** A missing value reads as a dash in the data table rather than "0", which would be a claim. */
export function formatCell(value: number | null, format: (value: number) => string): string {
  return value === null ? "\u2014" : format(value);
}
