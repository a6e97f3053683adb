import type { Ticket, TicketCategory } from "@sentinel/api-client";
import {
  Button,
  Dialog,
  FileDropZone,
  formatMoney,
  NumberField,
  Radio,
  RadioGroup,
  Select,
  TextArea,
  TextField,
} from "@sentinel/ui";
import { type FormEvent, useRef, useState } from "react";
import type { NewTicketPrefill } from "../../../config/paths.ts";
import { creditPricePerUnit } from "../../../lib/credits.ts";
import { useDraft } from "../../../lib/DraftsContext.tsx";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import { draftSignature, useSendKey } from "../../../lib/sendKey.ts";
import { useCreateTicket } from "../api/tickets.ts";
import { acceptedAttachmentTypes, maxAttachmentBytes, maxAttachmentCount } from "../attachments.ts";
import { type NewTicketDraft, newTicketDraftId, parseNewTicketDraft, restoredNotice } from "../drafts.ts";
import { ticketCategoryLabels } from "../ticketText.ts";
import type { CreateTicketDialogProps, TicketKind as Kind } from "./CreateTicketDialog.tsx";
import * as styles from "./thread.css.ts";

const categoryOptions = (Object.keys(ticketCategoryLabels) as TicketCategory[]).map((id) => ({
  id,
  label: ticketCategoryLabels[id],
}));

interface Draft {
  kind: Kind;
  name: string;
  category: TicketCategory | null;
  description: string;
  topupAmount: number;
  files: File[];
}

const emptyDraft: Draft = {
  kind: "support",
  name: "",
  category: null,
  description: "",
  topupAmount: Number.NaN,
  files: [],
};

/** The inputs each kind of request shows, by the API's field names: where a server field error can go. */
const shownFields = {
  support: ["name", "category", "description", "attachments"],
  topup: ["name", "topup_amount", "description", "attachments"],
} as const;
type Errors = Partial<Record<(typeof shownFields)[Kind][number] | "form", string>>;

const topupSubject = "Top-up credit request";

/** Nothing the user wrote: no draft worth keeping (the top-up subject fills itself in). */
function isBlank(draft: Draft): boolean {
  return (
    !draft.description.trim() &&
    draft.files.length === 0 &&
    !(draft.topupAmount > 0) &&
    draft.category === null &&
    (!draft.name.trim() || draft.name === topupSubject)
  );
}

const toSaved = ({ files: _, topupAmount, ...rest }: Draft): NewTicketDraft => ({
  ...rest,
  topupAmount: Number.isFinite(topupAmount) ? topupAmount : null,
});

function validate(draft: Draft): Errors {
  const errors: Errors = {};
  if (!draft.name.trim()) errors.name = "Enter a subject.";
  if (draft.kind === "support" && !draft.category) errors.category = "Choose a category.";
  if (draft.kind === "topup" && !(draft.topupAmount > 0)) errors.topup_amount = "Enter how many credits you need.";
  if (!draft.description.trim()) errors.description = "Describe what you need.";
  return errors;
}

/**
 * The dialog itself, loaded on demand by CreateTicketDialog.tsx. The form starts empty on each
 * opening, unless the page went away while a ticket was being written (see drafts.ts).
 */
export function CreateTicketDialogBody({
  isOpen,
  onOpenChange,
  onCreated,
  initialKind = "support",
  prefill,
}: CreateTicketDialogProps) {
  return (
    <Dialog title="New ticket">
      {isOpen ? (
        <CreateTicketForm
          initialKind={initialKind}
          prefill={prefill}
          onCancel={() => onOpenChange(false)}
          onCreated={(ticket) => {
            onOpenChange(false);
            onCreated(ticket);
          }}
        />
      ) : null}
    </Dialog>
  );
}

function CreateTicketForm({
  initialKind,
  prefill,
  onCancel,
  onCreated,
}: {
  initialKind: Kind;
  prefill: NewTicketPrefill | undefined;
  onCancel: () => void;
  onCreated: (ticket: Ticket) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() =>
    prefill
      ? {
          ...emptyDraft,
          kind: "support",
          name: prefill.subject,
          category: prefill.category,
          description: prefill.description,
        }
      : { ...emptyDraft, kind: initialKind },
  );
  const [errors, setErrors] = useState<Errors>({});
  const [restored, setRestored] = useState("");
  const inFlight = useRef(false);
  const sendKey = useSendKey();
  const create = useCreateTicket();
  // The latest draft, for change handlers that save it as they go.
  const latest = useRef(draft);
  latest.current = draft;
  // Kept in the tab while it is written, so a forced sign-in (expired session) does not lose it.
  const saved = useDraft(newTicketDraftId, parseNewTicketDraft, (found) => {
    if (!isBlank(latest.current)) return;
    const { topupAmount, ...fields } = found.fields;
    const next = { ...latest.current, ...fields, topupAmount: topupAmount ?? Number.NaN };
    latest.current = next;
    setDraft(next);
    sendKey.restore(found.sendKey);
    setRestored(restoredNotice("Your unsent ticket", found.fileNames));
  });
  const update = (change: Partial<Draft>) => {
    const next = { ...latest.current, ...change };
    latest.current = next;
    setDraft(next);
    saved.save(toSaved(next), next.files, null, isBlank(next));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    inFlight.current = true;
    const fields = {
      name: draft.name.trim(),
      category: draft.kind === "topup" ? ("PAYMENT" as const) : (draft.category ?? "OTHER"),
      description: draft.description,
      ...(draft.kind === "topup" ? { topup_amount: draft.topupAmount } : {}),
    };
    try {
      // A retry of the same draft reuses its key, so a ticket stored before its answer was lost is not opened twice.
      const taken = sendKey.take(draftSignature(fields, draft.files));
      saved.save(toSaved(draft), draft.files, taken, false);
      const ticket = await create.create({ ...fields, files: draft.files, idempotencyKey: taken.key });
      sendKey.sent();
      saved.discard();
      onCreated(ticket);
    } catch (error) {
      const mapped = mapApiErrors(error, shownFields[draft.kind], "The ticket wasn't created");
      setErrors({ ...mapped.fields, form: mapped.form });
    } finally {
      inFlight.current = false;
    }
  }

  const price = draft.topupAmount > 0 ? draft.topupAmount * creditPricePerUnit : 0;
  return (
    <form className={styles.composer} onSubmit={submit} noValidate aria-label="New ticket">
      <RadioGroup
        label="Request type"
        value={draft.kind}
        onChange={(value) => {
          const kind = value === "topup" ? "topup" : "support";
          update({ kind, ...(kind === "topup" && !draft.name.trim() ? { name: topupSubject } : {}) });
        }}
        orientation="horizontal"
      >
        <Radio value="support">Support request</Radio>
        <Radio value="topup">Top-up credit request</Radio>
      </RadioGroup>
      <TextField
        label="Subject"
        value={draft.name}
        onChange={(name) => update({ name })}
        isRequired
        isInvalid={Boolean(errors.name)}
        errorMessage={errors.name}
      />
      {draft.kind === "support" ? (
        <Select
          label="Category"
          items={categoryOptions}
          value={draft.category}
          onChange={(key) => update({ category: key === null ? null : (String(key) as TicketCategory) })}
          isRequired
          isInvalid={Boolean(errors.category)}
          errorMessage={errors.category}
        />
      ) : (
        <NumberField
          label="Credits requested"
          description={`Price: ${formatMoney(price)} (${formatMoney(creditPricePerUnit)} per credit)`}
          value={draft.topupAmount}
          onChange={(topupAmount) => update({ topupAmount })}
          minValue={1}
          step={1}
          isRequired
          isInvalid={Boolean(errors.topup_amount)}
          errorMessage={errors.topup_amount}
        />
      )}
      <TextArea
        label="Description"
        value={draft.description}
        onChange={(description) => update({ description })}
        rows={5}
        isRequired
        isInvalid={Boolean(errors.description)}
        errorMessage={errors.description}
      />
      <FileDropZone
        label="Attachments"
        files={draft.files}
        onFilesChange={(files) => {
          update({ files });
          setErrors(({ attachments: _, ...rest }) => rest);
        }}
        isInvalid={Boolean(errors.attachments)}
        errorMessage={errors.attachments}
        acceptedFileTypes={acceptedAttachmentTypes}
        maxSizeBytes={maxAttachmentBytes}
        maxFiles={maxAttachmentCount}
      />
      {/* Always mounted, so a restored draft is announced. */}
      <p role="status" className={styles.restoredNote}>
        {restored}
      </p>
      <p role="alert" className={styles.formError}>
        {errors.form ?? ""}
      </p>
      <div className={styles.composerActions}>
        <Button variant="ghost" onPress={onCancel} isDisabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="solid" isPending={create.isPending}>
          {draft.kind === "topup" ? "Send top-up request" : "Create ticket"}
        </Button>
      </div>
    </form>
  );
}
