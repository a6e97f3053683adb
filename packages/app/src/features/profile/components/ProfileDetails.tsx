import type { ApiError, User } from "@sentinel/api-client";
import { Button, Card, DescriptionList, ErrorState, formatDateTime, RoleBadge, Skeleton } from "@sentinel/ui";
import type { UseQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { EditProfileDialog } from "./EditProfileDialog.tsx";
import * as styles from "./profile.css.ts";
import { SecurityCard } from "./SecurityCard.tsx";

function Details({ user }: { user: User }) {
  const [isEditing, setEditing] = useState(false);
  const [saved, setSaved] = useState("");
  return (
    <>
      <Card
        title="Profile"
        actions={
          <Button variant="outline" size="small" onPress={() => setEditing(true)}>
            Edit profile
          </Button>
        }
      >
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
        <p role="status" className={styles.status}>
          {saved}
        </p>
        <EditProfileDialog
          user={user}
          isOpen={isEditing}
          onOpenChange={(isOpen) => {
            setEditing(isOpen);
            if (isOpen) setSaved("");
          }}
          onSaved={() => setSaved("Your profile has been saved.")}
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
      <SecurityCard user={user} />
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
