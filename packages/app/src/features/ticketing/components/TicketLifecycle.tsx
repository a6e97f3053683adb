import type { Ticket, TicketStatus } from "@sentinel/api-client";
import { Button, Card, Inline, Radio, RadioGroup, Select, Stack, TextArea } from "@sentinel/ui";
import { type FormEvent, useId, useState } from "react";
import { mapApiErrors } from "../../../lib/formErrors.ts";
import { useAnalysts, useAssignTicket, useRateTicket, useUpdateTicketStatus } from "../api/tickets.ts";
import { personName } from "../ticketText.ts";
import * as styles from "./thread.css.ts";

interface StatusAction {
  status: TicketStatus;
  label: string;
}

/**
 * What the viewer can do with the ticket's status now. Staff take a ticket up (which also reopens a
 * closed one) and close it; a client closes their ticket and reopens it as unread, so it waits for
 * staff again. The server refuses anything else; the screen only offers what it would accept.
 */
export function statusActions(status: TicketStatus, isStaff: boolean): StatusAction[] {
  if (isStaff) {
    return [
      ...(status !== "PROCESSING"
        ? [
            {
              status: "PROCESSING" as const,
              label: status === "CLOSED" ? "Reopen as processing" : "Mark as processing",
            },
          ]
        : []),
      ...(status !== "CLOSED" ? [{ status: "CLOSED" as const, label: "Close ticket" }] : []),
    ];
  }
  return status === "CLOSED"
    ? [{ status: "UNREAD", label: "Reopen ticket" }]
    : [{ status: "CLOSED", label: "Close ticket" }];
}

/**
 * The status buttons beside the ticket's title. Closing is not confirmed: it is undone by reopening,
 * and the thread stays as it was. A refused change says why and changes nothing.
 */
export function TicketStatusActions({ ticket, isStaff }: { ticket: Ticket; isStaff: boolean }) {
  const update = useUpdateTicketStatus(ticket.id);
  const [error, setError] = useState("");
  const [pressed, setPressed] = useState<TicketStatus | null>(null);

  async function change(status: TicketStatus) {
    setError("");
    setPressed(status);
    try {
      await update.setStatus(status);
    } catch (failure) {
      setError(mapApiErrors(failure, [], "The status wasn't changed").form ?? "");
    } finally {
      setPressed(null);
    }
  }

  return (
    <Stack space="small">
      <Inline space="small" align="end">
        {statusActions(ticket.status, isStaff).map((action) => (
          <Button
            key={action.status}
            variant={action.status === "CLOSED" ? "outline" : "solid"}
            isPending={pressed === action.status}
            isDisabled={update.isPending && pressed !== action.status}
            onPress={() => void change(action.status)}
          >
            {action.label}
          </Button>
        ))}
      </Inline>
      <p role="alert" className={styles.formError}>
        {error}
      </p>
    </Stack>
  );
}

const NOBODY = "nobody";

/** Staff pick who has the ticket. The choice is sent as soon as it is made; a refusal puts it back. */
export function AssigneeSelect({ ticket }: { ticket: Ticket }) {
  const analysts = useAnalysts(true);
  const assign = useAssignTicket(ticket.id);
  const [error, setError] = useState("");
  const current = ticket.assignee;
  const options = [
    { id: NOBODY, label: "Nobody" },
    ...(analysts.data ?? []).map((u) => ({ id: u.id, label: `${u.first_name} ${u.last_name}`.trim() || u.email })),
    // The current assignee stays choosable even when the list does not name them (a super admin).
    ...(current && !(analysts.data ?? []).some((u) => u.id === current.id)
      ? [{ id: current.id, label: personName(current) }]
      : []),
  ];

  async function choose(key: string | number | null) {
    const assignee = key === NOBODY || key === null ? null : Number(key);
    if (assignee === (current?.id ?? null)) return;
    setError("");
    try {
      await assign.assign(assignee);
    } catch (failure) {
      setError(mapApiErrors(failure, [], "The ticket wasn't assigned").form ?? "");
    }
  }

  return (
    <Stack space="small">
      <Select
        label="Assigned to"
        items={options}
        value={current?.id ?? NOBODY}
        onChange={(key) => void choose(key)}
        isDisabled={assign.isPending || analysts.isPending}
        description={
          analysts.isError ? "We couldn't load the staff list; only the current assignee is shown." : undefined
        }
      />
      <p role="alert" className={styles.formError}>
        {error}
      </p>
    </Stack>
  );
}

const RATING_LABELS: Record<number, string> = {
  1: "1 – Poor",
  2: "2 – Fair",
  3: "3 – Good",
  4: "4 – Very good",
  5: "5 – Excellent",
};

/** How the rating reads in the details: "4 / 5", or that there is none yet. */
export function ratingText(ticket: Pick<Ticket, "rating">): string {
  return ticket.rating === null ? "Not rated yet" : `${ticket.rating} / 5`;
}

/**
 * A client rates a closed ticket, with an optional comment. Rating again replaces the rating. A
 * failed send keeps the choice and the comment.
 */
export function RatingForm({ ticket }: { ticket: Ticket }) {
  const rate = useRateTicket(ticket.id);
  const [rating, setRating] = useState<string>(ticket.rating === null ? "" : String(ticket.rating));
  const [comment, setComment] = useState(ticket.rating_comment ?? "");
  const [ratingError, setRatingError] = useState<string | null>(null);
  const [commentError, setCommentError] = useState<string | null>(null);
  const [formError, setFormError] = useState("");
  const [saved, setSaved] = useState("");
  const headingId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!rating) {
      setRatingError("Choose a rating from 1 to 5.");
      return;
    }
    setRatingError(null);
    setCommentError(null);
    setFormError("");
    setSaved("");
    try {
      const answer = await rate.rate(Number(rating), comment);
      setComment(answer.rating_comment ?? "");
      setSaved("Thank you: your rating is saved.");
    } catch (failure) {
      const mapped = mapApiErrors(failure, ["rating", "comment"], "Your rating wasn't saved");
      setRatingError(mapped.fields.rating ?? null);
      setCommentError(mapped.fields.comment ?? null);
      setFormError(mapped.form ?? "");
    }
  }

  return (
    <Card title={ticket.rating === null ? "Rate this ticket" : "Your rating"}>
      <form className={styles.composer} aria-labelledby={headingId} onSubmit={submit} noValidate>
        <p id={headingId} className={styles.notice}>
          {ticket.rating === null
            ? "How did we handle this ticket? Your rating helps the support team."
            : `You rated this ticket ${ratingText(ticket)}. You can change your rating.`}
        </p>
        <RadioGroup
          label="Rating"
          orientation="horizontal"
          value={rating}
          onChange={(value) => {
            setRating(value);
            setRatingError(null);
          }}
          isRequired
          isInvalid={ratingError !== null}
          errorMessage={ratingError ?? undefined}
          isDisabled={rate.isPending}
        >
          {[1, 2, 3, 4, 5].map((n) => (
            <Radio key={n} value={String(n)}>
              {RATING_LABELS[n]}
            </Radio>
          ))}
        </RadioGroup>
        <TextArea
          label="Comment (optional)"
          value={comment}
          onChange={(value) => {
            setComment(value);
            setCommentError(null);
          }}
          rows={3}
          maxLength={1000}
          isInvalid={commentError !== null}
          errorMessage={commentError ?? undefined}
          isDisabled={rate.isPending}
        />
        <p role="alert" className={styles.formError}>
          {formError}
        </p>
        <p role="status" className={styles.restoredNote}>
          {saved}
        </p>
        <div className={styles.composerActions}>
          <Button type="submit" variant="solid" isPending={rate.isPending}>
            {ticket.rating === null ? "Send rating" : "Update rating"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
