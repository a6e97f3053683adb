import { findingStatuses, findingStatusLabels } from "../labels.ts";

// Apart from triageKeys.ts: only the help overlay, which loads lazily, lists them, so the grid's
// routes do not carry them.

export interface TriageShortcut {
  /** The keys, each as the user presses it ("j", "Enter"). */
  keys: readonly string[];
  description: string;
}

/** Issue 17's shortcuts, as the help overlay lists them; status numbers follow `findingStatuses`. */
export const triageShortcuts: readonly TriageShortcut[] = [
  { keys: ["j", "↓"], description: "Next finding" },
  { keys: ["k", "↑"], description: "Previous finding" },
  { keys: ["x", "Space"], description: "Select or unselect the finding" },
  { keys: ["Enter", "o"], description: "Open the finding" },
  ...findingStatuses.map((status, i) => ({
    keys: [String(i + 1)],
    description: `Set status to ${findingStatusLabels[status]}`,
  })),
  { keys: ["u"], description: "Undo the last change" },
  { keys: ["/"], description: "Search" },
  { keys: ["?"], description: "Show these shortcuts" },
];
