import type { Finding, UserSummary } from "@sentinel/api-client";
import { ApiError } from "@sentinel/api-client";
import { Select } from "@sentinel/ui";
import { useState } from "react";

const nobody = "none";

export interface FindingAssigneeProps {
  finding: Pick<Finding, "assignee">;
  /** Who the finding may be assigned to (its company's members and staff); undefined while loading. */
  candidates: readonly UserSummary[] | undefined;
  /** Resolves when saved; rejects with the `ApiError` (a refused assignee answers 400 on `assignee`). */
  onAssign(assignee: number | null): Promise<unknown>;
}

/**
 * Picks who fixes the finding (issue 28); the choice is sent when made. The current assignee stays
 * listed while the candidates load (or if they left the company since), so the field always names them.
 */
export function FindingAssignee({ finding, candidates, onAssign }: FindingAssigneeProps) {
  const [error, setError] = useState<string | undefined>();
  const [isSaving, setSaving] = useState(false);
  const current = finding.assignee;
  const people = [...(candidates ?? [])];
  if (current && !people.some((p) => p.id === current.id)) people.unshift(current);
  const items = [{ id: nobody, label: "Unassigned" }, ...people.map((p) => ({ id: String(p.id), label: p.fullname }))];

  const choose = async (key: string | number | null) => {
    const next = key === nobody || key === null ? null : Number(key);
    if (next === (current?.id ?? null)) return;
    setError(undefined);
    setSaving(true);
    try {
      await onAssign(next);
    } catch (failure) {
      const body = failure instanceof ApiError ? failure.body : undefined;
      const field = body && typeof body === "object" ? (body as Record<string, unknown>).assignee : undefined;
      setError(
        Array.isArray(field) && typeof field[0] === "string"
          ? field[0]
          : failure instanceof Error
            ? failure.message
            : "The assignee could not be saved.",
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Select
      label="Assignee"
      items={items}
      value={current ? String(current.id) : nobody}
      onChange={choose}
      isDisabled={isSaving}
      isInvalid={error !== undefined}
      {...(error ? { errorMessage: error } : {})}
      {...(candidates === undefined ? { description: "Loading who can be assigned…" } : {})}
    />
  );
}
