import { describe, expect, it } from "vitest";
import { DAY, SEED_NOW } from "./clock.ts";
import { balancesOf } from "./credits.ts";
import type { Db } from "./db-types.ts";
import {
  CREDIT_TYPES,
  FINDING_STATUSES,
  PAYMENT_STATUSES,
  SCAN_STATUSES,
  SEVERITIES,
  TICKET_CATEGORIES,
  TICKET_STATUSES,
  TRANSACTION_ACTIONS,
} from "./schema-types.ts";
import { buildSeed } from "./seed/build.ts";
import { ENGINES } from "./seed/names.ts";
import { CODE_VULNS, NETWORK_VULNS, THREAT_VULNS, WEB_VULNS } from "./seed/vulns.ts";
import { domainReputations, endpointReputation, template } from "./serialize.ts";

const db: Db = buildSeed();
const DEMO = 1;
const set = <T>(values: Iterable<T>) => new Set(values);
const companyOfProduct = (id: number) => db.products.find((p) => p.id === id)?.company_id;

describe("seed", () => {
  it("is the same on every build", () => {
    expect(JSON.stringify(buildSeed())).toBe(JSON.stringify(db));
  });

  it("has six or more client companies with members in every role, plus staff", () => {
    expect(db.companies.length).toBeGreaterThanOrEqual(6);
    for (const c of db.companies) {
      const roles = set(db.users.filter((u) => u.company_id === c.id).map((u) => u.role));
      expect([...roles].sort(), c.name).toEqual(["ANALYST", "CLIENT", "CLIENT_ADMIN"]);
    }
    const staff = db.users.filter((u) => u.company_id === null);
    expect(set(staff.map((u) => u.role))).toEqual(set(["SUPER_ADMIN", "ANALYST"]));
  });

  it("uses only reserved domains and documentation addresses", () => {
    const text = JSON.stringify([db, NETWORK_VULNS, WEB_VULNS, CODE_VULNS, THREAT_VULNS]);
    const reserved = (host: string) =>
      /(^|\.)(example\.(com|net|org)|[a-z0-9-]+\.example|[a-z0-9-]+\.test|example|test)$/i.test(host);
    const hosts = [
      ...[...text.matchAll(/[\w.+-]+@([\w-]+(?:\.[\w-]+)+)/g)].map((m) => m[1] ?? ""),
      ...[...text.matchAll(/https?:\/\/([^/\s"\\]+)/g)].map((m) => m[1] ?? ""),
      ...db.exposureDomains.map((d) => d.name),
    ];
    expect(hosts.length).toBeGreaterThan(100);
    expect(hosts.filter((h) => !reserved(h))).toEqual([]);
    const ips = [...text.matchAll(/\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/g)].map((m) => m[0]);
    expect(ips.length).toBeGreaterThan(100);
    expect(ips.filter((ip) => !/^(192\.0\.2|198\.51\.100|203\.0\.113)\./.test(ip))).toEqual([]);
  });

  it("gives the demo company's main lists more than 3 pages at page size 10", () => {
    const ofDemo = <T extends { product_id: number }>(rows: readonly T[]) =>
      rows.filter((r) => companyOfProduct(r.product_id) === DEMO).length;
    const sizes = {
      products: db.products.filter((p) => p.company_id === DEMO).length,
      members: db.users.filter((u) => u.company_id === DEMO).length,
      networkConfigs: db.networkConfigs.filter((c) => c.company_id === DEMO).length,
      networkAssets: ofDemo(db.networkAssets),
      sourceAssets: ofDemo(db.sourceAssets),
      webAssets: ofDemo(db.webAssets),
      exposureAssets: ofDemo(db.exposureAssets),
      threatAssets: ofDemo(db.threatAssets),
      sourceApps: db.sourceApps.filter(
        (a) => companyOfProduct(db.sourceAssets.find((s) => s.id === a.asset_id)?.product_id ?? 0) === DEMO,
      ).length,
      webApps: db.webApps.filter(
        (a) => companyOfProduct(db.webAssets.find((s) => s.id === a.asset_id)?.product_id ?? 0) === DEMO,
      ).length,
      exposureConfigs: db.exposureConfigs.filter((c) => c.company_id === DEMO).length,
      threatConfigs: db.threatConfigs.filter((c) => c.company_id === DEMO && c.paid_invoice).length,
      tickets: db.tickets.filter((t) => t.company_id === DEMO).length,
      creditTransactions: db.creditTransactions.filter((t) => t.company_id === DEMO).length,
      payments: db.payments.filter((p) => p.company_id === DEMO).length,
    };
    for (const [list, size] of Object.entries(sizes)) expect(size, list).toBeGreaterThan(30);
  });

  it("has a product with assets of all five kinds", () => {
    const full = db.products.filter((p) =>
      [db.networkAssets, db.exposureAssets, db.threatAssets, db.webAssets, db.sourceAssets].every((rows) =>
        rows.some((a) => a.product_id === p.id),
      ),
    );
    expect(full.length).toBeGreaterThan(0);
  });

  it("covers every network schedule, frequency and scan state, with services of every kind", () => {
    const schedules = set(db.networkConfigs.map((c) => `${c.schedulle_type}/${c.frequency_type}`));
    expect(schedules).toEqual(
      set([
        "ONE_TIME_SCAN/null",
        "SPECIFIED_SCHEDULLE/null",
        "AUTOMATIC_SCHEDULLE/WEEKLY",
        "AUTOMATIC_SCHEDULLE/MONTHLY",
        "AUTOMATIC_SCHEDULLE/QUARTERLY",
      ]),
    );
    expect(set(db.networkConfigs.map((c) => c.target_type))).toEqual(set(["IP_SINGLE", "IP_MULTIPLE", "IP_RANGE"]));
    expect(set(db.networkScans.map((s) => s.status))).toEqual(set(SCAN_STATUSES));
    const running = db.networkScans.filter((s) => s.status === "RUNNING");
    expect(running.every((s) => s.progress > 0 && s.progress < 100 && s.end_time === null)).toBe(true);
    expect(db.networkScans.some((s) => s.failed_count > 0)).toBe(true);
    const services = db.scanEndpoints.flatMap((e) => e.services);
    expect(set(services.map((s) => s.protocol))).toEqual(set(["tcp", "udp", "icmp"]));
    expect(set(services.map((s) => s.secure))).toEqual(set([true, false]));
  });

  it("has findings of every severity and status in every area, with CVSS, CWE, CVE and references", () => {
    for (const area of ["network", "sourcecode", "web", "threat"] as const) {
      const findings = db.findings.filter((f) => f.area === area);
      expect(set(findings.map((f) => template(f).severity)), area).toEqual(set(SEVERITIES));
      expect(set(findings.map((f) => f.status)), area).toEqual(set(FINDING_STATUSES));
    }
    const network = db.findings.filter((f) => f.area === "network").map(template);
    expect(network.some((t) => t.cvss2 && t.cvss3 && t.cwe && t.cve && t.references.length)).toBe(true);
    const code = db.findings.filter((f) => f.area === "sourcecode");
    expect(code.every((f) => typeof f.line === "number" && f.branch)).toBe(true);
    expect(CODE_VULNS.every((v) => v.code_snippets.length > 0)).toBe(true);
  });

  it("writes finding logs as spec §4 describes", () => {
    for (const f of db.findings) {
      const [initial, ...changes] = f.log;
      expect(initial).toMatchObject({
        old_status: null,
        new_status: "ACTIVE",
        message: "Finished scan by system",
        modified_by: null,
      });
      let previous = initial;
      for (const entry of changes) {
        expect(entry.old_status).toBe(previous?.new_status);
        expect(entry.modified_by).not.toBeNull();
        if (entry.old_status === "ACTIVE" && entry.new_status === "FIXING")
          expect(entry.message).toBe("Update to fixing");
        if (entry.old_status === "FIXING" && entry.new_status === "ACTIVE")
          expect(entry.message).toBe("Update to active");
        expect(entry.created_at >= (previous?.created_at ?? "")).toBe(true);
        previous = entry;
      }
      expect(previous?.new_status).toBe(f.status);
    }
    expect(db.findings.some((f) => f.log.some((l) => l.message === "Update to active"))).toBe(true);
  });

  it("covers source code, web and exposure states", () => {
    expect(set(db.sourceScans.map((s) => s.status))).toEqual(set(["DONE", "QUEUED", "SCANNING", "FAILED"]));
    expect(db.sourceAssets.some((a) => a.branches.length > 1)).toBe(true);
    expect(set(db.webScans.map((s) => s.status))).toEqual(set(SCAN_STATUSES));
    expect(set(db.exposureHosts.map((h) => h.is_new))).toEqual(set([true, false]));
    expect(set(db.exposureHosts.map((h) => h.country)).size).toBeGreaterThan(5);
    expect(set(db.exposureDomains.map((d) => d.domain_type))).toEqual(set(["DOMAIN", "SUBDOMAIN"]));
  });

  it("has paid and unpaid threat inspections with reputation across about 50 engines", () => {
    expect(set(db.threatConfigs.map((c) => c.paid_invoice !== null))).toEqual(set([true, false]));
    expect(db.threatScans.some((s) => s.progress > 0 && s.progress < 100)).toBe(true);
    expect(ENGINES).toHaveLength(50);
    expect(set(ENGINES).size).toBe(50);
    const endpoint = db.threatEndpoints.find((e) => e.status === "COMPLETED");
    const reputation = endpoint ? endpointReputation(db, endpoint) : null;
    expect(reputation?.engine_endpoint_reputations).toHaveLength(50);
    const scan = db.threatScans.find((s) => s.status === "COMPLETED");
    const domains = scan ? domainReputations(db, scan) : [];
    expect(domains.length).toBeGreaterThan(0);
    const engines = domains.flatMap((d) => d.engine_domain_reputations);
    expect(engines.some((e) => e.detected)).toBe(true);
    // The hostile feed's `javascript:` reference is in the hostile dataset only (seed-invariants.test.ts).
    expect(
      engines.every((e) => e.reference === null || /^https:\/\/[a-z0-9-]+\.example\.org\//.test(e.reference)),
    ).toBe(true);
    expect(engines.every((e) => e.confidence === null || (e.confidence >= 0 && e.confidence <= 100))).toBe(true);
  });

  it("has tickets in every category and status, with threads, attachments and top-up requests", () => {
    expect(set(db.tickets.map((t) => t.category))).toEqual(set(TICKET_CATEGORIES));
    expect(set(db.tickets.map((t) => t.status))).toEqual(set(TICKET_STATUSES));
    expect(db.tickets.some((t) => t.messages.length > 3)).toBe(true);
    expect(db.tickets.some((t) => t.attachments.length > 0 || t.messages.some((m) => m.attachments.length > 0))).toBe(
      true,
    );
    const topups = db.tickets.filter((t) => t.topup_amount !== null);
    expect(topups.length).toBeGreaterThan(0);
    expect(
      topups.every((t) => t.invoice_code?.match(/^INV-.{8}$/) && t.topup_price === (t.topup_amount ?? 0) * 10),
    ).toBe(true);
    expect(db.tickets.filter((t) => t.status === "CLOSED").every((t) => t.closed_at !== null)).toBe(true);
  });

  it("has payments in every status, with INV- codes and a one-hour expiry", () => {
    expect(set(db.payments.map((p) => p.status))).toEqual(set(PAYMENT_STATUSES));
    for (const p of db.payments) {
      expect(p.invoice_code).toMatch(/^INV-.{8}$/);
      expect(Date.parse(p.expired_at) - Date.parse(p.created_at)).toBe(3600_000);
    }
    expect(set(db.payments.map((p) => p.invoice_code)).size).toBe(db.payments.length);
  });

  it("has top-ups, spending and refunds over 12 months that never leave a balance negative", () => {
    expect(set(db.creditTransactions.map((t) => t.transaction_action))).toEqual(set(TRANSACTION_ACTIONS));
    expect(set(db.creditTransactions.map((t) => t.transaction_type))).toEqual(set(CREDIT_TYPES));
    const months = set(db.creditTransactions.filter((t) => t.company_id === DEMO).map((t) => t.created_at.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(12);
    expect(db.creditTransactions.every((t) => Date.parse(t.created_at) > SEED_NOW - 366 * DAY)).toBe(true);
    for (const c of db.companies) {
      const b = balancesOf(db, c.id);
      for (const value of Object.values(b)) expect(value, c.name).toBeGreaterThanOrEqual(0);
    }
    expect(db.creditTransactions.filter((t) => t.transaction_action === "SPENDING").every((t) => t.amount < 0)).toBe(
      true,
    );
  });
});
