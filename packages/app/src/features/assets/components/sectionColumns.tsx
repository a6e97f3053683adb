import type {
  ExposureAsset,
  NetworkAsset,
  SourceCodeAsset,
  ThreatInspectionAsset,
  WebAppAsset,
} from "@sentinel/api-client";
import { Badge, formatDateTime, revealBidiControls, UntrustedText } from "@sentinel/ui";
import { createPagedTableColumnHelper } from "@sentinel/ui/table";
import * as styles from "./assets.css.ts";

const gitProviderLabels: Readonly<Record<SourceCodeAsset["git_provider"], string>> = {
  GITHUB: "GitHub",
  GITLAB: "GitLab",
  BITBUCKET: "Bitbucket",
  AZURE_DEVOPS: "Azure DevOps",
};

const lastScanned = (value: string | null) => (value ? formatDateTime(value) : "Never");

function Registered({ value }: { value: boolean }) {
  return value ? <Badge tone="positive" label="Registered" /> : <Badge tone="neutral" label="Not registered" />;
}

const exposure = createPagedTableColumnHelper<ExposureAsset>();
export const exposureColumns = exposure.columns([
  exposure.accessor("name", { header: "Name", meta: { isRowHeader: true } }),
  exposure.accessor((row) => row.target.name, {
    id: "target",
    header: "Target",
    cell: (info) => (
      <span className={styles.mono}>
        <UntrustedText>{info.getValue()}</UntrustedText>
      </span>
    ),
  }),
  exposure.accessor("last_scanned", { header: "Last scanned", cell: (info) => lastScanned(info.getValue()) }),
]);

const threat = createPagedTableColumnHelper<ThreatInspectionAsset>();
export const threatColumns = threat.columns([
  threat.accessor("name", { header: "Name", meta: { isRowHeader: true } }),
  threat.accessor((row) => row.target.name, {
    id: "target",
    header: "Target",
    cell: (info) => {
      const target = info.row.original.target;
      return (
        <div className={styles.targetCell}>
          <span className={styles.mono}>
            <UntrustedText>{target.name}</UntrustedText>
          </span>
          <span className={styles.muted}>{target.country ?? "Country unknown"}</span>
          {target.domains.length > 0 ? (
            <ul className={styles.inlineList} aria-label={`Domains of ${revealBidiControls(target.name)}`}>
              {target.domains.map((d) => (
                <li key={d.id}>
                  <Badge tone={d.domain_type === "DOMAIN" ? "info" : "neutral"} label={d.name} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      );
    },
  }),
  threat.accessor((row) => row.scan_configuration?.name ?? "—", {
    id: "scan_configuration",
    header: "Scan configuration",
  }),
  threat.accessor("last_scanned", { header: "Last scanned", cell: (info) => lastScanned(info.getValue()) }),
]);

const network = createPagedTableColumnHelper<NetworkAsset>();
export const networkColumns = network.columns([
  network.accessor("target", {
    header: "Target",
    meta: { isRowHeader: true },
    cell: (info) => (
      <span className={styles.mono}>
        <UntrustedText>{info.getValue()}</UntrustedText>
      </span>
    ),
  }),
  network.accessor("last_scanned", { header: "Last scanned", cell: (info) => lastScanned(info.getValue()) }),
]);

const web = createPagedTableColumnHelper<WebAppAsset>();
export const webColumns = web.columns([
  web.accessor("application_name", { header: "Application", meta: { isRowHeader: true } }),
  web.accessor("url", {
    header: "URL",
    // Shown as text even when it is http(s): an asset's URL is a scan target, not a link to follow from here.
    cell: (info) => (
      <span className={styles.mono}>
        <UntrustedText>{info.getValue()}</UntrustedText>
      </span>
    ),
  }),
  web.accessor("registered", { header: "Registered", cell: (info) => <Registered value={info.getValue()} /> }),
  web.accessor("last_scanned", { header: "Last scanned", cell: (info) => lastScanned(info.getValue()) }),
]);

const source = createPagedTableColumnHelper<SourceCodeAsset>();
export const sourceColumns = source.columns([
  source.accessor("repository_name", { header: "Repository", meta: { isRowHeader: true } }),
  source.accessor("git_provider", { header: "Git provider", cell: (info) => gitProviderLabels[info.getValue()] }),
  source.accessor("username", { header: "Username" }),
  source.accessor("branch", {
    header: "Branches",
    cell: (info) => {
      const branches = info.getValue();
      return branches.length ? (
        <ul className={styles.inlineList}>
          {branches.map((b) => (
            <li key={b}>
              <Badge tone="neutral" weight="outlined" label={b} />
            </li>
          ))}
        </ul>
      ) : (
        "—"
      );
    },
  }),
  source.accessor("registered", { header: "Registered", cell: (info) => <Registered value={info.getValue()} /> }),
  source.accessor("last_scanned", { header: "Last scanned", cell: (info) => lastScanned(info.getValue()) }),
]);
