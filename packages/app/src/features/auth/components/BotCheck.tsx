import * as styles from "./BotCheck.css.ts";

export interface BotCheckProps {
  /** The provider's site key; the widget renders only when one is configured. */
  siteKey: string;
}

/**
 * Where the bot-check provider's widget goes. No third-party script is loaded here (the CSP
 * allows none): a deployment that uses a provider mounts its widget in this slot and passes the
 * token it yields as `captcha_token`.
 */
export function BotCheck({ siteKey }: BotCheckProps) {
  return (
    <section className={styles.slot} aria-label="Bot check" data-site-key={siteKey}>
      <p className={styles.title}>Bot check</p>
      <p className={styles.body}>The verification widget of your bot-check provider appears here.</p>
    </section>
  );
}
