import type { ReactNode } from "react";
import { formatDateTime } from "../../format/date.ts";
import { visuallyHidden } from "../shared/styles.css.ts";
import { untrustedNode } from "../UntrustedText/untrustedNode.tsx";
import * as styles from "./Timeline.css.ts";

/** A generic entry: anything that happened, with optional detail and meta line. */
export interface TimelineItem {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  /** Secondary line, e.g. who and when. */
  meta?: ReactNode;
}

/** A status-log entry: a change from one status to another, with a message, an actor and a time. */
export interface TimelineEntry {
  id: string;
  /** Previous status (e.g. a StatusBadge); missing for the first entry of a log. */
  from?: ReactNode;
  to: ReactNode;
  message?: ReactNode;
  actor?: ReactNode;
  /** ISO timestamp or Date; shown as "21 Nov 2026, 23:41" in a `<time>` element. */
  time?: string | Date | null;
}

export interface TimelineProps {
  /** Generic entries; use either `items` or `entries`. */
  items?: readonly TimelineItem[];
  /** Status-log entries, rendered as "from → to", message, and "actor · time". */
  entries?: readonly TimelineEntry[];
  /**
   * Entries are given oldest first, as the API logs them; set to show the newest on top.
   * @default false
   */
  newestFirst?: boolean;
  /** Names the list, e.g. "Status history". */
  "aria-label"?: string;
  /** What to show when there are no entries. */
  emptyState?: ReactNode;
  /** Extra class on the root, for layout by the parent. */
  className?: string;
}

function TimeStamp({ time }: { time: string | Date }) {
  const iso = time instanceof Date ? time.toISOString() : time;
  return <time dateTime={iso}>{formatDateTime(time)}</time>;
}

function fromEntry(entry: TimelineEntry): TimelineItem {
  return {
    id: entry.id,
    title: (
      <>
        {entry.from ? (
          <>
            {entry.from}
            <span aria-hidden="true">→</span>
            <span className={visuallyHidden}>to</span>
          </>
        ) : null}
        {entry.to}
      </>
    ),
    description: entry.message,
    meta:
      entry.actor || entry.time ? (
        <>
          {untrustedNode(entry.actor)}
          {entry.actor && entry.time ? " · " : null}
          {entry.time ? <TimeStamp time={entry.time} /> : null}
        </>
      ) : undefined,
  };
}

/**
 * A chronological log (an ordered list), e.g. a finding's status history. Entries are untrusted
 * text from the API and render as React text only.
 */
export function Timeline({
  items,
  entries,
  newestFirst = false,
  "aria-label": ariaLabel,
  emptyState,
  className,
}: TimelineProps) {
  const all = items ?? entries?.map(fromEntry) ?? [];
  if (all.length === 0 && emptyState) return <>{emptyState}</>;
  const ordered = newestFirst ? [...all].reverse() : all;
  return (
    <ol
      className={[styles.list, className].filter(Boolean).join(" ")}
      aria-label={ariaLabel}
      // Newest first counts down, so item numbers still follow time for assistive technology.
      reversed={newestFirst || undefined}
    >
      {ordered.map((item) => (
        <li key={item.id} className={styles.item}>
          <span className={styles.rail} aria-hidden="true">
            <span className={styles.marker} />
          </span>
          <div className={styles.content}>
            <div className={styles.title}>{untrustedNode(item.title)}</div>
            {item.description ? <div className={styles.description}>{untrustedNode(item.description)}</div> : null}
            {item.meta ? <div className={styles.meta}>{untrustedNode(item.meta)}</div> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
