import { isUsableId, type Ticket } from "@sentinel/api-client";
import {
  Card,
  DescriptionList,
  EmptyState,
  ErrorState,
  formatBalance,
  formatDateTime,
  formatMoney,
  Heading,
  Inline,
  Link,
  Skeleton,
  Stack,
  StatusBadge,
} from "@sentinel/ui";
import { useParams } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { isStaff } from "../../../lib/roles.ts";
import { useRole } from "../../../lib/sessionQueries.ts";
import { useTicket } from "../api/tickets.ts";
import * as styles from "../components/detail.css.ts";
import { FirstResponseDue } from "../components/FirstResponseDue.tsx";
import { ReplyComposer } from "../components/ReplyComposer.tsx";
import { Thread } from "../components/Thread.tsx";
import { AssigneeSelect, RatingForm, ratingText, TicketStatusActions } from "../components/TicketLifecycle.tsx";
import * as threadStyles from "../components/thread.css.ts";
import { formatLifetime, personName, ticketCategoryLabels } from "../ticketText.ts";

function DetailsPanel({ ticket, staff }: { ticket: Ticket; staff: boolean }) {
  const isTopup = ticket.topup_amount !== null || ticket.invoice_code !== null;
  return (
    <Stack as="aside" space="large" aria-label="Ticket details">
      <Card title="Details">
        <DescriptionList
          items={[
            { term: "Ticket ID", description: ticket.ticket_id },
            { term: "Category", description: ticket.category_display || ticketCategoryLabels[ticket.category] },
            { term: "Status", description: <StatusBadge kind="ticket" status={ticket.status} /> },
            { term: "Requestor", description: personName(ticket.requestor) },
            { term: "Company", description: ticket.company?.name ?? "No company" },
            { term: "Created", description: formatDateTime(ticket.created_at) },
            { term: "Lifetime", description: formatLifetime(ticket.lifetime) ?? "—" },
            { term: "First response due", description: <FirstResponseDue ticket={ticket} /> },
            { term: "Closed", description: ticket.closed_at ? formatDateTime(ticket.closed_at) : "Not closed" },
            ...(staff ? [] : [{ term: "Assigned to", description: personName(ticket.assignee, "Nobody yet") }]),
            ...(ticket.status === "CLOSED" ? [{ term: "Rating", description: ratingText(ticket) }] : []),
            ...(ticket.rating_comment ? [{ term: "Rating comment", description: ticket.rating_comment }] : []),
          ]}
        />
      </Card>
      {staff ? (
        <Card title="Handling">
          <AssigneeSelect ticket={ticket} />
        </Card>
      ) : null}
      {isTopup ? (
        <Card title="Top-up request">
          <DescriptionList
            items={[
              { term: "Credits requested", description: formatBalance(ticket.topup_amount) },
              { term: "Price", description: ticket.topup_price === null ? "—" : formatMoney(ticket.topup_price) },
              { term: "Invoice", description: ticket.invoice_code ?? "Not issued yet" },
            ]}
          />
        </Card>
      ) : null}
    </Stack>
  );
}

function DetailSkeleton() {
  return (
    <div className={styles.layout} aria-busy="true">
      <Stack space="large">
        <Skeleton variant="block" height="8rem" />
        <Skeleton variant="block" height="8rem" />
      </Stack>
      <Stack space="large">
        <Skeleton variant="block" height="16rem" />
      </Stack>
    </div>
  );
}

export function TicketDetailScreen() {
  const params = useParams();
  const id = Number(params.id);
  const query = useTicket(id);
  const session = useRole();
  const staff = isStaff(session.user?.role);
  const ticket = query.data;
  const title = ticket ? ticket.name : `Ticket #${params.id ?? ""}`;
  usePageMeta({
    title: "Ticket Detail",
    breadcrumbs: [
      { label: "Ticket", href: paths.ticketing.getHref() },
      { label: ticket?.ticket_id ?? `#${params.id ?? ""}` },
    ],
  });

  if (!isUsableId(id) || (query.isError && query.error.status === 404)) {
    return (
      <Page title="Ticket not found">
        <EmptyState
          headingLevel={2}
          title="This ticket doesn't exist or isn't yours to see"
          description="Check the link, or find the ticket in the list."
          action={<Link href={paths.ticketing.getHref()}>Back to tickets</Link>}
        />
      </Page>
    );
  }

  return (
    <Page
      title={title}
      description={ticket ? `${ticket.ticket_id} · opened by ${personName(ticket.requestor)}` : undefined}
      actions={
        ticket ? (
          <Inline space="medium" alignY="center">
            <StatusBadge kind="ticket" status={ticket.status} size="medium" />
            <TicketStatusActions ticket={ticket} isStaff={staff} />
          </Inline>
        ) : undefined
      }
    >
      {query.isPending ? (
        <DetailSkeleton />
      ) : query.isError ? (
        <ErrorState headingLevel={2} message="We couldn't load this ticket." onRetry={() => void query.refetch()} />
      ) : ticket ? (
        <div className={styles.layout}>
          <Stack as="section" space="large" aria-labelledby="ticket-conversation">
            <Heading level={2} id="ticket-conversation">
              Conversation
            </Heading>
            <Thread ticket={ticket} currentUserId={session.user?.id} />
            {ticket.status === "CLOSED" ? (
              <>
                <p className={threadStyles.notice}>
                  {staff
                    ? "This ticket is closed. Reopen it as processing to reply."
                    : "This ticket is closed. Reopen it to continue the conversation."}
                </p>
                {staff ? null : <RatingForm key={`${ticket.id}-${ticket.closed_at ?? ""}`} ticket={ticket} />}
              </>
            ) : (
              <ReplyComposer ticketId={ticket.id} />
            )}
          </Stack>
          <DetailsPanel ticket={ticket} staff={staff} />
        </div>
      ) : null}
    </Page>
  );
}
