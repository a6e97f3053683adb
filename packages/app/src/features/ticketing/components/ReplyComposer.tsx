import { Button, FileDropZone, TextArea } from "@sentinel/ui";
import { Send } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { VisuallyHidden } from "react-aria-components";
import { useDraft } from "../../../lib/DraftsContext.tsx";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import { draftSignature, useSendKey } from "../../../lib/sendKey.ts";
import { usePostTicketMessage } from "../api/tickets.ts";
import { acceptedAttachmentTypes, maxAttachmentBytes, maxAttachmentCount } from "../attachments.ts";
import { parseReplyDraft, replyDraftId, restoredNotice } from "../drafts.ts";
import * as styles from "./thread.css.ts";

/** Words a failed send for the user; the draft stays in the form either way. */
function describeFailure(error: unknown): { message: string | null; attachments: string | null; form: string } {
  const mapped = mapApiErrors(error, ["message", "attachments"], "Your message wasn't sent");
  return {
    message: mapped.fields.message ?? null,
    attachments: mapped.fields.attachments ?? null,
    form: mapped.form ? `${mapped.form} Your draft is kept, so you can try again.` : "",
  };
}

/**
 * Reply box under the thread. Sending is guarded twice against double posts: the button is
 * pending, and a ref refuses a second submit that arrives before React re-renders (a fast
 * double Enter). A failed send keeps the text and files exactly as they were, and sending them
 * again reuses the send's Idempotency-Key: if the first answer was lost after the server stored
 * the reply, the retry gets that reply back instead of posting it twice.
 */
export function ReplyComposer({ ticketId }: { ticketId: number }) {
  const [message, setMessage] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [attachmentsError, setAttachmentsError] = useState<string | null>(null);
  const [formError, setFormError] = useState("");
  const [sentCount, setSentCount] = useState(0);
  const [restored, setRestored] = useState("");
  const inFlight = useRef(false);
  const sendKey = useSendKey();
  const post = usePostTicketMessage(ticketId);
  // Kept in the tab while it is written, so a forced sign-in (expired session) does not lose it.
  const draft = useDraft(replyDraftId(ticketId), parseReplyDraft, (saved) => {
    setMessage((current) => current || saved.fields.message);
    sendKey.restore(saved.sendKey);
    setRestored(restoredNotice("Your unsent reply", saved.fileNames));
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    if (!message.trim()) {
      setFieldError("Write a message before sending.");
      return;
    }
    inFlight.current = true;
    setFieldError(null);
    setAttachmentsError(null);
    setFormError("");
    try {
      const taken = sendKey.take(draftSignature({ message }, files));
      draft.save({ message }, files, taken, false);
      await post.send({ message, files, idempotencyKey: taken.key });
      sendKey.sent();
      draft.discard();
      setMessage("");
      setFiles([]);
      setRestored("");
      setSentCount((n) => n + 1);
    } catch (error) {
      const failure = describeFailure(error);
      setFieldError(failure.message);
      setAttachmentsError(failure.attachments);
      setFormError(failure.form);
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <form className={styles.composer} aria-label="Reply to this ticket" onSubmit={submit} noValidate>
      <TextArea
        label="Reply"
        value={message}
        onChange={(value) => {
          setMessage(value);
          draft.save({ message: value }, files, null, value === "" && files.length === 0);
          if (fieldError) setFieldError(null);
        }}
        rows={4}
        isRequired
        isInvalid={fieldError !== null}
        errorMessage={fieldError ?? undefined}
        isDisabled={post.isPending}
      />
      <FileDropZone
        label="Attachments"
        description="Screenshots, documents, logs or archives."
        files={files}
        onFilesChange={(next) => {
          setFiles(next);
          draft.save({ message }, next, null, message === "" && next.length === 0);
          setAttachmentsError(null);
        }}
        isInvalid={attachmentsError !== null}
        errorMessage={attachmentsError ?? undefined}
        acceptedFileTypes={acceptedAttachmentTypes}
        maxSizeBytes={maxAttachmentBytes}
        maxFiles={maxAttachmentCount}
        isDisabled={post.isPending}
      />
      {/* Always mounted, so a restored draft is announced. */}
      <p role="status" className={styles.restoredNote}>
        {restored}
      </p>
      <p role="alert" className={styles.formError}>
        {formError}
      </p>
      {/* Polite confirmation for screen readers; the new message also appears in the thread. */}
      <VisuallyHidden>
        <p role="status">{sentCount > 0 ? "Message sent." : ""}</p>
      </VisuallyHidden>
      <div className={styles.composerActions}>
        <Button type="submit" variant="solid" isPending={post.isPending}>
          <Send aria-hidden="true" />
          Send
        </Button>
      </div>
    </form>
  );
}
