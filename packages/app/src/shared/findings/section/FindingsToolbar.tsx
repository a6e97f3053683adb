import { SearchField } from "@sentinel/ui";
import type { ReactNode, RefObject } from "react";
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
}

/** Search and filters above a findings section: one landmark, "Filter findings", on every findings list. */
export function FindingsToolbar({
  searchText,
  onSearchTextChange,
  onSearchSubmit,
  searchPlaceholder,
  searchRef,
  children,
}: FindingsToolbarProps) {
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
      {children}
    </search>
  );
}
