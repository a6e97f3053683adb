import { Button, Dialog, Inline, Modal } from "@sentinel/ui";
import { useState } from "react";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import { useSignOutOtherSessions } from "../api/account.ts";
import * as styles from "./profile.css.ts";

export interface SignOutOthersDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  onDone?(message: string): void;
}

/** A confirmation: every other browser and device signed in to this account is signed out. */
export function SignOutOthersDialog({ isOpen, onOpenChange, onDone }: SignOutOthersDialogProps) {
  const signOut = useSignOutOtherSessions();
  const [error, setError] = useState("");

  async function confirm() {
    setError("");
    try {
      const result = await signOut.save();
      onDone?.(result.detail);
      onOpenChange(false);
    } catch (failure) {
      setError(mapApiErrors(failure, [], "Nothing was signed out").form ?? "Nothing was signed out. Try again.");
    }
  }

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) setError("");
        onOpenChange(open);
      }}
      isDismissable
    >
      <Dialog title="Sign out other sessions?" role="alertdialog">
        <div className={styles.form}>
          <p className={styles.muted}>
            Every other browser and device signed in to your account is signed out and must sign in again. This session
            stays signed in.
          </p>
          <p role="alert" className={styles.formError}>
            {error}
          </p>
          <Inline space="small" align="end">
            <Button variant="ghost" onPress={() => onOpenChange(false)} isDisabled={signOut.isPending}>
              Cancel
            </Button>
            <Button variant="critical" onPress={() => void confirm()} isPending={signOut.isPending}>
              Sign out other sessions
            </Button>
          </Inline>
        </div>
      </Dialog>
    </Modal>
  );
}
