import { ErrorState } from "@sentinel/ui";
import { useEffect } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { reportError } from "../app/errorReporting.ts";
import { Page } from "../components/Page.tsx";
import * as styles from "./SessionLoading.css.ts";

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  // A lazy route chunk that fails to load usually means a new version was deployed.
  if (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  ) {
    return "A part of the app could not be loaded, perhaps because a new version was just released. Reloading fixes it.";
  }
  return "Something went wrong while showing this page. Reloading usually fixes it; if not, contact support.";
}

function ErrorContent() {
  const error = useRouteError();
  useEffect(() => reportError(error, { source: "route" }), [error]);
  return (
    <ErrorState
      title="This page failed to load"
      message={describe(error)}
      onRetry={() => window.location.reload()}
      retryLabel="Reload"
      headingLevel={2}
    />
  );
}

/** Errors inside a signed-in screen: shown in the shell, which keeps working. */
export function RouteErrorBoundary() {
  return (
    <Page title="Something went wrong">
      <ErrorContent />
    </Page>
  );
}

/** Errors above the shell (the last line of defence): never a blank page. */
export function RootErrorBoundary() {
  return (
    <main className={styles.center}>
      <Page title="Something went wrong">
        <ErrorContent />
      </Page>
    </main>
  );
}
