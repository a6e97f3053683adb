import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { summaryMismatches } from "../../test/findingCounts.ts";
import { migrate } from "../db/migrate.ts";
import { type Database, openDatabase } from "../db/pool.ts";
import { generateLarge, type LargeOptions, type LargeSummary, seedLarge } from "./million.ts";

// The large dataset's generator at a small scale, loaded into a fresh, empty database.
const OPTIONS: LargeOptions = { companies: 2, findings: 2_000, seed: "large-test", scansPerTarget: 4 };

let database: Database;
let summary: LargeSummary;
const name = `t_large_${randomBytes(6).toString("hex")}`;
const adminUrl = () => inject("pgAdminUrl");

const rows = async <T>(text: string): Promise<T[]> => (await database.pool.query(text)).rows as T[];

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  await migrate(url.toString());
  database = openDatabase(url.toString(), 2);
  const loaded = await seedLarge(database.db, database.pool, OPTIONS);
  if (!loaded) throw new Error("the empty database was not loaded");
  summary = loaded.summary;
});

afterAll(async () => {
  await database?.close();
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe("the large dataset", () => {
  it("holds the asked number of findings, evenly over the companies, each with its history", async () => {
    const perCompany = await rows<{ company_id: number; n: number }>(
      "select company_id, count(*)::int as n from findings group by company_id order by company_id",
    );
    expect(perCompany.map((r) => r.n)).toEqual([1_000, 1_000]);
    // The index's counts were summed after the load (migration 0310).
    expect(await summaryMismatches(database.db)).toEqual([]);
    const [summed] = await rows<{ n: number }>("select sum(n)::int as n from finding_counts");
    expect(summed?.n).toBe(2_000);
    expect(summary.findings).toBe(2_000);
    const [counts] = await rows<{ companies: number; logs: number; without: number; users: number }>(
      `select (select count(*)::int from companies) as companies,
              (select count(*)::int from finding_logs) as logs,
              (select count(*)::int from users) as users,
              (select count(*)::int from findings f
                where not exists (select 1 from finding_logs l where l.finding_id = f.id)) as without`,
    );
    expect(counts).toEqual({ companies: 2, logs: summary.findingLogs, users: summary.users, without: 0 });
    // Every finding's current status is its history's last entry.
    const [mismatch] = await rows<{ n: number }>(
      `select count(*)::int as n from findings f
        where f.status <> (select l.new_status from finding_logs l where l.finding_id = f.id
                            order by l.created_at desc, l.id desc limit 1)
           or f.version <> (select count(*) from finding_logs l where l.finding_id = f.id)`,
    );
    expect(mismatch?.n).toBe(0);
  });

  it("has every change, in every area", async () => {
    const changes = await rows<{ area: string; change: string }>(
      "select distinct area, change from findings order by area, change",
    );
    for (const area of ["network", "sourcecode", "web"]) {
      expect(changes.filter((c) => c.area === area).map((c) => c.change)).toEqual(["NEW", "REOPENED", "UNCHANGED"]);
    }
    const [scan] = await rows<{ n: number }>(
      `select count(*)::int as n from web_scans s
        where s.new_count <> (select count(*) from findings f where f.area = 'web' and f.parent_id = s.id and f.change = 'NEW')
           or s.reopened_count <> (select count(*) from findings f where f.area = 'web' and f.parent_id = s.id and f.change = 'REOPENED')`,
    );
    expect(scan?.n).toBe(0);
  });

  it("counts each scan's findings per severity on its row, as the store does", async () => {
    const live = (area: string, findings: string, scan: string) => `
      select s.id from ${area} s cross join lateral (
         select count(*) filter (where f.severity = 'HIGH') as high, count(*) filter (where f.severity = 'MEDIUM') as medium,
                count(*) filter (where f.severity = 'LOW') as low, count(*) filter (where f.severity = 'INFO') as info,
                count(*) filter (where f.severity = 'LOG') as log
           from ${findings} where ${scan} = s.id) c
       where (s.finding_high, s.finding_medium, s.finding_low, s.finding_info, s.finding_log)
             is distinct from (c.high::int, c.medium::int, c.low::int, c.info::int, c.log::int)`;
    const wrong = await rows<{ id: number }>(
      `${live("network_scans", "findings f join scan_endpoints se on se.id = f.parent_id and f.area = 'network'", "se.scan_id")}
       union all ${live("web_scans", "findings f", "f.area = 'web' and f.parent_id")}
       union all ${live("source_scans", "findings f", "f.area = 'sourcecode' and f.parent_id")}`,
    );
    expect(wrong).toEqual([]);
    const [counted] = await rows<{ n: number }>(
      "select sum(finding_high + finding_medium + finding_low + finding_info + finding_log)::int as n from network_scans",
    );
    expect(counted?.n).toBeGreaterThan(0);
  });

  it("reopens only what an earlier scan's finding had mitigated, and carries the rest over", async () => {
    const broken = await rows<{ id: number; change: string }>(
      `select f.id, f.change from findings f left join findings p on p.id = f.previous_id
        where (f.change = 'NEW') <> (f.previous_id is null)
           or (f.change = 'REOPENED' and (p.status <> 'MITIGATED'
                 or (select l.new_status from finding_logs l where l.finding_id = f.id order by l.id limit 1) <> 'ACTIVE'
                 or not exists (select 1 from finding_logs l where l.finding_id = p.id and l.new_status = 'MITIGATED')))
           or (f.change = 'UNCHANGED' and p.status = 'MITIGATED')
           or (p.id is not null and p.id >= f.id)`,
    );
    expect(broken).toEqual([]);
  });

  it("keeps a check's fingerprint across the scans of its target", async () => {
    const [counts] = await rows<{ split: number; shared: number; twice: number }>(
      `select
         -- A finding and the one it continues: same target, same check, same fingerprint.
         (select count(*)::int from findings f join findings p on p.id = f.previous_id
           where p.fingerprint <> f.fingerprint or p.target_key <> f.target_key
              or p.vulnerability_id <> f.vulnerability_id) as split,
         -- One fingerprint is one check on one target.
         (select count(*)::int from (select fingerprint from findings group by fingerprint
                                     having count(distinct (target_key, vulnerability_id)) > 1) x) as shared,
         -- A scan reports a check once per target.
         (select count(*)::int from (select 1 from findings group by area, parent_id, fingerprint
                                     having count(*) > 1) x) as twice`,
    );
    expect(counts).toEqual({ split: 0, shared: 0, twice: 0 });
  });

  it("writes the placement columns the findings trigger would", async () => {
    const client = await database.pool.connect();
    try {
      await client.query("begin");
      await client.query(
        `create temp table loaded on commit drop as
           select id, scan_id, product_id, configuration_id, application_id, scan_endpoint_id, threat_endpoint_id,
                  target_key, location_target, sort_host, cvss, search_text from findings`,
      );
      await client.query("update findings set area = area");
      const differ = await client.query(
        `select f.id from findings f join loaded l using (id)
          where (f.scan_id, f.product_id, f.configuration_id, f.application_id, f.scan_endpoint_id,
                 f.threat_endpoint_id, f.target_key, f.location_target, f.sort_host, f.cvss, f.search_text)
                is distinct from
                (l.scan_id, l.product_id, l.configuration_id, l.application_id, l.scan_endpoint_id,
                 l.threat_endpoint_id, l.target_key, l.location_target, l.sort_host, l.cvss, l.search_text)
          limit 5`,
      );
      expect(differ.rows).toEqual([]);
    } finally {
      await client.query("rollback");
      client.release();
    }
  });

  it("leaves a loaded database alone and continues its identities", async () => {
    expect(await seedLarge(database.db, database.pool, OPTIONS)).toBeNull();
    const [next] = await rows<{ taken: number; max: number }>(
      `select nextval(pg_get_serial_sequence('findings', 'id'))::int as taken, (select max(id) from findings) as max`,
    );
    expect(next?.taken).toBe((next?.max ?? 0) + 1);
  });

  it("is deterministic: the same seed gives the same rows, another seed others", async () => {
    const again = await generateLarge(OPTIONS, "hash", async () => {});
    const same = await generateLarge(OPTIONS, "hash", async () => {});
    const other = await generateLarge({ ...OPTIONS, seed: "another" }, "hash", async () => {});
    expect(again.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(same.hash).toBe(again.hash);
    expect(same.changes).toEqual(summary.changes);
    expect(other.hash).not.toBe(again.hash);
  });
});
