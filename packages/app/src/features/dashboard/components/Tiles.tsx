import { Children, type ReactNode } from "react";
import * as styles from "./dashboard.css.ts";
import { type TileDensity, tileColumns, tileMaxColumns } from "./tiles.ts";

interface TilesProps {
  children: ReactNode;
  /** @default "compact" */
  density?: TileDensity;
  /** A list (`ul` of `li` tiles) when the tiles are items of one collection. */
  as?: "div" | "ul";
  "aria-label"?: string;
}

/**
 * Dashboard tiles in even rows: every row is full at every width, whatever the role's widget count,
 * so the grid never shows a hole.
 */
export function Tiles({ children, density = "compact", as: Element = "div", ...props }: TilesProps) {
  const count = Children.toArray(children).length;
  const stepClasses = tileMaxColumns[density].map(
    (max, step) => styles.tileColumnsAt[step]?.[Math.min(tileColumns(count, max), 8)] ?? "",
  );
  return (
    <Element {...props} className={[styles.tiles, ...stepClasses].join(" ")} data-tiles={density}>
      {children}
    </Element>
  );
}
