import { Button, Card } from "@sentinel/ui";
import { PublicFrame } from "./PublicFrame.tsx";
import * as styles from "./StaticModeUnavailable.css.ts";

/**
 * Shown instead of the app when the browser demo could not start: without it every call would go
 * to the web server, which has no API (a sign-in would fail with "405 Not Allowed").
 */
export function StaticModeUnavailable() {
  return (
    <PublicFrame>
      <Card className={styles.card}>
        <div className={styles.body}>
          <h1 className={styles.title}>The demo cannot start in this browser</h1>
          <p className={styles.text}>
            This demo answers every request inside your browser, which needs a service worker and site storage. This
            browser does not allow them for this site, for example because cookies and site data are blocked or because
            of a private window&apos;s settings.
          </p>
          <p className={styles.text}>Allow cookies and site data for this site, then try again.</p>
          <Button onPress={() => window.location.reload()}>Try again</Button>
        </div>
      </Card>
    </PublicFrame>
  );
}
