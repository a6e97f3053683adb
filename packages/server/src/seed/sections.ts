import { vulnCatalogue } from "@sentinel/api-client/mocks/dataset";
import type { ScanFindingCounts, Db as SeedDb } from "@sentinel/api-client/mocks/db-types";
import type { CODE_VULNS, VulnTemplate } from "@sentinel/api-client/mocks/vulns";
import type { Tx } from "../db/pool.ts";
import { recountScanSeverities } from "../scanning/severityCounts.ts";
import { insertRows } from "./rows.ts";

type Area = "network" | "threat" | "sourcecode" | "web";
const AREAS: Area[] = ["network", "threat", "sourcecode", "web"];

/** A scan's counts of finding changes as its store keeps them (migration 0250); none when the seed has none. */
const countColumns = (counts: ScanFindingCounts | undefined) =>
  counts
    ? {
        new_count: counts.new,
        unchanged_count: counts.unchanged,
        reopened_count: counts.reopened,
        mitigated_count: counts.mitigated,
      }
    : {};

/** Each row's company, found through its parents (the static data keeps it only at the top). */
function companyIndex(seed: SeedDb) {
  const map = <T extends { id: number }>(rows: T[], company: (row: T) => number | null | undefined) =>
    new Map(rows.map((r) => [r.id, company(r) ?? null]));
  const product = map(seed.products, (p) => p.company_id);
  const networkAsset = map(seed.networkAssets, (a) => product.get(a.product_id));
  const networkEndpoint = map(seed.networkEndpoints, (e) => networkAsset.get(e.asset_id));
  const networkConfig = map(seed.networkConfigs, (c) => c.company_id);
  const networkScan = map(seed.networkScans, (s) => networkConfig.get(s.config_id));
  const sourceAsset = map(seed.sourceAssets, (a) => product.get(a.product_id));
  const sourceApp = map(seed.sourceApps, (a) => sourceAsset.get(a.asset_id));
  const webAsset = map(seed.webAssets, (a) => product.get(a.product_id));
  const webApp = map(seed.webApps, (a) => webAsset.get(a.asset_id));
  const exposureConfig = map(seed.exposureConfigs, (c) => c.company_id);
  const exposureScan = map(seed.exposureScans, (s) => exposureConfig.get(s.config_id));
  const threatConfig = map(seed.threatConfigs, (c) => c.company_id);
  const threatScan = map(seed.threatScans, (s) => threatConfig.get(s.config_id));
  return {
    product,
    networkAsset,
    networkEndpoint,
    networkScan,
    sourceAsset,
    sourceApp,
    webAsset,
    webApp,
    exposureScan,
    threatScan,
  };
}

function need(value: number | null | undefined, what: string): number {
  if (value === null || value === undefined) throw new Error(`The seed has ${what} without a company`);
  return value;
}

async function loadAreas(tx: Tx, seed: SeedDb): Promise<void> {
  const c = companyIndex(seed);
  await insertRows(tx, "products", seed.products);

  await insertRows(
    tx,
    "network_assets",
    seed.networkAssets.map((a) => ({ ...a, company_id: need(c.product.get(a.product_id), "a network asset") })),
  );
  await insertRows(
    tx,
    "network_endpoints",
    seed.networkEndpoints.map((e) => ({ ...e, company_id: need(c.networkAsset.get(e.asset_id), "an endpoint") })),
  );
  await insertRows(tx, "network_configs", seed.networkConfigs);
  await insertRows(
    tx,
    "network_targets",
    seed.networkConfigs.flatMap((cfg) =>
      cfg.targets.map((t) => ({ ...t, company_id: cfg.company_id, config_id: cfg.id })),
    ),
  );
  await insertRows(
    tx,
    "network_scans",
    seed.networkScans.map(({ scan_time, finding_changes, ...s }) => ({
      ...s,
      ...countColumns(finding_changes),
      company_id: need(c.networkScan.get(s.id), "a network scan"),
      scan_time_id: scan_time.id,
      scan_time_schedulle: scan_time.schedulle,
    })),
  );
  await insertRows(
    tx,
    "scan_endpoints",
    seed.scanEndpoints.map((e) => ({ ...e, company_id: need(c.networkScan.get(e.scan_id), "a scan endpoint") })),
  );

  await insertRows(
    tx,
    "source_assets",
    seed.sourceAssets.map((a) => ({ ...a, company_id: need(c.product.get(a.product_id), "a repository") })),
  );
  await insertRows(
    tx,
    "source_apps",
    seed.sourceApps.map((a) => ({ ...a, company_id: need(c.sourceAsset.get(a.asset_id), "a source app") })),
  );
  await insertRows(
    tx,
    "source_scans",
    seed.sourceScans.map(({ finding_changes, ...s }) => ({
      ...s,
      ...countColumns(finding_changes),
      company_id: need(c.sourceApp.get(s.app_id), "a source scan"),
    })),
  );
  await insertRows(
    tx,
    "web_assets",
    seed.webAssets.map((a) => ({ ...a, company_id: need(c.product.get(a.product_id), "a web asset") })),
  );
  await insertRows(
    tx,
    "web_apps",
    seed.webApps.map((a) => ({ ...a, company_id: need(c.webAsset.get(a.asset_id), "a web app") })),
  );
  await insertRows(
    tx,
    "web_scans",
    seed.webScans.map(({ finding_changes, ...s }) => ({
      ...s,
      ...countColumns(finding_changes),
      company_id: need(c.webApp.get(s.app_id), "a web scan"),
    })),
  );

  await insertRows(
    tx,
    "exposure_assets",
    seed.exposureAssets.map(({ target, ...a }) => ({
      ...a,
      company_id: need(c.product.get(a.product_id), "an exposure asset"),
      target_id: target.id,
      target_name: target.name,
    })),
  );
  await insertRows(tx, "exposure_configs", seed.exposureConfigs);
  await insertRows(
    tx,
    "exposure_scans",
    seed.exposureScans.map((s) => ({
      ...s,
      company_id: need(c.exposureScan.get(s.id), "an exposure scan"),
      // Seeded scans carry no progress: an ended one is done, as static mode shows it.
      progress: s.progress ?? (["COMPLETED", "FAILED", "ABORTED"].includes(s.status) ? 100 : 0),
    })),
  );
  await insertRows(
    tx,
    "exposure_domains",
    seed.exposureDomains.map((d) => ({ ...d, company_id: need(c.exposureScan.get(d.scan_id), "a domain") })),
  );
  await insertRows(
    tx,
    "exposure_hosts",
    seed.exposureHosts.map((h) => ({ ...h, company_id: need(c.exposureScan.get(h.scan_id), "a host") })),
  );

  await insertRows(tx, "threat_configs", seed.threatConfigs);
  await insertRows(
    tx,
    "threat_assets",
    seed.threatAssets.map((a) => ({ ...a, company_id: need(c.product.get(a.product_id), "a threat asset") })),
  );
  await insertRows(
    tx,
    "threat_scans",
    seed.threatScans.map((s) => ({ ...s, company_id: need(c.threatScan.get(s.id), "a threat scan") })),
  );
  await insertRows(
    tx,
    "threat_endpoints",
    seed.threatEndpoints.map((e) => ({ ...e, company_id: need(c.threatScan.get(e.scan_id), "a threat endpoint") })),
  );

  await loadFindings(tx, seed);
  await loadTickets(tx, seed);
  await loadCredits(tx, seed);
}

async function loadFindings(tx: Tx, seed: SeedDb): Promise<void> {
  // The catalogue of the dataset being loaded (the hostile one carries payloads in its texts).
  const CATALOGUES = Object.fromEntries(AREAS.map((area) => [area, vulnCatalogue(area)])) as Record<
    Area,
    readonly VulnTemplate[]
  >;
  // The catalogues, one vulnerability row per template; a finding points at its template's row.
  const offsets = new Map<Area, number>();
  const vulnerabilities: object[] = [];
  for (const area of AREAS) {
    offsets.set(area, vulnerabilities.length);
    for (const t of CATALOGUES[area]) {
      const code = t as Partial<(typeof CODE_VULNS)[number]>;
      vulnerabilities.push({
        id: vulnerabilities.length + 1,
        area,
        ...t,
        port: t.port === null ? null : String(t.port),
        sourcecode_finding_type: code.sourcecode_finding_type ?? null,
        component: code.component ?? null,
        line: code.line ?? null,
        evidence: code.evidence ?? null,
        code_snippets: code.code_snippets ?? [],
        rule_examples: code.rule_examples ?? [],
      });
    }
  }
  await insertRows(tx, "vulnerabilities", vulnerabilities);
  const vulnerabilityOf = (area: Area, index: number) => {
    const list = CATALOGUES[area];
    return (offsets.get(area) ?? 0) + (index % list.length) + 1;
  };
  await insertRows(
    tx,
    "findings",
    seed.findings.map(({ log, host, vuln, ...f }) => {
      const template = CATALOGUES[f.area][vuln % CATALOGUES[f.area].length];
      return {
        ...f,
        vulnerability_id: vulnerabilityOf(f.area, vuln),
        name: template?.name ?? "Untitled finding",
        severity: template?.severity ?? "INFO",
        host_id: host?.id ?? null,
        host: host?.host ?? null,
        updated_at: log[log.length - 1]?.created_at ?? f.created_at,
      };
    }),
  );
  // The scans were written before their findings: their counts per severity now (migration 0300).
  await recountScanSeverities(tx);
  await insertRows(
    tx,
    "finding_logs",
    seed.findings.flatMap((f) =>
      f.log.map((l) => ({
        ...l,
        finding_id: f.id,
        company_id: f.company_id,
        batch_id: l.batch_id ?? null,
        undoes: l.undoes ?? null,
      })),
    ),
  );
}

async function loadTickets(tx: Tx, seed: SeedDb): Promise<void> {
  await insertRows(
    tx,
    "tickets",
    seed.tickets.map(({ attachments: _files, messages: _messages, ...t }) => ({ ...t, updated_at: t.created_at })),
  );
  await insertRows(
    tx,
    "ticket_messages",
    seed.tickets.flatMap((t) =>
      t.messages.map(({ attachments: _files, ...m }) => ({ ...m, ticket_id: t.id, company_id: t.company_id })),
    ),
  );
  const fileName = (url: string) => decodeURIComponent(url.split("/").pop() ?? "file");
  await insertRows(
    tx,
    "attachments",
    seed.tickets.flatMap((t) => [
      ...t.attachments.map((a) => ({
        id: a.id,
        company_id: t.company_id,
        ticket_id: t.id,
        message_id: null,
        file_name: fileName(a.file),
        external_url: a.file,
        created_at: t.created_at,
      })),
      ...t.messages.flatMap((m) =>
        m.attachments.map((a) => ({
          id: a.id,
          company_id: t.company_id,
          ticket_id: t.id,
          message_id: m.id,
          file_name: fileName(a.file),
          external_url: a.file,
          created_at: m.created_at,
        })),
      ),
    ]),
  );
}

async function loadCredits(tx: Tx, seed: SeedDb): Promise<void> {
  await insertRows(tx, "credit_transactions", seed.creditTransactions);
  await insertRows(
    tx,
    "payments",
    seed.payments.map(({ user, ...p }) => ({ ...p, user_id: user })),
  );
}

/** The loaders run after companies and users, in foreign-key order. */
export const seedSections: Array<(tx: Tx, seed: SeedDb) => Promise<void>> = [loadAreas];
