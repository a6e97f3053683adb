import type { User } from "@sentinel/api-client";
import { Button, Dialog, Inline, Modal, Stack, toastQueue } from "@sentinel/ui";
import { type ReactNode, useRef, useState } from "react";
import { apiErrorText } from "../../../lib/formErrors.ts";
import { useMemberLifecycle } from "../api/companies.ts";
import { type MemberAction, memberName } from "../members.ts";
import * as styles from "./companies.css.ts";

export interface MemberActionDialogProps {
  companyId: number;
  /** The action to confirm and the member it is for; kept while the modal closes. */
  request: { action: MemberAction; member: User } | null;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

interface Copy {
  title: string;
  body: ReactNode;
  confirm: string;
  /** Ending someone's sign-ins interrupts: an alertdialog with a critical button. */
  isDestructive: boolean;
  done: string;
  failed: string;
}

function copyFor(action: MemberAction, member: User): Copy {
  const name = memberName(member);
  switch (action) {
    case "deactivate":
      return {
        title: `Deactivate ${name}?`,
        body: (
          <>
            <p>They are signed out everywhere at once and cannot sign in until an admin reactivates them.</p>
            <p>Their findings history, tickets and audit entries stay as they are.</p>
          </>
        ),
        confirm: "Deactivate member",
        isDestructive: true,
        done: `${name} is deactivated`,
        failed: "The member could not be deactivated",
      };
    case "reactivate":
      return {
        title: `Reactivate ${name}?`,
        body: <p>They can sign in again with their password.</p>,
        confirm: "Reactivate member",
        isDestructive: false,
        done: `${name} is active again`,
        failed: "The member could not be reactivated",
      };
    case "resend-invitation":
      return {
        title: `Resend the invitation to ${name}?`,
        body: (
          <p>
            A new invitation goes to <span className={styles.text}>{member.email}</span>, valid for seven days. The
            earlier link stops working.
          </p>
        ),
        confirm: "Send invitation",
        isDestructive: false,
        done: `Invitation sent to ${member.email}`,
        failed: "The invitation could not be sent",
      };
    case "reset-2fa":
      return {
        title: `Reset two-factor authentication for ${name}?`,
        body: (
          <>
            <p>Their authenticator app stops working and they are signed out everywhere.</p>
            <p>At their next sign-in they set up a new authenticator.</p>
          </>
        ),
        confirm: "Reset 2FA",
        isDestructive: true,
        done: `${name} sets up 2FA again at their next sign-in`,
        failed: "Two-factor authentication could not be reset",
      };
  }
}

/**
 * Confirms one lifecycle action on a member (deactivate, reactivate, resend the invitation, reset
 * 2FA). A failure stays in the dialog with the API's reason; nothing changed, so the user may retry.
 */
export function MemberActionDialog({ companyId, request, isOpen, onOpenChange }: MemberActionDialogProps) {
  const copy = request ? copyFor(request.action, request.member) : null;
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={!copy?.isDestructive}>
      {request && copy ? (
        <Dialog title={copy.title} role={copy.isDestructive ? "alertdialog" : "dialog"}>
          <Confirm
            companyId={companyId}
            request={request}
            copy={copy}
            onCancel={() => onOpenChange(false)}
            onDone={() => onOpenChange(false)}
          />
        </Dialog>
      ) : null}
    </Modal>
  );
}

function Confirm({
  companyId,
  request,
  copy,
  onCancel,
  onDone,
}: {
  companyId: number;
  request: { action: MemberAction; member: User };
  copy: Copy;
  onCancel: () => void;
  onDone: () => void;
}) {
  const lifecycle = useMemberLifecycle(companyId);
  const [error, setError] = useState("");
  const inFlight = useRef(false);

  async function confirm() {
    if (inFlight.current) return;
    inFlight.current = true;
    setError("");
    try {
      await lifecycle.run(request.action, request.member.id);
      toastQueue.add({ title: copy.done, tone: "positive" }, { timeout: 5_000 });
      onDone();
    } catch (caught) {
      setError(`${copy.failed}. ${apiErrorText(caught) ?? "Try again."}`);
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <Stack space="large">
      <Stack space="small">{copy.body}</Stack>
      {error ? (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      ) : null}
      <Inline space="small" align="end">
        <Button variant="ghost" onPress={onCancel} autoFocus={copy.isDestructive}>
          Cancel
        </Button>
        <Button
          variant={copy.isDestructive ? "critical" : "solid"}
          onPress={() => void confirm()}
          isPending={lifecycle.isPending}
        >
          {copy.confirm}
        </Button>
      </Inline>
    </Stack>
  );
}
