import { EmptyState, Link, RoleBadge, UntrustedText } from "@sentinel/ui";
import { ShieldX } from "lucide-react";
import { useLocation } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { useSession } from "../../../lib/SessionContext.tsx";

/**
 * What a user whose role may not open a route sees, at that route's own address (the guard renders it
 * there), so the address bar and the page both say what was refused.
 */
export function ForbiddenScreen() {
  const { user } = useSession();
  const { pathname, search } = useLocation();
  const refused = pathname === paths.forbidden.path ? null : `${pathname}${search}`;
  usePageMeta({ title: "Access denied" });
  return (
    <Page title="Access denied">
      <EmptyState
        icon={<ShieldX aria-hidden="true" />}
        title={
          refused ? (
            <>
              You do not have access to <UntrustedText>{refused}</UntrustedText>
            </>
          ) : (
            "You do not have access to that page"
          )
        }
        headingLevel={2}
        description={
          <>
            It is not available to your role
            {user ? (
              <>
                {" "}
                (<RoleBadge role={user.role} />)
              </>
            ) : null}
            . If you need it, ask an administrator.
          </>
        }
        action={<Link href={paths.dashboard.getHref()}>Go to the dashboard</Link>}
      />
    </Page>
  );
}
