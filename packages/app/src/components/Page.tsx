import { UntrustedText } from "@sentinel/ui";
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

/** Shown when a title that comes from the data is blank (an API may send an empty name). */
export const untitled = "Untitled";

/** The frame of a signed-in screen: its heading row and content. */
export function Page({ title: given, description, actions, children }: PageProps) {
  // A page must never have an empty h1: screens pass data names, which may be "" or whitespace.
  const title = typeof given === "string" && given.trim() === "" ? untitled : given;
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <div className={styles.titles}>
          {/* Titles and descriptions often carry a record's name from the API. */}
          <PageHeading>{typeof title === "string" ? <UntrustedText>{title}</UntrustedText> : title}</PageHeading>
          {description ? (
            <p className={styles.description}>
              {typeof description === "string" ? <UntrustedText>{description}</UntrustedText> : description}
            </p>
          ) : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
