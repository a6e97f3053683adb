import { api, type FindingStatus, findingsIndexOptions } from "@sentinel/api-client";
import { formatNumber, Stack, ToastRegion } from "@sentinel/ui";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { pressDeferredTrigger, untilRouteLoads } from "../../../testing/play.ts";
import { useStaticModeHandlers } from "../../../testing/storyHandlers.ts";
import { PatternFrame } from "../../patterns/PatternFrame.tsx";
import { useFindingsExport } from "../api/exportFindings.ts";
import { emptySelection, selectAllMatching, selectedCount } from "../api/selection.ts";
import type { FindingSelection, FindingsFilter } from "../api/types.ts";
import { useBulkTriage } from "../api/useBulkTriage.ts";
import { BulkBar } from "./BulkBar.tsx";
import { BulkSummary } from "./BulkSummary.tsx";
import { ReasonDialog } from "./ReasonDialog.tsx";
import { reasonDialogAnswer } from "./reasonDialogAnswer.ts";

const filter: FindingsFilter = { severity: ["LOW"], status: ["ACTIVE"] };

/**
 * The bulk pieces wired as the findings section wires them, over static mode: the bar, the reason
 * dialog, the summary and the toast, with the filter's count read from the findings index.
 */
function BulkTriageDemo({ sarifAvailable = false }: { sarifAvailable?: boolean }) {
  const index = useQuery(findingsIndexOptions(api, { ...filter, page_size: 1 }));
  const total = index.data?.count ?? null;
  const [selection, setSelection] = useState<FindingSelection>(emptySelection);
  const [dialogStatus, setDialogStatus] = useState<FindingStatus | null>(null);
  const triage = useBulkTriage({ filter, total });
  const { exportFindings } = useFindingsExport();
  const count = selectedCount(selection, total) ?? 0;
  return (
    <Stack space="medium">
      <p>{total === null ? "Counting…" : `${formatNumber(total)} active low findings`}</p>
      <BulkBar
        selectedCount={count}
        total={total}
        selectionKind={selection.kind}
        onSelectAllMatching={() => setSelection(selectAllMatching())}
        onClearSelection={() => setSelection(emptySelection)}
        onChangeStatus={setDialogStatus}
        onExport={(format) =>
          void exportFindings(
            format,
            selection.kind === "ids"
              ? { ids: [...selection.ids.keys()] }
              : { filter, exclude_ids: [...selection.excluded] },
          )
        }
        sarifAvailable={sarifAvailable}
        isPending={triage.isPending}
      />
      {triage.summary ? <BulkSummary outcome={triage.summary} onDismiss={triage.dismissSummary} /> : null}
      {dialogStatus ? (
        <ReasonDialog
          isOpen
          onOpenChange={(open) => {
            if (!open) setDialogStatus(null);
          }}
          count={count}
          initialStatus={dialogStatus}
          onSubmit={async (status, reason, options) => {
            const answer = reasonDialogAnswer(await triage.changeStatus({ selection, status, reason, ...options }));
            if (!answer) setSelection(emptySelection);
            return answer;
          }}
        />
      ) : null}
      <ToastRegion />
    </Stack>
  );
}

const meta = {
  title: "Patterns/Findings/BulkTriage",
  component: PatternFrame,
  args: { path: "/findings", children: <BulkTriageDemo /> },
  parameters: { visual: "page" },
  beforeEach: useStaticModeHandlers,
} satisfies Meta<typeof PatternFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Select all matching, mark them false positive with a reason, see every count change, then Undo. */
export const ChangeAndUndo: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const heading = await canvas.findByText(/^[\d.]+ active low findings$/, undefined, untilRouteLoads);
    const before = heading.textContent ?? "";
    const total = before.split(" ")[0] ?? "";
    const bar = canvas.getByRole("toolbar", { name: "Bulk actions" });
    await userEvent.click(within(bar).getByRole("button", { name: `Select all ${total} matching` }));
    await expect(within(bar).getByRole("status")).toHaveTextContent(`${total} selected across all pages`);
    const falsePositive = await pressDeferredTrigger(
      () => within(bar).getByRole("button", { name: "Change status" }),
      () => body.queryByRole("menuitem", { name: "False Positive" }),
    );
    await userEvent.click(falsePositive);
    const dialog = await body.findByRole("dialog", { name: `Change ${total} findings to False Positive` });
    await userEvent.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "Scanner misreads the banner");
    await userEvent.click(within(dialog).getByRole("button", { name: "Change status" }));
    const toast = await body.findByRole("alertdialog", { name: `Updated ${total} findings to False Positive` });
    // The index was refreshed: none of them is active any more.
    await waitFor(() => expect(heading).toHaveTextContent(/^0 active low findings$/));
    await userEvent.click(within(toast).getByRole("button", { name: "Undo" }));
    await body.findByRole("alertdialog", { name: `Restored ${total} findings` });
    await waitFor(() => expect(heading).toHaveTextContent(before));
    await expect(canvas.getByText(`Undo restored ${total} findings from False Positive.`)).toBeInTheDocument();
  },
};

/** SARIF over findings of other areas: the API answers 400 and its message shows in a toast. */
export const ExportRefused: Story = {
  // Offered here on purpose (the section offers SARIF only for source code), to show the refusal.
  args: { children: <BulkTriageDemo sarifAvailable /> },
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await canvas.findByText(/^[\d.]+ active low findings$/, undefined, untilRouteLoads);
    const bar = canvas.getByRole("toolbar", { name: "Bulk actions" });
    await userEvent.click(within(bar).getByRole("button", { name: "Export all matching" }));
    await userEvent.click(await body.findByRole("menuitem", { name: "SARIF (source code only)" }));
    const toast = await body.findByRole("alertdialog", { name: "Could not export SARIF" });
    await expect(toast).toHaveTextContent(/SARIF export covers source code findings only/);
  },
};
