import { assignInlineVars } from "@vanilla-extract/dynamic";
import type { ReactNode } from "react";
import { EmptyState } from "../EmptyState/EmptyState.tsx";
import { ErrorState } from "../ErrorState/ErrorState.tsx";
import { Skeleton } from "../Skeleton/Skeleton.tsx";
import { visuallyHidden } from "../shared/styles.css.ts";
import * as styles from "./Charts.css.ts";
import type { ChartPaint } from "./chartData.ts";
import { Swatch } from "./chartPaint.tsx";

/** Props every chart shares: its name, size and the loading/empty/error states around it. */
export interface ChartCommonProps {
  /** Accessible name of the chart and caption of its data table, e.g. "Credit spending by month". */
  title: string;
  /** Replaces the generated text summary read out for the chart image. */
  description?: string;
  /**
   * Plot height in pixels; the width follows the container.
   * @default 280
   */
  height?: number;
  /**
   * Shows a placeholder of the chart's size while data loads.
   * @default false
   */
  isLoading?: boolean;
  /** When truthy, an error with a Retry button replaces the plot; a string replaces the default message. */
  error?: boolean | string | null;
  /** Called by the error state's Retry button. */
  onRetry?: () => void;
  /**
   * Shown instead of the plot when there is nothing to draw.
   * @default "No data to display yet."
   */
  emptyMessage?: string;
  /** Formats values in the tooltip and data table; defaults to the locale's number format. */
  formatValue?: (value: number) => string;
}

export interface LegendEntry {
  label: string;
  paint: ChartPaint;
}

export interface ChartTable {
  /** Column headers; the first names the category column. */
  headers: readonly string[];
  /** One row per category: the category label then one formatted value per column. */
  rows: readonly { key: string; cells: readonly string[] }[];
}

interface ChartFrameProps extends Pick<ChartCommonProps, "title" | "isLoading" | "error" | "onRetry" | "emptyMessage"> {
  height: number;
  /** Kind of chart for the spoken summary, e.g. "Line chart". */
  kind: string;
  summary: string;
  isEmpty: boolean;
  legend: readonly LegendEntry[];
  table: ChartTable;
  /** Content drawn over the plot's centre (the donut total). */
  overlay?: ReactNode;
  children: ReactNode;
}

/**
 * The accessible shell of every chart: the drawing is one `role="img"` with a spoken summary, the
 * numbers are in a visually hidden table for screen readers, and the legend is plain HTML so it
 * wraps and themes like any text.
 */
export function ChartFrame({
  title,
  kind,
  summary,
  height,
  isLoading = false,
  error,
  onRetry,
  emptyMessage = "No data to display yet.",
  isEmpty,
  legend,
  table,
  overlay,
  children,
}: ChartFrameProps) {
  const sizeVars = assignInlineVars({ [styles.plotHeight]: `${height}px` });

  if (isLoading) {
    return (
      <figure className={styles.root} style={sizeVars} aria-busy="true" aria-label={`${title}: loading`}>
        <div className={styles.skeletonFill}>
          <Skeleton variant="block" height={`${height}px`} />
        </div>
      </figure>
    );
  }
  if (error) {
    return (
      <figure className={styles.root} style={sizeVars} aria-label={title}>
        <div className={styles.stateBox}>
          <ErrorState
            title="Couldn't load the chart"
            message={typeof error === "string" ? error : "Check your connection and try again."}
            onRetry={onRetry}
          />
        </div>
      </figure>
    );
  }
  if (isEmpty) {
    return (
      <figure className={styles.root} style={sizeVars} aria-label={title}>
        <div className={styles.stateBox}>
          <EmptyState title={emptyMessage} />
        </div>
      </figure>
    );
  }

  return (
    <figure className={styles.root} style={sizeVars} aria-label={title}>
      <div className={styles.plot} role="img" aria-label={`${kind}: ${title}. ${summary}`}>
        {children}
        {overlay}
      </div>
      {legend.length > 0 && (
        <ul className={styles.legend} aria-hidden>
          {legend.map((entry) => (
            <li key={entry.label} className={styles.legendItem}>
              <Swatch paint={entry.paint} />
              {entry.label}
            </li>
          ))}
        </ul>
      )}
      {/* Hidden by a block around it: a table keeps its content's width whatever its own box says, which
          made the page scroll sideways on a phone. */}
      <div className={visuallyHidden}>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              {table.headers.map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, index) =>
                  index === 0 ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional under fixed headers
                    <th key={index} scope="row">
                      {cell}
                    </th>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional under fixed headers
                    <td key={index}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
