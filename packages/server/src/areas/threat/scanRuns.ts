import { sql } from "kysely";
import { refuseMember } from "../../auth/memberRights.ts";
import type { ScanningConfig } from "../../config.ts";
import { audit } from "../../db/audit.ts";
import type { Tx } from "../../db/pool.ts";
import { conflict, nonField, notFound } from "../../http/errors.ts";
import type { Caller } from "../../http/handler.ts";
import { type JobQueue, QUEUES } from "../../jobs/queue.ts";
import { DEFAULT_REPUTATION } from "../../scanning/reputation/aggregator.ts";
import { DNSBL_ENGINES } from "../../scanning/reputation/engines.ts";
import { balanceOf, lockCompanyCredits } from "./credits.ts";
import { CREDITS_PER_ENDPOINT, ownCompany } from "./purchase.ts";
import { scanById, scoped, selectedHosts } from "./queries.ts";

export interface ThreatScanJob {
  scanId: number;
  companyId: number;
}

interface Actor {
  caller: Caller;
  requestId: string;
}

/** Where a scan's work goes: the job queue and the settings its expiry is reckoned from. */
export interface ScanStarter {
  jobs: JobQueue;
  scanning: ScanningConfig;
}

export const operatorOf = (caller: Caller) =>
  sql`coalesce((select first_name || ' ' || last_name from users where id = ${caller.id}), 'System')`;

/**
 * Gives a queued scan its endpoints (one per host, in selection order) and queues the job that runs
 * it, in the caller's transaction: a scan is never queued without its job, nor a job without its scan.
 */
export async function queueThreatScan(
  tx: Tx,
  { jobs, scanning }: ScanStarter,
  scan: { id: number; companyId: number; hostIds: number[]; domains: number },
) {
  await sql`update threat_scans set runs_engines = true where id = ${scan.id}`.execute(tx);
  await sql`insert into threat_endpoints (company_id, scan_id, host_id, status)
            select ${scan.companyId}, ${scan.id}, h, 'QUEUED'
            from unnest(${scan.hostIds}::int[]) with ordinality as sel(h, n) order by sel.n`.execute(tx);
  const reputation = scanning.reputation ?? DEFAULT_REPUTATION;
  // Every subject waits at most a timeout per round of `concurrency` engines.
  const rounds = Math.ceil(DNSBL_ENGINES.length / reputation.concurrency);
  const perSubjectSeconds = Math.ceil((rounds * (reputation.timeoutMs + 500)) / 1000);
  const job: ThreatScanJob = { scanId: scan.id, companyId: scan.companyId };
  await jobs.sendInTx(tx, QUEUES.threatScan, job, {
    group: { id: String(scan.companyId) },
    expireInSeconds: (scan.hostIds.length + scan.domains) * perSubjectSeconds + 60,
    // A worker that dies mid-scan stops beating: the job is retried, and the scan resumes where it was.
    heartbeatSeconds: scanning.jobHeartbeatSeconds,
    retryLimit: 3,
    // When every retry has failed, the scan is ended as FAILED and refunded (failAbandonedThreatScan).
    deadLetter: QUEUES.deadThreatScan,
  });
}

/**
 * Runs a paid configuration's check now, on top of its schedule: its price (10 THREATINSPECTION
 * credits per endpoint, spec §9) is debited in the transaction that queues it, with the company's
 * credit row held while the balance is read, as every spending does.
 */
export async function runThreatScan(tx: Tx, { caller, requestId }: Actor, starter: ScanStarter, configId: number) {
  const config = (
    await sql<{ company_id: number; name: string; paid_invoice: string | null }>`
      select tc.company_id, tc.name, tc.paid_invoice from threat_configs tc
      where tc.id = ${configId} and ${scoped("tc.company_id", ownCompany(caller))}
      for update`.execute(tx)
  ).rows[0];
  if (!config) throw notFound();
  refuseMember(caller, "scans");
  if (!config.paid_invoice) {
    throw nonField(
      "This configuration is not paid yet. Estimate its price and pay it; the payment starts its first scan.",
    );
  }
  const active = await sql`select 1 from threat_scans
                           where config_id = ${configId} and status in ('QUEUED', 'RUNNING')`.execute(tx);
  if (active.rows.length > 0) {
    throw conflict({ detail: "A scan of this configuration is already queued or running. Wait for it, or abort it." });
  }
  const hosts = await selectedHosts(tx, configId);
  if (hosts.length === 0) throw nonField("This configuration has no endpoints left to inspect.");

  await lockCompanyCredits(tx, config.company_id);
  const price = hosts.length * CREDITS_PER_ENDPOINT;
  const balance = await balanceOf(tx, config.company_id, "THREATINSPECTION");
  if (balance < price) {
    throw nonField(
      `This scan costs ${price} threat inspection credits (${CREDITS_PER_ENDPOINT} for each of its ${hosts.length} endpoints) and the balance is ${balance}. Top up credits first.`,
    );
  }
  const scan = (
    await sql<{ id: number }>`
      insert into threat_scans (company_id, config_id, status, scanned_by, price)
      values (${config.company_id}, ${configId}, 'QUEUED', ${caller.id}, ${price}) returning id`.execute(tx)
  ).rows[0];
  if (!scan) throw new Error("The scan was not inserted.");
  await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator, reference)
            values (${config.company_id}, ${-price}, 'THREATINSPECTION', 'SPENDING', ${operatorOf(caller)},
                    ${JSON.stringify({ kind: "THREAT_INSPECTION", id: configId, scan_id: scan.id, target_id: null, label: config.name })}::jsonb)`.execute(
    tx,
  );
  await queueThreatScan(tx, starter, {
    id: scan.id,
    companyId: config.company_id,
    hostIds: hosts.map((h) => h.id),
    domains: hosts.reduce((n, h) => n + h.domains.length, 0),
  });
  await audit(tx, {
    companyId: config.company_id,
    actorId: caller.id,
    action: "threat_scan.run",
    entity: "threat_scan",
    entityId: scan.id,
    before: null,
    after: { config: configId, endpoints: hosts.length, price },
    requestId,
  });
  return (await scanById(tx, scan.id)) ?? Promise.reject(notFound());
}

/**
 * Refunds what a scan did not check: the price of its endpoints that did not complete. Written once:
 * the caller holds the scan row, and a scan already refunded has a REFUND row naming it.
 */
export async function refundUncheckedEndpoints(
  tx: Tx,
  scanId: number,
  operator: ReturnType<typeof operatorOf> | string,
) {
  await sql`
    insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator, reference)
    select s.company_id, least(s.price, ${CREDITS_PER_ENDPOINT} * count(e.id)), 'THREATINSPECTION', 'REFUND', ${operator},
           jsonb_build_object('kind', 'THREAT_INSPECTION', 'id', s.config_id, 'scan_id', s.id, 'target_id', null,
                              'label', tc.name)
    from threat_scans s
    join threat_configs tc on tc.id = s.config_id
    join threat_endpoints e on e.scan_id = s.id and e.status <> 'COMPLETED'
    where s.id = ${scanId} and s.price > 0
      and not exists (select 1 from credit_transactions r
                      where r.transaction_action = 'REFUND' and r.transaction_type = 'THREATINSPECTION'
                        and r.reference ->> 'kind' = 'THREAT_INSPECTION' and (r.reference ->> 'scan_id')::int = s.id)
    group by s.company_id, s.config_id, s.id, s.price, tc.name
    having count(e.id) > 0`.execute(tx);
}

/**
 * Stops a scan that has not ended: it and its unfinished endpoints become ABORTED (the worker sees it
 * and cancels its queries), and the endpoints it did not check are refunded.
 */
export async function abortThreatScan(tx: Tx, { caller, requestId }: Actor, ids: { configId: number; scanId: number }) {
  const scan = (
    await sql<{ company_id: number; status: string }>`
      select s.company_id, s.status from threat_scans s
      where s.id = ${ids.scanId} and s.config_id = ${ids.configId} and ${scoped("s.company_id", ownCompany(caller))}
      for update of s`.execute(tx)
  ).rows[0];
  if (!scan) throw notFound();
  refuseMember(caller, "scans");
  if (!["PENDING", "QUEUED", "RUNNING"].includes(scan.status)) {
    throw conflict({
      detail: `This scan has already ended (${scan.status.toLowerCase()}); there is nothing to abort.`,
    });
  }
  await sql`
    with endpoints as (
      update threat_endpoints set status = 'ABORTED', updated_at = now()
      where scan_id = ${ids.scanId} and status in ('PENDING', 'QUEUED', 'RUNNING')
    )
    update threat_scans set status = 'ABORTED', end_scan = now(), failure_reason = ${`Aborted by ${caller.email}.`}
    where id = ${ids.scanId}`.execute(tx);
  await refundUncheckedEndpoints(tx, ids.scanId, operatorOf(caller));
  await audit(tx, {
    companyId: scan.company_id,
    actorId: caller.id,
    action: "threat_scan.abort",
    entity: "threat_scan",
    entityId: ids.scanId,
    before: { status: scan.status },
    after: { status: "ABORTED" },
    requestId,
  });
  return (await scanById(tx, ids.scanId)) ?? Promise.reject(notFound());
}
