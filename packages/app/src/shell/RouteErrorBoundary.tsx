import { ErrorState } from "@sentinel/ui";
import { Component, type ReactNode, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { reportError } from "../app/errorReporting.ts";
import { Page } from "../components/Page.tsx";
import * as styles from "./SessionLoading.css.ts";

function describe(error: unknown): string {
  // A lazy route chunk that fails to load usually means a new version was deployed.
  if (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  ) {
    return "A part of the app could not be loaded, perhaps because a new version was just released. Reloading fixes it.";
  }
  return "Something went wrong while showing this page. Reloading usually fixes it; if not, contact support.";
}

function ErrorContent({ error }: { error: unknown }) {
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

interface BoundaryProps {
  /** Changing this clears a caught error, so navigating away from a broken page works. */
  resetKey: string;
  fallback(error: unknown): ReactNode;
  children: ReactNode;
}

class ErrorBoundary extends Component<BoundaryProps, { error: unknown; resetKey: string }> {
  override state = { error: undefined as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error("Unknown error") };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : this.props.fallback(this.state.error);
  }
}

/** Shows a caught error as a page, and clears it when the user navigates elsewhere. */
function PageErrorBoundary({ standalone, children }: { standalone: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  const page = (error: unknown) => (
    <Page title="Something went wrong">
      <ErrorContent error={error} />
    </Page>
  );
  return (
    <ErrorBoundary
      resetKey={pathname}
      fallback={(error) => (standalone ? <main className={styles.center}>{page(error)}</main> : page(error))}
    >
      {children}
    </ErrorBoundary>
  );
}

/** Errors inside a signed-in screen: shown in the shell, which keeps working. */
export function RouteErrorLayout() {
  return (
    <PageErrorBoundary standalone={false}>
      <Outlet />
    </PageErrorBoundary>
  );
}

/** Errors above the shell (the last line of defence): never a blank page. */
export function RootErrorBoundary({ children }: { children: ReactNode }) {
  return <PageErrorBoundary standalone>{children}</PageErrorBoundary>;
}
