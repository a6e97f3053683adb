import { EmptyState, Link } from "@sentinel/ui";
import { MapPinOff } from "lucide-react";
import { useLocation } from "react-router";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { useSession } from "../../../lib/SessionContext.tsx";

/** Any path no route matches: inside the shell when signed in, standalone otherwise. */
export function NotFoundScreen() {
  const { isAuthenticated } = useSession();
  const { pathname } = useLocation();
  usePageMeta({ title: "Page not found" });
  return (
    <Page title="Page not found">
      <EmptyState
        icon={<MapPinOff aria-hidden="true" />}
        title="There is no page at this address"
        headingLevel={2}
        description={`Nothing lives at “${pathname}”. The link may be old or mistyped.`}
        action={
          isAuthenticated ? (
            <Link href={paths.dashboard.getHref()}>Go to the dashboard</Link>
          ) : (
            <Link href={paths.auth_login.getHref()}>Go to sign in</Link>
          )
        }
      />
    </Page>
  );
}
