import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from "lucide-react";
import { Button } from "react-aria-components";
import { formatNumber } from "../../format/number.ts";
import * as styles from "./Pagination.css.ts";
import { describeRange, getPageItems, pageRange } from "./pageItems.ts";

export interface PaginationProps {
  /** The page shown now, 1-based as the API counts (`current_page`). */
  currentPage: number;
  /** Number of pages (`total_pages`). */
  totalPages: number;
  /** Page numbers from the API (`pages`); defaults to 1…totalPages. */
  pages?: readonly number[];
  /** Total number of rows (`count`), for the "Showing 11–20 of 134" summary. */
  count: number;
  /** 1-based index of the first row on this page (`start_index`). */
  startIndex: number;
  /** 1-based index of the last row on this page (`end_index`). */
  endIndex: number;
  /** Called with the page the user asked for. */
  onPageChange: (page: number) => void;
  /**
   * Pages shown either side of the current one before the rest collapse into a gap.
   * @default 1
   */
  siblings?: number;
  /**
   * Disables every page button, e.g. while the next page is loading.
   * @default false
   */
  isDisabled?: boolean;
  /**
   * Accessible name of the navigation landmark; give each Pagination on a page its own.
   * @default "Pagination"
   */
  "aria-label"?: string;
}

/**
 * Server-side pagination: first/previous/next/last and page buttons inside a navigation landmark, with a
 * polite live region announcing the visible range whenever the page changes.
 */
export function Pagination({
  currentPage,
  totalPages,
  pages,
  count,
  startIndex,
  endIndex,
  onPageChange,
  siblings = 1,
  isDisabled = false,
  "aria-label": ariaLabel = "Pagination",
}: PaginationProps) {
  const items = getPageItems(pages ?? pageRange(totalPages), currentPage, siblings);
  const hasPrevious = currentPage > 1;
  const hasNext = currentPage < totalPages;

  return (
    <div className={styles.root}>
      <p className={styles.summary} role="status" aria-live="polite">
        {describeRange(startIndex, endIndex, count, formatNumber)}
      </p>
      {totalPages > 1 && (
        <nav aria-label={ariaLabel}>
          <ul className={styles.list}>
            <li>
              <Button
                className={styles.button}
                isDisabled={isDisabled || !hasPrevious}
                onPress={() => onPageChange(1)}
                aria-label="First page"
              >
                <ChevronsLeft className={styles.icon} aria-hidden />
              </Button>
            </li>
            <li>
              <Button
                className={styles.button}
                isDisabled={isDisabled || !hasPrevious}
                onPress={() => onPageChange(currentPage - 1)}
                aria-label="Previous page"
              >
                <ChevronLeft className={styles.icon} aria-hidden />
                <span>Previous</span>
              </Button>
            </li>
            {items.map((item) =>
              item.type === "ellipsis" ? (
                <li key={item.key} className={styles.ellipsis} aria-hidden>
                  …
                </li>
              ) : (
                <li key={item.page}>
                  <Button
                    className={styles.button}
                    isDisabled={isDisabled}
                    aria-label={`Page ${item.page}`}
                    aria-current={item.page === currentPage ? "page" : undefined}
                    onPress={() => {
                      if (item.page !== currentPage) onPageChange(item.page);
                    }}
                  >
                    {item.page}
                  </Button>
                </li>
              ),
            )}
            <li>
              <Button
                className={styles.button}
                isDisabled={isDisabled || !hasNext}
                onPress={() => onPageChange(currentPage + 1)}
                aria-label="Next page"
              >
                <span>Next</span>
                <ChevronRight className={styles.icon} aria-hidden />
              </Button>
            </li>
            <li>
              <Button
                className={styles.button}
                isDisabled={isDisabled || !hasNext}
                onPress={() => onPageChange(totalPages)}
                aria-label="Last page"
              >
                <ChevronsRight className={styles.icon} aria-hidden />
              </Button>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}
