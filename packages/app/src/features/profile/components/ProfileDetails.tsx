import type { ApiError, User } from "@sentinel/api-client";
import { Badge, Card, DescriptionList, ErrorState, formatDateTime, RoleBadge, Skeleton } from "@sentinel/ui";
import type { UseQueryResult } from "@tanstack/react-query";
import * as styles from "./profile.css.ts";

const twoFactor = {
  ACTIVE: { tone: "positive", label: "On" },
  SETUP: { tone: "caution", label: "Set-up pending" },
  INACTIVE: { tone: "neutral", label: "Off" },
} as const;

function Details({ user }: { user: User }) {
  const state = twoFactor[user.two_fa] ?? twoFactor.INACTIVE;
  return (
    <>
      <Card title="Profile">
        <DescriptionList
          items={[
            { term: "Name", description: `${user.first_name} ${user.last_name}`.trim() },
            { term: "Username", description: user.username },
            { term: "E-mail", description: user.email },
            { term: "Phone number", description: user.phone_number },
            { term: "Role", description: <RoleBadge role={user.role} /> },
            { term: "Last sign-in", description: user.last_login ? formatDateTime(user.last_login) : null },
            { term: "Member since", description: formatDateTime(user.created_at) },
          ]}
        />
      </Card>
      <Card title="Companies">
        {user.company.length > 0 ? (
          <ul className={styles.companies}>
            {user.company.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>No company of your own: staff work across every client company.</p>
        )}
      </Card>
      <Card title="Security">
        <DescriptionList
          items={[
            {
              term: "Two-factor authentication",
              description: <Badge tone={state.tone} label={state.label} />,
            },
          ]}
        />
      </Card>
    </>
  );
}

/** The profile from `/user/profile/`, with its loading and error states. */
export function ProfileDetails({ query }: { query: UseQueryResult<User, ApiError> }) {
  if (query.isPending) {
    return (
      <Card title="Profile">
        <Skeleton lines={6} />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title="Your profile could not be loaded"
        message={query.error.message}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
        headingLevel={2}
      />
    );
  }
  return (
    <div className={styles.column}>
      <Details user={query.data} />
    </div>
  );
}
