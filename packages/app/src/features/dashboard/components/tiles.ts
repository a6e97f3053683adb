/** Container widths (rem) at which a row of tiles may hold more columns; below the first, the smallest step. */
export const tileSteps = [40, 64, 96] as const;

/**
 * The most columns a row may have at each step (narrowest first). Stat cards are small figures; charts
 * need room for their axes and legends.
 */
export const tileMaxColumns = {
  compact: [2, 4, 6, 8],
  wide: [1, 1, 2, 2],
} as const satisfies Record<string, readonly [number, number, number, number]>;

export type TileDensity = keyof typeof tileMaxColumns;

/**
 * Columns for `count` tiles when a row holds at most `max`: as few rows as that allows, and the tiles
 * spread evenly over them, so 8 cards at 6 a row become two rows of 4 rather than 6 and a lonely 2.
 * A count that does not divide evenly leaves the last row one short; its tiles grow to fill it.
 */
export function tileColumns(count: number, max: number): number {
  if (count <= 0 || max <= 0) return 1;
  if (count <= max) return count;
  const rows = Math.ceil(count / max);
  return Math.ceil(count / rows);
}
