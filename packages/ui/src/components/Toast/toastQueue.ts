// The toast queue, a module of its own: a screen that adds toasts loads this, not the region's
// react-aria code (the app renders its ToastRegion after the first paint).
import { UNSTABLE_ToastQueue as AriaToastQueue } from "react-aria-components";
import type { RecipeVariant } from "../shared/recipeVariant.ts";
import type * as styles from "./Toast.css.ts";

/** One action a toast offers, such as Undo. */
export interface ToastAction {
  /** The button's text, a verb ("Undo", "Retry"). */
  label: string;
  /** Runs when the button is pressed; the toast then closes. */
  onAction: () => void;
}

export interface ToastContent {
  /** What happened, in a few words; the toast's accessible name. */
  title: string;
  /** Detail under the title. */
  description?: string;
  /** @default "neutral" */
  tone?: RecipeVariant<typeof styles.toast, "tone">;
  /**
   * A button in the toast (for example Undo after a change). Give such a toast a timeout long enough
   * to reach it by keyboard (at least 10 s); the timer pauses while the toast is hovered or focused.
   */
  action?: ToastAction;
}

export type ToastQueue = AriaToastQueue<ToastContent>;

/** Creates a queue; the app keeps one and renders one `ToastRegion` for it. */
export function createToastQueue(): ToastQueue {
  return new AriaToastQueue<ToastContent>({ maxVisibleToasts: 5 });
}

/** The app-wide queue. `toastQueue.add({ title }, { timeout: 5000 })` shows a toast. */
export const toastQueue = createToastQueue();
