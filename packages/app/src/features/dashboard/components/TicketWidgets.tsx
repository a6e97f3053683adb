import type { LatestTicket } from "@sentinel/api-client";
import {
  Card,
  EmptyState,
  ErrorState,
  formatBalance,
  formatDateTime,
  formatNumber,
  Heading,
  Inline,
  Link,
  Skeleton,
  Stack,
  StatCard,
  StatusBadge,
  UntrustedText,
} from "@sentinel/ui";
import { paths } from "../../../config/paths.ts";
import { useLatestTickets, useTicketOverview } from "../api/dashboard.ts";
import type { DashboardWidget } from "../widgets.ts";
import * as styles from "./dashboard.css.ts";
import { Tiles } from "./Tiles.tsx";

const categoryLabels: Record<LatestTicket["category"], string> = {
  BUG: "Bug",
  PAYMENT: "Payment",
  REFUND: "Refund",
  FEATURE: "Feature Request",
  ACCOUNT: "Account",
  OTHER: "Other",
};

function TicketOverview() {
  const query = useTicketOverview();
  const data = query.data;
  if (query.isError) {
    return <ErrorState message="We couldn't load the ticket overview." onRetry={() => void query.refetch()} />;
  }
  const cards = [
    { label: "Unread", value: data?.unread_count },
    { label: "Processing", value: data?.processing_count },
    { label: "Closed", value: data?.closed_count },
    { label: "Total", value: data?.total_count },
  ];
  return (
    <Tiles>
      {cards.map((card) => (
        <StatCard
          key={card.label}
          label={card.label}
          value={card.value === undefined ? undefined : formatBalance(card.value)}
          isLoading={query.isPending}
        />
      ))}
      <StatCard
        label="Average rating"
        value={
          data
            ? data.average_rating === null
              ? "No ratings yet"
              : `${formatNumber(data.average_rating, 1)} / 5`
            : undefined
        }
        isLoading={query.isPending}
      />
    </Tiles>
  );
}

function LatestTickets() {
  const query = useLatestTickets();
  return (
    <Card title="Latest tickets" headingLevel={3} actions={<Link href={paths.ticketing.getHref()}>All tickets</Link>}>
      {query.isPending ? (
        <Skeleton variant="block" height="12rem" />
      ) : query.isError ? (
        <ErrorState
          headingLevel={4}
          message="We couldn't load the latest tickets."
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <EmptyState headingLevel={4} title="No tickets yet" description="New support requests will show up here." />
      ) : (
        <ul className={styles.list} aria-label="Latest tickets">
          {query.data.map((ticket) => (
            <li key={ticket.id} className={styles.listItem}>
              <Inline space="xsmall" alignY="center">
                <Link href={paths.ticket_detail.getHref({ id: ticket.id })}>
                  <UntrustedText>{ticket.name}</UntrustedText>
                </Link>
                <StatusBadge kind="ticket" status={ticket.status} />
              </Inline>
              <div className={styles.meta}>
                <span>{categoryLabels[ticket.category] ?? ticket.category}</span>
                <span>{ticket.requestor?.fullname || ticket.requestor?.email || "Unknown user"}</span>
                <time dateTime={ticket.created_at}>{formatDateTime(ticket.created_at)}</time>
              </div>
              <p className={styles.excerpt}>
                {ticket.latest_message ? `Latest: ${ticket.latest_message}` : "No replies yet."}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function TicketWidgets({ widgets }: { widgets: ReadonlySet<DashboardWidget> }) {
  if (!widgets.has("ticketOverview") && !widgets.has("latestTickets")) return null;
  return (
    <Stack as="section" space="medium" aria-labelledby="dashboard-tickets">
      <Inline space="small" align="spaceBetween" alignY="baseline">
        <Heading level={2} id="dashboard-tickets">
          Tickets
        </Heading>
      </Inline>
      {widgets.has("ticketOverview") ? <TicketOverview /> : null}
      {widgets.has("latestTickets") ? <LatestTickets /> : null}
    </Stack>
  );
}
