import { EmptyState, Link, RoleBadge } from "@sentinel/ui";
import { ShieldX } from "lucide-react";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { useSession } from "../../../lib/SessionContext.tsx";

/** Where the guard sends a user whose role may not open a route. */
export function ForbiddenScreen() {
  const { user } = useSession();
  usePageMeta({ title: "Access denied" });
  return (
    <Page title="Access denied">
      <EmptyState
        icon={<ShieldX aria-hidden="true" />}
        title="You do not have access to that page"
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
