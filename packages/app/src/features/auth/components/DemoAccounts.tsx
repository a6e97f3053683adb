import { Button, Heading } from "@sentinel/ui";
import { useEffect, useState } from "react";
import * as styles from "./auth.css.ts";

type DemoAccount = { readonly email: string; readonly password: string; readonly role: string; readonly note: string };

/**
 * Static mode's demo accounts, click to fill. The list is loaded lazily from the mocks package
 * (without msw), so a build with static mode off never fetches it.
 */
export function DemoAccounts({ onPick }: { onPick(account: DemoAccount): void }) {
  const [accounts, setAccounts] = useState<readonly DemoAccount[]>([]);
  useEffect(() => {
    // The literal check compiles the import out of a build with static mode off.
    if (import.meta.env.VITE_STATIC_MODE === "false") return;
    let alive = true;
    import("@sentinel/api-client/mocks/accounts")
      .then((module) => {
        if (alive) setAccounts(module.demoAccounts);
      })
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, []);

  if (accounts.length === 0) return null;
  return (
    <section className={styles.demo} aria-labelledby="demo-accounts-title">
      <Heading level={3} as="h2" id="demo-accounts-title">
        Demo accounts
      </Heading>
      <p className={styles.footnote}>Static mode: pick an account to fill the form. Every password is “demo”.</p>
      <ul className={styles.demoList}>
        {accounts.map((account) => (
          <li key={account.email} className={styles.demoItem}>
            <Button variant="ghost" size="small" onPress={() => onPick(account)} aria-label={`Use ${account.email}`}>
              {account.email}
            </Button>
            <span className={styles.demoNote}>
              {account.role} · {account.note}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
