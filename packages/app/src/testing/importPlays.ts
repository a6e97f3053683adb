import { expect, userEvent, waitFor, within } from "storybook/test";
import { untilRouteLoads } from "./play.ts";

/** Presses "Import report" once it is enabled and returns the dialog it opens. */
export async function openImportDialog(canvasElement: HTMLElement): Promise<HTMLElement> {
  const canvas = within(canvasElement);
  const open = await canvas.findByRole("button", { name: "Import report" }, untilRouteLoads);
  await waitFor(() => expect(open).toBeEnabled(), untilRouteLoads);
  await userEvent.click(open);
  return await within(canvasElement.ownerDocument.body).findByRole(
    "dialog",
    { name: "Import a report" },
    untilRouteLoads,
  );
}

/** Chooses `file` in the import dialog and presses its "Import report". */
export async function uploadReport(dialog: HTMLElement, file: File): Promise<void> {
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error("The report's file input is missing");
  await userEvent.upload(input, file);
  await userEvent.click(within(dialog).getByRole("button", { name: "Import report" }));
}

/**
 * A play for a report the server refuses (the story mocks the refusal): its reason shows at the
 * field once the dialog has faded in, and the file stays chosen.
 */
export function importRefusedPlay(file: File, refusal: RegExp) {
  return async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const dialog = await openImportDialog(canvasElement);
    await uploadReport(dialog, file);
    const reason = await within(dialog).findByText(refusal, undefined, untilRouteLoads);
    await waitFor(() => expect(reason).toBeVisible(), untilRouteLoads);
    expect(within(dialog).getByText(file.name)).toBeInTheDocument();
  };
}
