import { Button } from "@sentinel/ui";
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import * as styles from "./CopySecret.css.ts";
import { visuallyHidden } from "./visuallyHidden.css.ts";

/** An authenticator's secret key for entry by hand, with a button that copies it. */
export function CopySecret({ secret }: { secret: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className={styles.row}>
      <span className={styles.label}>Secret key</span>
      <code className={styles.secret}>{secret}</code>
      <Button
        variant="outline"
        size="small"
        icon={copied ? <Check /> : <Copy />}
        onPress={() => {
          void navigator.clipboard
            ?.writeText(secret)
            .then(() => setCopied(true))
            .catch(() => setCopied(false));
        }}
      >
        {copied ? "Copied" : "Copy"}
      </Button>
      <span aria-live="polite" className={visuallyHidden}>
        {copied ? "Secret key copied" : ""}
      </span>
    </div>
  );
}
