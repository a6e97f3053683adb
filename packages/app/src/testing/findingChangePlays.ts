import { within } from "storybook/test";
import { loadedRows, untilRouteLoads } from "./play.ts";

/** The scan's "since the previous scan" counts, by term (New, Unchanged, Reopened, Mitigated). */
export async function changeCounts(canvas: ReturnType<typeof within>): Promise<Record<string, string>> {
  const list = await canvas.findByLabelText("Findings since the previous scan", undefined, untilRouteLoads);
  const terms = within(list).getAllByRole("term");
  const values = within(list).getAllByRole("definition");
  return Object.fromEntries(terms.map((t, i) => [t.textContent ?? "", values[i]?.textContent ?? ""]));
}

/** How many of the findings grid's rows carry each Change badge. */
export async function rowChanges(findings: HTMLElement): Promise<Record<"New" | "Unchanged" | "Reopened", number>> {
  const counts = { New: 0, Unchanged: 0, Reopened: 0 };
  const changes = ["New", "Unchanged", "Reopened"] as const;
  for (const row of await loadedRows(findings)) {
    for (const change of changes) {
      if (within(row).queryByText(change)) counts[change] += 1;
    }
  }
  return counts;
}
