import { ShieldCheck } from "lucide-react";
import * as styles from "./PublicFrame.css.ts";

/** The product's mark; decorative, the name is always written next to it. */
export function SentinelMark() {
  return <ShieldCheck className={styles.mark} aria-hidden="true" />;
}
