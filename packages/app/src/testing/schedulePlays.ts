import { expect, userEvent, waitFor, within } from "storybook/test";
import { chooseSelectOption, untilRouteLoads } from "./play.ts";

/** Presses "Schedule scan" once it is enabled and returns the dialog it opens. */
async function openScheduleDialog(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const body = within(canvasElement.ownerDocument.body);
  const schedule = await canvas.findByRole("button", { name: "Schedule scan" }, untilRouteLoads);
  await waitFor(() => expect(schedule).toBeEnabled(), untilRouteLoads);
  await userEvent.click(schedule);
  return await body.findByRole("dialog", { name: /^Schedule a scan of/ }, untilRouteLoads);
}

/** A date far in the future (15 Jan 2099) keeps a play independent of the day it runs. */
async function chooseFarDay(dialog: HTMLElement) {
  await userEvent.click(within(dialog).getByRole("spinbutton", { name: /month/i }));
  await userEvent.keyboard("01152099");
}

/**
 * Books a continuous weekly schedule through the area's dialog (issue 29), then opens the dialog
 * again: it shows the booked scan.
 */
export async function scheduleScanPlay({ canvasElement }: { canvasElement: HTMLElement }) {
  const canvas = within(canvasElement);
  const body = within(canvasElement.ownerDocument.body);
  const dialog = await openScheduleDialog(canvasElement);
  expect(within(dialog).getByText(/No scan is booked yet\./)).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole("radio", { name: /Continuous Scan/ }));
  await chooseSelectOption(dialog, /Frequency/, "Weekly");
  await chooseFarDay(dialog);
  await userEvent.click(within(dialog).getByRole("button", { name: "Save schedule" }));
  await waitFor(() => expect(body.queryByRole("dialog", { name: /^Schedule a scan of/ })).not.toBeInTheDocument());
  const toast = await body.findByText("Scan scheduled", undefined, untilRouteLoads);
  await userEvent.click(
    within(toast.closest('[role="alertdialog"]') as HTMLElement).getByRole("button", { name: "Dismiss" }),
  );
  await waitFor(() => expect(body.queryByText("Scan scheduled")).not.toBeInTheDocument(), untilRouteLoads);

  await userEvent.click(canvas.getByRole("button", { name: "Schedule scan" }));
  const again = await body.findByRole("dialog", { name: /^Schedule a scan of/ }, untilRouteLoads);
  // Visible once the dialog has faded in (motion runs in the built Storybook).
  await waitFor(
    () => expect(within(again).getByText(/The next scan is booked for 15 Jan 2099/)).toBeVisible(),
    untilRouteLoads,
  );
  expect(within(again).getByRole("radio", { name: /Continuous Scan/ })).toBeChecked();
}

/** A schedule the server refuses keeps the dialog open, with the server's words under the field. */
export async function scheduleRefusedPlay({ canvasElement }: { canvasElement: HTMLElement }) {
  const dialog = await openScheduleDialog(canvasElement);
  await chooseFarDay(dialog);
  await userEvent.click(within(dialog).getByRole("button", { name: "Save schedule" }));
  const refusal = await within(dialog).findByText("Choose a time in the future.", undefined, untilRouteLoads);
  await waitFor(() => expect(refusal).toBeVisible(), untilRouteLoads);
  expect(within(dialog).getByRole("button", { name: "Save schedule" })).toBeEnabled();
}
