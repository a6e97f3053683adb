import { X } from "lucide-react";
import {
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastQueue as AriaToastQueue,
  UNSTABLE_ToastRegion as AriaToastRegion,
  Button,
  Text,
} from "react-aria-components";
import { Button as KitButton } from "../Button/Button.tsx";
import { iconButton } from "../IconButton/IconButton.css.ts";
import type { RecipeVariant } from "../shared/recipeVariant.ts";
import * as styles from "./Toast.css.ts";

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

export interface ToastRegionProps {
  /** @default toastQueue */
  queue?: ToastQueue;
}

/** Where toasts appear: bottom right, above modals, 25rem wide, announced politely. */
export function ToastRegion({ queue = toastQueue }: ToastRegionProps) {
  return (
    <AriaToastRegion queue={queue} className={styles.region}>
      {({ toast }) => (
        <AriaToast toast={toast} className={styles.toast({ tone: toast.content.tone ?? "neutral" })}>
          <AriaToastContent className={styles.content}>
            <Text slot="title" className={styles.title}>
              {toast.content.title}
            </Text>
            {toast.content.description ? (
              <Text slot="description" className={styles.description}>
                {toast.content.description}
              </Text>
            ) : null}
          </AriaToastContent>
          {toast.content.action ? (
            <KitButton
              variant="outline"
              size="small"
              className={styles.action}
              onPress={() => {
                toast.content.action?.onAction();
                queue.close(toast.key);
              }}
            >
              {toast.content.action.label}
            </KitButton>
          ) : null}
          <Button slot="close" aria-label="Dismiss" className={iconButton({ size: "small" })}>
            <X size={16} aria-hidden="true" />
          </Button>
        </AriaToast>
      )}
    </AriaToastRegion>
  );
}
