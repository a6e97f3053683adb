import type { ExposureDomain, Service } from "@sentinel/api-client";
import { Badge, UntrustedText } from "@sentinel/ui";
import { serviceLabel } from "../model/scanComparison.ts";
import * as styles from "./HostCells.css.ts";

/** A host name with the "New" badge when the scan saw it for the first time. */
export function HostName({ name, isNew }: { name: string; isNew: boolean }) {
  return (
    <span className={styles.host}>
      <span className={styles.name}>
        <UntrustedText>{name}</UntrustedText>
      </span>
      {isNew ? <Badge tone="info" label="New" /> : null}
    </span>
  );
}

export function Country({ country, code }: { country: string | null; code: string | null }) {
  if (!country && !code) return <span className={styles.muted}>Unknown</span>;
  return (
    <span>
      <UntrustedText>{country ?? "Unknown"}</UntrustedText>
      {code ? (
        <span className={styles.muted}>
          {" "}
          (<UntrustedText>{code}</UntrustedText>)
        </span>
      ) : null}
    </span>
  );
}

export function ServiceList({ services }: { services: readonly Service[] }) {
  if (services.length === 0) return <span className={styles.muted}>None</span>;
  return (
    <span className={styles.list}>
      <UntrustedText>{services.map(serviceLabel).join(", ")}</UntrustedText>
    </span>
  );
}

export function DomainList({ domains }: { domains: readonly ExposureDomain[] }) {
  if (domains.length === 0) return <span className={styles.muted}>None</span>;
  // Each name isolated on its own, so one domain's text cannot reorder the next.
  return (
    <span className={styles.list}>
      {domains.map((d, i) => (
        <span key={d.id}>
          {i > 0 ? ", " : null}
          <UntrustedText>{d.name}</UntrustedText>
        </span>
      ))}
    </span>
  );
}
