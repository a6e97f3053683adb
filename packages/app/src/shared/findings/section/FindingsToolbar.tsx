import { Button, SearchField } from "@sentinel/ui";
import { type ReactNode, type RefObject, useId, useState } from "react";
import * as styles from "./FindingsToolbar.css.ts";

export interface FindingsToolbarProps {
  /** The search's text as typed (see `useSearchText`). */
  searchText: string;
  onSearchTextChange(text: string): void;
  /** Enter: search now, without waiting for typing to pause. Gets the text trimmed. */
  onSearchSubmit(text: string): void;
  /** What the search looks in, e.g. "Name, CVE, CWE…". */
  searchPlaceholder: string;
  /** Focused by the "/" shortcut of the findings section. */
  searchRef: RefObject<HTMLInputElement | null>;
  /** The filters after the search field. */
  children?: ReactNode;
  /**
   * How many filters narrow the list, shown on the phone layout's "Filters" button while they are folded.
   * @default 0
   */
  activeFilterCount?: number;
}

/** Search and filters above a findings section: one landmark, "Filter findings", on every findings list. */
export function FindingsToolbar({
  searchText,
  onSearchTextChange,
  onSearchSubmit,
  searchPlaceholder,
  searchRef,
  children,
  activeFilterCount = 0,
}: FindingsToolbarProps) {
  const [filtersShown, setFiltersShown] = useState(false);
  const filtersId = useId();
  return (
    <search aria-label="Filter findings" className={styles.toolbar}>
      <SearchField
        className={styles.search}
        label="Search findings"
        placeholder={searchPlaceholder}
        value={searchText}
        onChange={onSearchTextChange}
        onSubmit={(text) => onSearchSubmit(text.trim())}
        inputRef={searchRef}
      />
      {children ? (
        <>
          <span className={styles.filtersToggle}>
            <Button
              variant="outline"
              aria-expanded={filtersShown}
              aria-controls={filtersId}
              onPress={() => setFiltersShown((shown) => !shown)}
            >
              {activeFilterCount > 0 ? `Filters (${activeFilterCount})` : "Filters"}
            </Button>
          </span>
          <div id={filtersId} className={styles.filters} data-expanded={filtersShown || undefined}>
            {children}
          </div>
        </>
      ) : null}
    </search>
  );
}
