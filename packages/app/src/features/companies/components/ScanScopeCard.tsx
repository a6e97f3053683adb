import type { CompanyScanRange } from "@sentinel/api-client";
import { Button, Card, ErrorState, Skeleton, Stack } from "@sentinel/ui";
import { useState } from "react";
import { useScanScope } from "../api/scanScope.ts";
import * as styles from "./companies.css.ts";
import { AddScanRangeDialog, RemoveScanRangeDialog } from "./overlays.tsx";

export interface ScanScopeCardProps {
  companyId: number;
  /** Only a super admin widens or narrows a company's scope; a client admin reads it. */
  canEdit: boolean;
}

/**
 * The ranges a company's scans may reach beyond public address space (issue 29). A client admin sees
 * them so a refused private target can be understood; only a super admin changes them.
 */
export function ScanScopeCard({ companyId, canEdit }: ScanScopeCardProps) {
  const query = useScanScope(companyId);
  const [isAdding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<CompanyScanRange | null>(null);
  const [isRemoveOpen, setRemoveOpen] = useState(false);
  return (
    <Card
      title="Scan scope"
      actions={
        canEdit && query.data ? (
          <Button variant="outline" size="small" onPress={() => setAdding(true)}>
            Add range
          </Button>
        ) : undefined
      }
    >
      {query.isPending ? (
        <Skeleton lines={3} />
      ) : query.isError ? (
        <ErrorState headingLevel={3} message="We couldn't load the scan scope." onRetry={() => void query.refetch()} />
      ) : (
        <Stack space="medium">
          <p className={styles.text}>
            Scans reach this company's public addresses. Private, link-local and shared ranges are refused unless they
            are listed here; cloud metadata addresses stay refused.
          </p>
          {query.data.length === 0 ? (
            <p className={styles.secondary}>No extra ranges.</p>
          ) : (
            <ul aria-label="Extra scan ranges" className={styles.scopeList}>
              {query.data.map((range) => (
                <li key={range.id} className={styles.scopeItem}>
                  <span className={styles.stacked}>
                    <span className={styles.numeric}>{range.range}</span>
                    <span className={styles.secondary}>
                      {range.note ? `${range.note} · ` : ""}Added by {range.added_by_name} on{" "}
                      {new Date(range.added_at).toLocaleDateString("en-GB", { dateStyle: "medium" })}
                    </span>
                  </span>
                  {canEdit ? (
                    <Button
                      variant="ghost"
                      size="small"
                      aria-label={`Remove ${range.range}`}
                      onPress={() => {
                        setRemoving(range);
                        setRemoveOpen(true);
                      }}
                    >
                      Remove
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Stack>
      )}
      {canEdit ? (
        <>
          <AddScanRangeDialog companyId={companyId} isOpen={isAdding} onOpenChange={setAdding} />
          <RemoveScanRangeDialog
            companyId={companyId}
            range={removing}
            isOpen={isRemoveOpen}
            onOpenChange={setRemoveOpen}
          />
        </>
      ) : null}
    </Card>
  );
}
