import { vars } from "@sentinel/ui";
import { createVar, globalStyle, style } from "@vanilla-extract/css";
import { tileSteps } from "./tiles.ts";

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column" });

export const listItem = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xxsmall,
  paddingBlock: vars.space.small,
  borderTop: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  selectors: { "&:first-child": { borderTop: "none", paddingTop: 0 } },
  minWidth: 0,
});

export const meta = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.small,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.small,
});

export const excerpt = style({
  margin: 0,
  color: vars.color.text.secondary,
  overflowWrap: "anywhere",
  display: "-webkit-box",
  WebkitLineClamp: 2,
  WebkitBoxOrient: "vertical",
  overflow: "hidden",
});

export const scanCard = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.small,
  padding: vars.space.medium,
  borderRadius: vars.radius.large,
  border: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  background: vars.color.surface.raised,
  minWidth: 0,
  height: "100%",
});

export const serviceValue = style({
  margin: 0,
  fontSize: vars.font.size.xxlarge,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.text.primary,
});

const tileColumns = createVar();
const columnCounts = [1, 2, 3, 4, 5, 6, 7, 8] as const;
const stepQueries = [null, ...tileSteps.map((rem) => `(min-width: ${rem}rem)`)] as const;

// Tiles flow in a wrapping flex row rather than a grid, so a last row that is one short stretches
// its tiles instead of leaving a hole. The basis is a column's share less a gap: n fit a row, n + 1 don't.
export const tiles = style({
  containerType: "inline-size",
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.medium,
  listStyle: "none",
  margin: 0,
  padding: 0,
  minWidth: 0,
});

globalStyle(`${tiles} > *`, {
  flex: `1 1 calc(100% / ${tileColumns} - ${vars.space.medium})`,
  minWidth: 0,
});

/**
 * One class per container step and column count (`tileColumnsAt[step][count]`); the tiles of a
 * container read the count of the widest step their container reaches.
 */
export const tileColumnsAt = stepQueries.map((query) =>
  Object.fromEntries(
    columnCounts.map((count) => {
      const className = style({});
      globalStyle(
        `${className} > *`,
        query === null
          ? { vars: { [tileColumns]: String(count) } }
          : { "@container": { [query]: { vars: { [tileColumns]: String(count) } } } },
      );
      return [count, className];
    }),
  ),
);
