import { X } from "lucide-react";
import {
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
  Button,
  Text,
} from "react-aria-components";
import { Button as KitButton } from "../Button/Button.tsx";
import { iconButton } from "../IconButton/IconButton.css.ts";
import * as styles from "./Toast.css.ts";
import { type ToastQueue, toastQueue } from "./toastQueue.ts";

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
