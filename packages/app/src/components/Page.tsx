import type { ReactNode } from "react";
import * as styles from "./Page.css.ts";
import { PageHeading } from "./PageHeading.tsx";

export interface PageProps {
  /** The page's h1. */
  title: ReactNode;
  /** A line under the heading. */
  description?: ReactNode;
  /** Buttons at the heading's end. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame of a signed-in screen: its heading row and content. */
export function Page({ title, description, actions, children }: PageProps) {
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <div className={styles.titles}>
          <PageHeading>{title}</PageHeading>
          {description ? <p className={styles.description}>{description}</p> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
