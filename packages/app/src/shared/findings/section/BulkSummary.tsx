import type { FindingConflict } from "@sentinel/api-client";
import { Button, formatNumber, Inline, StatusBadge } from "@sentinel/ui";
import { useId, useState } from "react";
import type { BulkOutcome } from "../api/useBulkTriage.ts";
import { findingStatusLabels } from "../labels.ts";
import * as styles from "./BulkBar.css.ts";

export interface BulkSummaryProps {
  /** The last change or undo (`useBulkTriage().summary`). */
  outcome: BulkOutcome;
  /** Hides the summary. */
  onDismiss?: () => void;
  /**
   * Takes the change back, as the toast's Undo does; absent once it cannot be (after an undo, or
   * for a change that updated nothing).
   */
  onUndo?: (() => void) | undefined;
  /** An undo is in flight. @default false */
  isUndoing?: boolean;
}

const findings = (n: number) => `${formatNumber(n)} ${n === 1 ? "finding" : "findings"}`;

/** One sentence of what the batch did: updated, already in that status, left alone. */
export function summaryText(outcome: BulkOutcome): string {
  if ("assigneeLabel" in outcome) {
    const who = outcome.assigneeLabel;
    const parts =
      outcome.kind === "undo"
        ? [`Undo gave ${findings(outcome.updated)} back their previous assignee.`]
        : [`${findings(outcome.updated)} assigned to ${who}.`];
    if (outcome.unchanged > 0) {
      parts.push(`${formatNumber(outcome.unchanged)} already ${outcome.unchanged === 1 ? "was" : "were"}.`);
    }
    if (outcome.conflicts.length > 0) {
      parts.push(
        `${formatNumber(outcome.conflicts.length)} reassigned since and ${outcome.conflicts.length === 1 ? "was" : "were"} left alone.`,
      );
    }
    return parts.join(" ");
  }
  const label = findingStatusLabels[outcome.status];
  const parts =
    outcome.kind === "undo"
      ? [`Undo restored ${findings(outcome.updated)} from ${label}.`]
      : [`${findings(outcome.updated)} updated to ${label}.`];
  if (outcome.unchanged > 0) {
    parts.push(`${formatNumber(outcome.unchanged)} already ${outcome.unchanged === 1 ? "was" : "were"} ${label}.`);
  }
  if (outcome.conflicts.length > 0) {
    parts.push(
      `${formatNumber(outcome.conflicts.length)} changed since and ${outcome.conflicts.length === 1 ? "was" : "were"} left alone.`,
    );
  }
  return parts.join(" ");
}

/**
 * What the last bulk change (or its undo) did (issue 17): counts in a polite status region, and the
 * findings left alone behind a "Show N conflicts" disclosure with each one's id, why, and its status now.
 * It stays after the toast has gone, so it offers the toast's Undo too (issue 28).
 */
export function BulkSummary({ outcome, onDismiss, onUndo, isUndoing = false }: BulkSummaryProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const conflicts = outcome.conflicts;
  return (
    <section
      aria-label={outcome.kind === "undo" ? "Undone bulk change" : "Last bulk change"}
      className={styles.summary}
    >
      <Inline space="small" alignY="center">
        <p role="status" className={styles.summaryText}>
          {summaryText(outcome)}
        </p>
        {conflicts.length > 0 ? (
          <Button
            variant="ghost"
            size="small"
            aria-expanded={open}
            aria-controls={listId}
            onPress={() => setOpen((value) => !value)}
          >
            {`${open ? "Hide" : "Show"} ${formatNumber(conflicts.length)} ${conflicts.length === 1 ? "conflict" : "conflicts"}`}
          </Button>
        ) : null}
        {onUndo && outcome.kind === "change" && outcome.updated > 0 ? (
          <Button variant="ghost" size="small" onPress={onUndo} isPending={isUndoing} pendingLabel="Undoing">
            Undo
          </Button>
        ) : null}
        {onDismiss ? (
          <Button variant="ghost" size="small" onPress={onDismiss}>
            Dismiss
          </Button>
        ) : null}
      </Inline>
      {conflicts.length > 0 ? (
        <ul id={listId} hidden={!open} aria-label="Conflicts" className={styles.conflicts}>
          {conflicts.map((conflict: FindingConflict) => (
            <li key={conflict.id} className={styles.conflict}>
              <span className={styles.conflictId}>{`Finding #${conflict.id}`}</span>
              <span>{conflict.reason}</span>
              <Inline space="xsmall" alignY="center">
                <span>Now</span>
                <StatusBadge kind="finding" status={conflict.current.status} />
              </Inline>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
