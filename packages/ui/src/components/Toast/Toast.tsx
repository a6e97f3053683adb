import { X } from "lucide-react";
import {
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastQueue as AriaToastQueue,
  UNSTABLE_ToastRegion as AriaToastRegion,
  Button,
  Text,
} from "react-aria-components";
import { iconButton } from "../IconButton/IconButton.css.ts";
import type { RecipeVariant } from "../shared/recipeVariant.ts";
import * as styles from "./Toast.css.ts";

export interface ToastContent {
  title: string;
  description?: string;
  /** @default "neutral" */
  tone?: RecipeVariant<typeof styles.toast, "tone">;
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
          <Button slot="close" aria-label="Dismiss" className={iconButton({ size: "small" })}>
            <X size={16} aria-hidden="true" />
          </Button>
        </AriaToast>
      )}
    </AriaToastRegion>
  );
}
