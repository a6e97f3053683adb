import { buildSeed } from "@sentinel/api-client/mocks/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DnsAnswer, startDnsServer } from "../../test/dnsblServer.ts";
import { type TestServer, testServer } from "../../test/harness.ts";
import { severityDrift, storedTotal } from "../../test/severityCounts.ts";
import type { Json } from "../../test/staticMode.ts";
import { withScope } from "../db/pool.ts";
import { loadContract } from "../http/contract.ts";
import { startScanWorkers } from "../server.ts";
import { DNSBL_ENGINES } from "./reputation/engines.ts";
import { runThreatScanJob } from "./threatJob.ts";
import { storeThreatEndpointResult, verdictFingerprint } from "./threatStore.ts";

/**
 * A threat inspection scan that really runs (issue 29): through the job queue and its worker, the
 * aggregator asks every blocklist of the engine list about two hosts and their domains, served by a
 * loopback DNS server with RFC 5782's test points. Spamhaus ZEN answers its "public resolver"
 * refusal, SpamCop never answers, Barracuda lists nothing. Rescans match findings (UNCHANGED with the
 * triage carried, MITIGATED only where the same list answered "not listed", REOPENED); an abort
 * stops the queries and refunds what was not checked; a job run again stores nothing twice.
 */

const seed = buildSeed();
const ADMIN = "admin@example.com";
const OWN = seed.users.find((u) => u.email === ADMIN)?.company_id ?? 0;
const contract = loadContract();
const IP_ENGINES = DNSBL_ENGINES.filter((e) => e.kind === "ip");
const DOMAIN_ENGINES = DNSBL_ENGINES.filter((e) => e.kind === "domain");

/** What the DNS server does besides RFC 5782's test points; tests change it between scans. */
const behaviour = { dblClean: false, uriblSilent: false, silent: false };

function answer(name: string): DnsAnswer {
  if (behaviour.silent) return "drop";
  if (name.endsWith(".zen.spamhaus.org")) return { a: ["127.255.255.254"] };
  if (name.endsWith(".bl.spamcop.net")) return "drop";
  if (name.endsWith(".b.barracudacentral.org")) return { rcode: "NXDOMAIN" };
  if (behaviour.dblClean && name.endsWith(".dbl.spamhaus.org")) return { rcode: "NXDOMAIN" };
  if (behaviour.uriblSilent && name.endsWith(".multi.uribl.com")) return "drop";
  // The DBL answers in 127.0.1.0/24; 127.0.1.2 is its spam code.
  if (name === "test.dbl.spamhaus.org") return { a: ["127.0.1.2"] };
  if (name.startsWith("2.0.0.127.") || name.startsWith("test.")) return { a: ["127.0.0.2"] };
  return { rcode: "NXDOMAIN" };
}

let dns: Awaited<ReturnType<typeof startDnsServer>>;
let stopScheduler = () => {};
let server: TestServer;
let token = "";
let configId = 0;
const hosts = { listed: 0, clean: 0 };

const db = () => server.services.db;
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;
const base = "/api/v1/threat-inspection/scan-configuration/";
async function call(method: string, url: string, body?: unknown) {
  const res = await server.call(method, url, { token, ...(body === undefined ? {} : { body }) });
  return { status: res.statusCode, body: res.body === "" ? null : (res.json() as Json | Json[]) };
}

function expectValid(operationId: string, status: number, body: unknown) {
  const operation = contract.byId.get(operationId);
  if (!operation) throw new Error(`the contract has no ${operationId}`);
  const validate = contract.responseValidator(operation, status);
  if (!validate) throw new Error(`the contract declares no ${status} body for ${operationId}`);
  expect(validate(body) ? [] : validate.errors, `${operationId} ${status}`).toEqual([]);
}

async function waitForEnd(scanId: number) {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    const [scan] = await rows<{ status: string }>(sql`select status from threat_scans where id = ${scanId}`);
    if (scan && !["PENDING", "QUEUED", "RUNNING"].includes(scan.status)) return scan.status;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`scan ${scanId} did not end`);
}

async function waitForJob(scanId: number) {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    const [job] = await rows<{ state: string }>(
      sql`select state from pgboss.job where name = 'scan.threat' and (data ->> 'scanId')::int = ${scanId}`,
    );
    if (job && ["completed", "failed"].includes(job.state)) return job.state;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the job of scan ${scanId} did not end`);
}

async function runNow() {
  const res = await call("POST", `${base}${configId}/scans/`);
  expect(res.status).toBe(201);
  return (res.body as Json).id as number;
}

const findingsOf = (scanId: number) =>
  rows<{
    id: number;
    host: string;
    name: string;
    severity: string;
    status: string;
    change: string;
    fingerprint: string;
    previous_id: number | null;
  }>(sql`select f.id, f.host, f.name, f.severity, f.status, f.change, f.fingerprint, f.previous_id
         from findings f join threat_endpoints e on e.id = f.parent_id
         where f.area = 'threat' and e.scan_id = ${scanId} order by f.id`);

const engineZone = (name: string) => DNSBL_ENGINES.find((e) => e.name === name)?.zone ?? "";

beforeAll(async () => {
  dns = await startDnsServer(answer);
  server = await testServer({ REPUTATION_DNS_SERVERS: dns.server, REPUTATION_TIMEOUT_MS: "1000" });
  token = (await server.signIn(ADMIN)).access;
  stopScheduler = await startScanWorkers(server.services.jobs, {
    db: server.services.db,
    scanning: server.services.config.scanning,
  });

  // Two hosts an exposure scan of the company's target found: one listed everywhere (RFC 5782's
  // 127.0.0.2 with the domain `test`), one listed nowhere (127.0.0.1 with `invalid`).
  const target = seed.threatConfigs.find((c) => c.company_id === OWN)?.exposure_target_id ?? 0;
  const [exposure] = await rows<{ id: number }>(
    sql`select es.id from exposure_assets ea
        join exposure_configs ec on ec.id = (select min(id) from exposure_configs where asset_id = ea.id)
        join exposure_scans es on es.config_id = ec.id where ea.target_id = ${target} order by es.id limit 1`,
  );
  const scan = exposure?.id ?? 0;
  const [test, invalid] = await rows<{ id: number }>(
    sql`insert into exposure_domains (company_id, scan_id, name, domain_type)
        values (${OWN}, ${scan}, 'test', 'DOMAIN'), (${OWN}, ${scan}, 'invalid', 'DOMAIN') returning id`,
  );
  const inserted = await rows<{ id: number }>(
    sql`insert into exposure_hosts (company_id, scan_id, name, domain_ids)
        values (${OWN}, ${scan}, '127.0.0.2', ${[test?.id ?? 0]}::int[]),
               (${OWN}, ${scan}, '127.0.0.1', ${[invalid?.id ?? 0]}::int[]) returning id`,
  );
  hosts.listed = inserted[0]?.id ?? 0;
  hosts.clean = inserted[1]?.id ?? 0;
  await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator)
            values (${OWN}, 1000, 'THREATINSPECTION', 'TOPUP', 'Test')`.execute(db());

  const created = await call("POST", base, { name: "Mail relays", exposure_detection_target: target });
  configId = (created.body as Json).id as number;
  await call("PUT", `${base}${configId}/update-endpoint/`, { endpoints: [hosts.listed, hosts.clean] });
  const estimate = await call("POST", `${base}${configId}/estimate-price/`, { scan_frequency: "MONTHLY" });
  const summary = (estimate.body as Json).charge_summary as Json;
  const paid = await call("POST", `${base}${configId}/process/`, {
    invoice_id: summary.invoice_number,
    amount_paid: summary.grand_total,
  });
  expect(paid.status).toBe(200);
}, 60_000);

afterAll(async () => {
  stopScheduler();
  await server.close();
  await dns.close();
});

let firstScan = 0;
let secondScan = 0;

describe("a threat inspection scan through the blocklists", () => {
  it("checks both hosts and their domains, and stores verdicts, the rate, findings, the report and the run", async () => {
    const [scan] = await rows<{ id: number }>(sql`select id from threat_scans where config_id = ${configId}`);
    firstScan = scan?.id ?? 0;
    expect(await waitForEnd(firstScan)).toBe("COMPLETED");
    const [done] = await rows<Json>(
      sql`select status, progress, completed_count, failed_count, failure_reason, start_scan is not null as started
          from threat_scans where id = ${firstScan}`,
    );
    expect(done).toEqual({
      status: "COMPLETED",
      progress: 100,
      completed_count: 2,
      failed_count: 0,
      failure_reason: null,
      started: true,
    });

    // The endpoint reputations: ZEN's refusal and SpamCop's silence are not answers; Barracuda's
    // NXDOMAIN is. 127.0.0.2 is listed by every other IP list: detections over those that answered.
    const endpoints = await call("GET", `${base}scans/${firstScan}/endpoint-reputation/`);
    expect(endpoints.status).toBe(200);
    expectValid("listThreatInspectionEndpointReputations", 200, endpoints.body);
    const [listed, clean] = endpoints.body as Json[];
    const detections = IP_ENGINES.length - 3;
    expect(listed).toMatchObject({
      endpoint: "127.0.0.2",
      detections,
      detection_rate: Math.round((detections / (detections + 1)) * 1000) / 10,
    });
    const engines = listed?.engine_endpoint_reputations as Json[];
    expect(engines.map((e) => e.engine)).toEqual(IP_ENGINES.map((e) => e.name));
    const byEngine = Object.fromEntries(engines.map((e) => [e.engine, e]));
    expect(byEngine["Spamhaus ZEN"]).toMatchObject({
      detected: false,
      verdict: "NO_ANSWER",
      category: null,
      reference: null,
    });
    expect(byEngine.SpamCop).toMatchObject({ detected: false, verdict: "NO_ANSWER" });
    expect(byEngine.Barracuda).toMatchObject({ detected: false, verdict: "NOT_LISTED" });
    expect(byEngine["Spamhaus SBL"]).toMatchObject({
      detected: true,
      verdict: "LISTED",
      category: "spam",
      reference: "https://check.spamhaus.org/results/?query=127.0.0.2",
    });
    expect(clean).toMatchObject({ endpoint: "127.0.0.1", detections: 0, detection_rate: 0 });

    const domains = await call("GET", `${base}scans/${firstScan}/domain-reputation/`);
    expectValid("listThreatInspectionDomainReputations", 200, domains.body);
    expect((domains.body as Json[]).map((d) => [d.domain, d.detections, d.detection_rate])).toEqual([
      ["test", DOMAIN_ENGINES.length, 100],
      ["invalid", 0, 0],
    ]);
    const dbl = (((domains.body as Json[])[0]?.engine_domain_reputations as Json[] | undefined) ?? []).find(
      (e) => e.engine === "Spamhaus DBL",
    );
    expect(dbl).toMatchObject({ detected: true, confidence: 100, category: "spam" });

    // The endpoint read carries the same reputation.
    const [ep] = await rows<{ id: number }>(
      sql`select id from threat_endpoints where scan_id = ${firstScan} and host_id = ${hosts.listed}`,
    );
    const endpoint = await call("GET", `${base}endpoints/${ep?.id}/`);
    expectValid("getThreatInspectionEndpoint", 200, endpoint.body);
    expect((endpoint.body as Json).endpoint_reputation).toEqual(listed);
    expect((endpoint.body as Json).finding_total).toBe(detections + DOMAIN_ENGINES.length);

    // One finding per listing, none for a list that refused or did not answer.
    const findings = await findingsOf(firstScan);
    expect(findings.length).toBe(detections + DOMAIN_ENGINES.length);
    expect(findings.every((f) => f.change === "NEW" && f.status === "ACTIVE")).toBe(true);
    expect(new Set(findings.map((f) => f.fingerprint)).size).toBe(findings.length);
    expect(findings.some((f) => f.name.startsWith("Listed on Spamhaus ZEN"))).toBe(false);
    expect(findings.find((f) => f.fingerprint === verdictFingerprint("dbl.spamhaus.org", "test"))).toMatchObject({
      host: "test",
      name: "Listed on Spamhaus DBL (spam)",
      severity: "MEDIUM",
    });

    const runs = await rows<{ engine: string; outcome: string; format: string; size: number }>(
      sql`select r.engine, r.outcome, p.format, p.size from scan_engine_runs r
          join scan_reports p on p.company_id = r.company_id and p.sha256 = r.report_sha256
          where r.area = 'threat' and r.scan_id = ${firstScan} order by r.part_id`,
    );
    expect(runs.map(({ engine, outcome, format }) => ({ engine, outcome, format }))).toEqual([
      { engine: "dnsbl-aggregator", outcome: "COMPLETED", format: "sentinel-dnsbl-verdicts+json" },
      { engine: "dnsbl-aggregator", outcome: "COMPLETED", format: "sentinel-dnsbl-verdicts+json" },
    ]);
    const [report] = await rows<{ content: Buffer }>(
      sql`select p.content from scan_engine_runs r join scan_reports p on p.sha256 = r.report_sha256
          where r.area = 'threat' and r.part_id = ${ep?.id}`,
    );
    const record = JSON.parse(report?.content.toString() ?? "{}");
    expect(record.subjects.map((s: Json) => [s.subject, s.kind])).toEqual([
      ["127.0.0.2", "ENDPOINT"],
      ["test", "DOMAIN"],
    ]);
    const refunds = await rows(
      sql`select 1 from credit_transactions where transaction_action = 'REFUND' and transaction_type = 'THREATINSPECTION'
          and reference ->> 'kind' = 'THREAT_INSPECTION' and (reference ->> 'scan_id')::int = ${firstScan}`,
    );
    expect(refunds).toEqual([]);
  }, 300_000);

  it("stores an endpoint's verdicts once: a job run again and a second store change nothing", async () => {
    const count = async () =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from threat_verdicts where scan_id = ${firstScan}`))[0]
        ?.n;
    const before = await count();
    await runThreatScanJob(
      { db: db(), scanning: server.services.config.scanning },
      { scanId: firstScan, companyId: OWN },
    );
    const [ep] = await rows<{ id: number }>(sql`select id from threat_endpoints where scan_id = ${firstScan} limit 1`);
    const stored = await withScope(db(), { companies: OWN, userId: null }, (tx) =>
      storeThreatEndpointResult(tx, firstScan, {
        endpointId: ep?.id ?? 0,
        engine: "dnsbl-aggregator",
        engineVersion: "test",
        startedAt: new Date(),
        outcome: "COMPLETED",
        detail: null,
        subjects: [],
      }),
    );
    expect(stored).toBe(false);
    expect(await count()).toBe(before);
  });

  it("matches a rescan's listings as UNCHANGED, carrying triage", async () => {
    const first = await findingsOf(firstScan);
    const triaged = first.find((f) => f.fingerprint === verdictFingerprint("zrd.spamhaus.org", "test"));
    await sql`update findings set status = 'FIXING' where id = ${triaged?.id}`.execute(db());
    const before = await rows<{ balance: number }>(
      sql`select sum(amount)::int as balance from credit_transactions
          where company_id = ${OWN} and transaction_type = 'THREATINSPECTION'`,
    );

    secondScan = await runNow();
    expect(await waitForEnd(secondScan)).toBe("COMPLETED");
    const after = await rows<{ balance: number }>(
      sql`select sum(amount)::int as balance from credit_transactions
          where company_id = ${OWN} and transaction_type = 'THREATINSPECTION'`,
    );
    expect((after[0]?.balance ?? 0) - (before[0]?.balance ?? 0)).toBe(-20);

    const second = await findingsOf(secondScan);
    expect(second.length).toBe(first.length);
    expect(second.every((f) => f.change === "UNCHANGED")).toBe(true);
    const previous = new Map(first.map((f) => [f.fingerprint, f.id]));
    expect(second.every((f) => f.previous_id === previous.get(f.fingerprint))).toBe(true);
    expect(second.find((f) => f.fingerprint === triaged?.fingerprint)?.status).toBe("FIXING");
    // Each scan's counts per severity, kept on its row by the store (migration 0300), are a live count's.
    expect(await storedTotal(db(), "threat_scans", firstScan)).toBe(first.length);
    expect(await storedTotal(db(), "threat_scans", secondScan)).toBe(second.length);
    expect(await severityDrift(db(), "threat_scans")).toEqual([]);
  }, 300_000);

  it("mitigates a listing only when the same list answered 'not listed', and reopens it when it lists again", async () => {
    behaviour.dblClean = true;
    behaviour.uriblSilent = true;
    const third = await runNow();
    expect(await waitForEnd(third)).toBe("COMPLETED");
    const second = await findingsOf(secondScan);
    const dbl = verdictFingerprint(engineZone("Spamhaus DBL"), "test");
    const uribl = verdictFingerprint(engineZone("URIBL"), "test");
    expect(second.find((f) => f.fingerprint === dbl)?.status).toBe("MITIGATED");
    // URIBL did not answer: its listing is neither found again nor mitigated.
    expect(second.find((f) => f.fingerprint === uribl)?.status).toBe("ACTIVE");
    const thirdFindings = await findingsOf(third);
    expect(thirdFindings.length).toBe(second.length - 2);
    expect(thirdFindings.some((f) => f.fingerprint === dbl || f.fingerprint === uribl)).toBe(false);
    const log = await rows<{ message: string }>(
      sql`select message from finding_logs where finding_id = ${second.find((f) => f.fingerprint === dbl)?.id}`,
    );
    expect(log.map((l) => l.message)).toEqual([
      `Scan #${third} asked the same blocklist again, and it answered "not listed".`,
    ]);

    behaviour.dblClean = false;
    behaviour.uriblSilent = false;
    const fourth = await runNow();
    expect(await waitForEnd(fourth)).toBe("COMPLETED");
    const fourthFindings = await findingsOf(fourth);
    expect(fourthFindings.find((f) => f.fingerprint === dbl)).toMatchObject({ change: "REOPENED", status: "ACTIVE" });
    expect(fourthFindings.find((f) => f.fingerprint === uribl)?.change).toBe("UNCHANGED");
  }, 300_000);

  it("stops an aborted scan's queries and refunds the endpoints it did not check", async () => {
    behaviour.silent = true;
    try {
      const scanId = await runNow();
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const [s] = await rows<{ status: string }>(sql`select status from threat_scans where id = ${scanId}`);
        if (s?.status === "RUNNING") break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const aborted = await call("POST", `${base}${configId}/scans/${scanId}/abort/`);
      expect(aborted.status).toBe(200);
      expect(await waitForJob(scanId)).toBe("completed");
      const endpoints = await rows<{ id: number; status: string }>(
        sql`select id, status from threat_endpoints where scan_id = ${scanId}`,
      );
      const unchecked = endpoints.filter((e) => e.status !== "COMPLETED");
      expect(unchecked.length).toBeGreaterThan(0);
      expect(unchecked.every((e) => e.status === "ABORTED")).toBe(true);
      const refunds = await rows<{ amount: number }>(
        sql`select amount::int as amount from credit_transactions where transaction_action = 'REFUND'
            and reference ->> 'kind' = 'THREAT_INSPECTION' and (reference ->> 'scan_id')::int = ${scanId}`,
      );
      expect(refunds).toEqual([{ amount: 10 * unchecked.length }]);
      const verdicts = await rows<{ endpoint_id: number }>(
        sql`select distinct endpoint_id from threat_verdicts where scan_id = ${scanId}`,
      );
      expect(verdicts.every((v) => !unchecked.some((e) => e.id === v.endpoint_id))).toBe(true);
      const [scan] = await rows<{ status: string }>(sql`select status from threat_scans where id = ${scanId}`);
      expect(scan?.status).toBe("ABORTED");
    } finally {
      behaviour.silent = false;
    }
  }, 300_000);

  it("fails a scan no blocklist answered, saying why, and refunds it whole", async () => {
    behaviour.silent = true;
    try {
      const scanId = await runNow();
      expect(await waitForEnd(scanId)).toBe("FAILED");
      const [scan] = await rows<{ failure_reason: string; failed_count: number }>(
        sql`select failure_reason, failed_count from threat_scans where id = ${scanId}`,
      );
      expect(scan?.failed_count).toBe(2);
      expect(scan?.failure_reason).toBe(
        "No blocklist answered. No answer within 1000 ms. Check the DNS servers the reputation checks use.",
      );
      const refunds = await rows<{ amount: number }>(
        sql`select amount::int as amount from credit_transactions where transaction_action = 'REFUND'
            and reference ->> 'kind' = 'THREAT_INSPECTION' and (reference ->> 'scan_id')::int = ${scanId}`,
      );
      expect(refunds).toEqual([{ amount: 20 }]);
      expect((await call("GET", `${base}scans/${scanId}/endpoint-reputation/`)).body).toEqual([]);
    } finally {
      behaviour.silent = false;
    }
  }, 300_000);
});
