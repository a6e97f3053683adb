import { isUsableId, type User } from "@sentinel/api-client";
import {
  Badge,
  Button,
  DescriptionList,
  Drawer,
  ErrorState,
  formatDateTime,
  Heading,
  Inline,
  RoleBadge,
  Skeleton,
  Stack,
  UntrustedText,
} from "@sentinel/ui";
import { createPagedTableColumnHelper } from "@sentinel/ui/table";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useRole } from "../../../lib/sessionQueries.ts";
import { useListParams } from "../../../lib/useListParams.ts";
import { QueryPagedTable } from "../../../shared/patterns/QueryPagedTable.tsx";
import { useMember, useMembers } from "../api/companies.ts";
import {
  type MemberAction,
  memberActionLabels,
  memberActions,
  memberName,
  memberStatus,
  twoFactorLabels,
} from "../members.ts";
import * as styles from "./companies.css.ts";
import { MemberActionDialog, MemberFormDialog } from "./overlays.tsx";

const helper = createPagedTableColumnHelper<User>();
const columns = helper.columns([
  helper.display({
    id: "name",
    header: "Name",
    meta: { isRowHeader: true },
    cell: (info) => (
      <span className={styles.stacked}>
        <span className={styles.text}>
          <UntrustedText>{memberName(info.row.original)}</UntrustedText>
        </span>
        <span className={styles.secondary}>
          <UntrustedText>{info.row.original.username}</UntrustedText>
        </span>
      </span>
    ),
  }),
  helper.accessor("email", {
    header: "E-mail",
    cell: (info) => (
      <span className={styles.text}>
        <UntrustedText>{info.getValue()}</UntrustedText>
      </span>
    ),
  }),
  helper.accessor("role", { header: "Role", cell: (info) => <RoleBadge role={info.getValue()} /> }),
  helper.display({
    id: "status",
    header: "Status",
    cell: (info) => {
      const status = memberStatus(info.row.original);
      return <Badge tone={status.tone} label={status.label} />;
    },
  }),
  helper.accessor("two_fa", {
    header: "2FA",
    cell: (info) => {
      const state = twoFactorLabels[info.getValue()] ?? { label: info.getValue(), tone: "neutral" as const };
      return <Badge tone={state.tone} label={state.label} />;
    },
  }),
  helper.accessor("last_login", {
    header: "Last login",
    cell: (info) => (info.getValue() ? formatDateTime(info.getValue()) : "Never"),
  }),
]);

function MemberDetails({ member }: { member: User }) {
  const twoFa = twoFactorLabels[member.two_fa] ?? { label: member.two_fa, tone: "neutral" as const };
  const status = memberStatus(member);
  return (
    <DescriptionList
      items={[
        { term: "Name", description: memberName(member) },
        { term: "Username", description: member.username },
        { term: "E-mail", description: member.email },
        { term: "Role", description: <RoleBadge role={member.role} /> },
        { term: "Status", description: <Badge tone={status.tone} label={status.label} /> },
        { term: "Two-factor authentication", description: <Badge tone={twoFa.tone} label={twoFa.label} /> },
        { term: "Phone", description: member.phone_number || "Not set" },
        { term: "Last login", description: member.last_login ? formatDateTime(member.last_login) : "Never" },
        { term: "Member since", description: formatDateTime(member.created_at) },
      ]}
    />
  );
}

function MemberDrawer({
  companyId,
  memberId,
  canManage,
  onClose,
  onEdit,
}: {
  companyId: number;
  memberId: number | null;
  canManage: boolean;
  onClose: () => void;
  onEdit: (member: User) => void;
}) {
  const query = useMember(companyId, memberId);
  const member = query.data;
  return (
    <Drawer
      title={member ? memberName(member) : "Member"}
      isOpen={memberId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Stack space="large">
        {query.isPending ? (
          <Skeleton variant="block" height="16rem" />
        ) : query.isError ? (
          <ErrorState
            message={
              query.error.status === 404
                ? "This member isn't in the company any more."
                : "We couldn't load this member."
            }
            onRetry={query.error.status === 404 ? undefined : () => void query.refetch()}
          />
        ) : member ? (
          <>
            <MemberDetails member={member} />
            {canManage ? (
              <Inline space="small" align="end">
                <Button variant="outline" onPress={() => onEdit(member)}>
                  Edit member
                </Button>
              </Inline>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Drawer>
  );
}

/**
 * A company's members: paged by `limit` (page 1, limit 10 by default, spec §7) with search, and
 * a details drawer whose member id is kept in the URL (`member=`), so a shared link opens it.
 */
export function MembersSection({ companyId, canManage }: { companyId: number; canManage: boolean }) {
  const [params, setParams] = useListParams({ pageSizeParam: "limit" });
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = Number(searchParams.get("member"));
  const memberId = isUsableId(openId) ? openId : null;
  const query = useMembers(companyId, { page: params.page, limit: params.pageSize, search: params.search });
  const [editing, setEditing] = useState<{ member: User | null } | null>(null);
  const viewer = useRole().user;
  // Kept while the modal closes, so its text does not change during the exit.
  const [acting, setActing] = useState<{ action: MemberAction; member: User } | null>(null);
  const [isActing, setIsActing] = useState(false);
  const act = (action: MemberAction, member: User) => {
    setActing({ action, member });
    setIsActing(true);
  };

  const setMember = (id: number | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete("member");
      else next.set("member", String(id));
      return next;
    });

  return (
    <Stack as="section" space="medium" aria-labelledby="company-members">
      <Inline space="small" align="spaceBetween" alignY="center">
        <Heading level={2} id="company-members">
          Members
        </Heading>
        {canManage ? (
          <Button variant="outline" onPress={() => setEditing({ member: null })}>
            <UserPlus aria-hidden="true" />
            Add member
          </Button>
        ) : null}
      </Inline>
      <QueryPagedTable
        aria-labelledby="company-members"
        columns={columns}
        query={query}
        noun="the members"
        onPageChange={(page) => setParams({ page })}
        search={params.search}
        onSearchChange={(search) => setParams({ search })}
        searchLabel="Search members"
        searchPlaceholder="Name, username or e-mail"
        emptyMessage={params.search ? "No members match this search." : "This company has no members yet."}
        onRowAction={(member) => setMember(member.id)}
        rowActions={(member) => [
          { id: "view", label: "View details", onAction: () => setMember(member.id) },
          ...(canManage ? [{ id: "edit", label: "Edit member", onAction: () => setEditing({ member }) }] : []),
          ...memberActions(viewer, member, companyId).map((action) => ({
            id: action,
            label: memberActionLabels[action],
            tone: action === "deactivate" || action === "reset-2fa" ? ("critical" as const) : ("neutral" as const),
            onAction: () => act(action, member),
          })),
        ]}
        paginationLabel="Member pages"
      />
      <MemberDrawer
        companyId={companyId}
        memberId={memberId}
        canManage={canManage}
        onClose={() => setMember(null)}
        onEdit={(member) => setEditing({ member })}
      />
      {canManage ? (
        <MemberActionDialog companyId={companyId} request={acting} isOpen={isActing} onOpenChange={setIsActing} />
      ) : null}
      {canManage ? (
        <MemberFormDialog
          companyId={companyId}
          member={editing?.member ?? null}
          isOpen={editing !== null}
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      ) : null}
    </Stack>
  );
}
