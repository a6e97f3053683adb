import { Card } from "@sentinel/ui";
import type { ReactNode } from "react";
import { PageHeading } from "../../../components/PageHeading.tsx";
import * as styles from "./auth.css.ts";

export interface AuthCardProps {
  title: string;
  description?: ReactNode;
  /** Move focus to the heading when this card replaces another without a route change. */
  focusOnMount?: boolean;
  children: ReactNode;
}

/** The card every sign-in and recovery form sits in. */
export function AuthCard({ title, description, focusOnMount, children }: AuthCardProps) {
  return (
    <Card className={styles.card}>
      <div className={styles.body}>
        <div className={styles.cardHeader}>
          <PageHeading focusOnMount={focusOnMount}>{title}</PageHeading>
          {description ? <p className={styles.description}>{description}</p> : null}
        </div>
        {children}
      </div>
    </Card>
  );
}
