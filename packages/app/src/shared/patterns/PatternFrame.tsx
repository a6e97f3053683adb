import { configureApiClient } from "@sentinel/api-client";
import { demoToken } from "@sentinel/api-client/mocks";
import { Stack } from "@sentinel/ui";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { profileQuery } from "../../lib/sessionQueries.ts";
import * as styles from "./patterns.css.ts";

/** What the address bar would hold: the part of the URL a pattern writes. */
function AddressBar() {
  const location = useLocation();
  return (
    <p className={styles.address}>
      <span id="pattern-address-label">Address</span>{" "}
      <output aria-labelledby="pattern-address-label" className={styles.addressValue}>
        {`${location.pathname}${location.search}`}
      </output>
    </p>
  );
}

export interface PatternFrameProps {
  /** The URL the pattern starts at, search params included. */
  path: string;
  children: ReactNode;
}

/**
 * A pattern as the app runs it: a memory router at `path`, the API client over static mode's sample
 * data signed in as a company admin, and the URL shown, since state a user would share lives there.
 * It loads the admin's profile as the app's shell does: role checks read it, and offer nothing until
 * it has answered.
 */
export function PatternFrame({ path, children }: PatternFrameProps) {
  useState(() => {
    const token = demoToken("admin@example.com");
    configureApiClient({ baseUrl: "", getToken: () => token });
    return null;
  });
  useQuery(profileQuery());
  return (
    <MemoryRouter initialEntries={[path]}>
      <Stack space="large">
        <AddressBar />
        {children}
      </Stack>
    </MemoryRouter>
  );
}
