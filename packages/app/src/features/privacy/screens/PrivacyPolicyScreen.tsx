import { Heading, Link, Stack } from "@sentinel/ui";
import { Page } from "../../../components/Page.tsx";
import { paths } from "../../../config/paths.ts";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { useSession } from "../../../lib/SessionContext.tsx";
import * as styles from "./PrivacyPolicyScreen.css.ts";

/**
 * The user menu's Privacy Policy. The spec does not say where it points, so it is a page of its
 * own, open to everyone: it states what this app itself keeps in the browser; the operator's
 * legal policy goes alongside.
 */
export function PrivacyPolicyScreen() {
  const { isAuthenticated } = useSession();
  usePageMeta({ title: "Privacy Policy", breadcrumbs: [{ label: "Privacy Policy" }] });
  return (
    <Page title="Privacy Policy" description="How Sentinel handles your information.">
      <Stack as="article" space="xlarge" className={styles.article}>
        <Stack as="section" space="small" aria-labelledby="privacy-what">
          <Heading level={2} id="privacy-what">
            What we process
          </Heading>
          <p>
            To run security tests for your company we process your account details (name, e-mail, phone number, role and
            company), the targets your company registers (domains, IP addresses, web applications and repositories), the
            results of the scans, your support tickets and your credit and payment records.
          </p>
        </Stack>
        <Stack as="section" space="small" aria-labelledby="privacy-browser">
          <Heading level={2} id="privacy-browser">
            What this app keeps in your browser
          </Heading>
          <ul className={styles.list}>
            <li>Your sign-in session (access and refresh tokens, your profile), until you log out.</li>
            <li>Your theme choice (light or dark).</li>
            <li>In the demo (static mode) only: the sample data and demo sessions.</li>
          </ul>
          <p>The app sets no tracking cookies and loads no third-party scripts.</p>
        </Stack>
        <Stack as="section" space="small" aria-labelledby="privacy-rights">
          <Heading level={2} id="privacy-rights">
            Your choices
          </Heading>
          <p>
            Log out to remove the session from this browser. To see, correct or delete the data held about you, contact
            your company's administrator or our support team through a ticket.
          </p>
        </Stack>
        <p>
          {isAuthenticated ? (
            <Link href={paths.ticketing.getHref()}>Contact support</Link>
          ) : (
            <Link href={paths.auth_login.getHref()}>Back to sign in</Link>
          )}
        </p>
      </Stack>
    </Page>
  );
}
