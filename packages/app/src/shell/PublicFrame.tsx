import type { ReactNode } from "react";
import * as styles from "./PublicFrame.css.ts";
import { SentinelMark } from "./SentinelMark.tsx";

/** What signed-out visitors see around a routed page: the product name and the page, nothing else. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className={styles.frame}>
      <header className={styles.brand}>
        <SentinelMark />
        <span className={styles.brandName}>Sentinel</span>
      </header>
      <main id="main-content" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <footer className={styles.footer}>© {new Date().getFullYear()} Sentinel. All rights reserved.</footer>
    </div>
  );
}
