import { CREDITS_PER_ENDPOINT } from "@sentinel/api-client/mocks/labels";
import { sql } from "kysely";
import { refuseMember } from "../../auth/memberRights.ts";
import type { ScanningConfig } from "../../config.ts";
import { audit } from "../../db/audit.ts";
import type { Tx } from "../../db/pool.ts";
import { conflict, nonField, notFound } from "../../http/errors.ts";
import type { Caller } from "../../http/handler.ts";
import { type JobQueue, QUEUES } from "../../jobs/queue.ts";
import { outOfScope, widenedRanges } from "../../scanning/scope.ts";
import { balanceOf, lockCompanyCredits } from "../threat/credits.ts";
import { scanById } from "./networkva.ts";
import { companyIs } from "./sql.ts";

export interface NetworkScanJob {
  scanId: number;
  companyId: number;
}

interface Actor {
  caller: Caller;
  requestId: string;
}

const operatorOf = (caller: Caller) =>
  sql`coalesce((select first_name || ' ' || last_name from users where id = ${caller.id}), 'System')`;

/**
 * Queues a scan of every target of a configuration, now: the scan and its endpoints, the debit of
 * its price and the job that runs it are written in one transaction, so a scan is never queued
 * unpaid, nor paid and never run. The company's credit row is held while the balance is read, as
 * every spending does.
 */
export async function runNetworkScan(
  tx: Tx,
  { caller, requestId }: Actor,
  scanning: ScanningConfig,
  jobs: JobQueue,
  configId: number,
  company: number | null,
) {
  const config = await lockConfig(tx, configId, company);
  if (!config) throw notFound();
  refuseMember(caller, "scans");
  const queued = await queueNetworkScan(tx, scanning, jobs, {
    config,
    pendingScanId: null,
    scannedBy: caller.id,
    operator: operatorOf(caller),
  });
  await audit(tx, {
    companyId: config.company_id,
    actorId: caller.id,
    action: "network_scan.run",
    entity: "network_scan",
    entityId: queued.scanId,
    before: null,
    after: { config: configId, endpoints: queued.endpoints, price: queued.price },
    requestId,
  });
  return (await scanById(tx, queued.scanId)) ?? Promise.reject(notFound());
}

export interface LockedConfig {
  id: number;
  company_id: number;
  schedulle_type: string;
  frequency_type: string | null;
  product: string;
}

/** A configuration the caller may see, held until the transaction ends so two runs cannot both pass the checks. */
export async function lockConfig(tx: Tx, configId: number, company: number | null) {
  return (
    await sql<LockedConfig>`
      select c.id, c.company_id, c.schedulle_type, c.frequency_type, p.name as product
      from network_configs c join products p on p.id = c.product_id
      where c.id = ${configId} and ${companyIs("c.company_id", company)}
      for update of c`.execute(tx)
  ).rows[0];
}

/**
 * The checks and writes a scan goes through to be queued, whoever asks: a user's "Run now", or the
 * scheduler when a PENDING scan's time comes (`pendingScanId`, which then becomes the queued scan).
 * A refusal throws before anything is written.
 */
export async function queueNetworkScan(
  tx: Tx,
  scanning: ScanningConfig,
  jobs: JobQueue,
  {
    config,
    pendingScanId,
    scannedBy,
    operator,
  }: {
    config: LockedConfig;
    pendingScanId: number | null;
    scannedBy: number | null;
    operator: ReturnType<typeof operatorOf> | string;
  },
) {
  const active = await sql`select 1 from network_scans
                           where config_id = ${config.id} and status in ('QUEUED', 'RUNNING')`.execute(tx);
  if (active.rows.length > 0) {
    throw conflict({ detail: "A scan of this configuration is already queued or running. Wait for it, or abort it." });
  }

  const targets = (
    await sql<{ endpoint_id: number; host: string }>`
      select distinct e.id as endpoint_id, e.host
      from network_targets t join network_endpoints e on e.id = t.endpoint_id
      join network_assets a on a.id = e.asset_id
      where t.config_id = ${config.id} and a.archived_at is null
      order by e.id`.execute(tx)
  ).rows;
  if (targets.length === 0) throw nonField("This configuration has no targets to scan. Add a target first.");
  const widened = await widenedRanges(tx, config.company_id);
  for (const target of targets) {
    const refused = outOfScope(target.host, scanning.allowedRanges, widened);
    if (refused) throw nonField(refused);
  }

  await lockCompanyCredits(tx, config.company_id);
  const price = targets.length * CREDITS_PER_ENDPOINT;
  const balance = await balanceOf(tx, config.company_id, "NETWORKVA");
  if (balance < price) {
    throw nonField(
      `This scan costs ${price} network credits (${CREDITS_PER_ENDPOINT} for each of its ${targets.length} endpoints) and the balance is ${balance}. Top up credits first.`,
    );
  }

  const scan = (
    pendingScanId === null
      ? await sql<{ id: number }>`
          insert into network_scans (company_id, config_id, status, scan_time_id, scan_time_schedulle, schedulle_type,
                                     scanned_by, price)
          values (${config.company_id}, ${config.id}, 'QUEUED',
                  (select coalesce(max(scan_time_id), 0) + 1 from network_scans where config_id = ${config.id}),
                  now(), ${config.schedulle_type}, ${scannedBy}, ${price})
          returning id`.execute(tx)
      : await sql<{ id: number }>`
          update network_scans set status = 'QUEUED', price = ${price}
          where id = ${pendingScanId} and status = 'PENDING' returning id`.execute(tx)
  ).rows[0];
  if (!scan) throw new Error("The scan was not queued.");
  // A booked scan listed its endpoints while PENDING; the queued scan lists today's targets instead.
  await sql`delete from scan_endpoints where scan_id = ${scan.id} and status = 'PENDING'`.execute(tx);
  await sql`insert into scan_endpoints (company_id, scan_id, endpoint_id, status)
            select ${config.company_id}, ${scan.id}, e, 'QUEUED'
            from unnest(${targets.map((t) => t.endpoint_id)}::int[]) as e`.execute(tx);
  await sql`insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator, reference)
            values (${config.company_id}, ${-price}, 'NETWORKVA', 'SPENDING', ${operator},
                    ${JSON.stringify({ kind: "NETWORK_VA", id: config.id, scan_id: scan.id, target_id: null, label: config.product })}::jsonb)`.execute(
    tx,
  );
  const job: NetworkScanJob = { scanId: scan.id, companyId: config.company_id };
  await jobs.sendInTx(tx, QUEUES.networkScan, job, {
    group: { id: String(config.company_id) },
    // Long enough for every endpoint's engines, so a slow scan is not taken for a dead worker (pg-boss
    // takes at most 24 hours; a scan that outlives it is retried and resumes where it was).
    expireInSeconds: Math.min(24 * 3600, targets.length * scanning.engineTimeoutSeconds + 60),
    // A worker that dies mid-scan stops beating: the job is retried, and the scan resumes where it was.
    heartbeatSeconds: scanning.jobHeartbeatSeconds,
    retryLimit: 3,
    // When every retry has failed, the scan is ended as FAILED and refunded (scanning/schedules.ts).
    deadLetter: QUEUES.deadNetworkScan,
  });
  return { scanId: scan.id, endpoints: targets.length, price };
}

/**
 * Refunds what a scan did not scan: the price of its endpoints that did not complete. Written once:
 * the scan row is held, and a scan already refunded has a REFUND row naming it.
 */
export async function refundUnscanned(tx: Tx, scanId: number, operator: ReturnType<typeof operatorOf> | string) {
  await sql`
    insert into credit_transactions (company_id, amount, transaction_type, transaction_action, operator, reference)
    select s.company_id, ${CREDITS_PER_ENDPOINT} * count(se.id), 'NETWORKVA', 'REFUND', ${operator},
           jsonb_build_object('kind', 'NETWORK_VA', 'id', s.config_id, 'scan_id', s.id, 'target_id', null,
                              'label', p.name)
    from network_scans s
    join network_configs c on c.id = s.config_id join products p on p.id = c.product_id
    join scan_endpoints se on se.scan_id = s.id and se.status <> 'COMPLETED'
    where s.id = ${scanId} and s.price > 0
      and not exists (select 1 from credit_transactions r
                      where r.transaction_action = 'REFUND' and r.transaction_type = 'NETWORKVA'
                        and (r.reference ->> 'scan_id')::int = s.id)
    group by s.company_id, s.config_id, s.id, p.name
    having count(se.id) > 0`.execute(tx);
}

/**
 * Stops a scan that has not ended: it and its unfinished endpoints become ABORTED (the worker sees it
 * and stops its engines), and the endpoints it did not scan are refunded.
 */
export async function abortNetworkScan(
  tx: Tx,
  { caller, requestId }: Actor,
  ids: { configId: number; scanId: number },
  company: number | null,
) {
  const scan = (
    await sql<{ company_id: number; status: string }>`
      select s.company_id, s.status from network_scans s join network_configs c on c.id = s.config_id
      where s.id = ${ids.scanId} and c.id = ${ids.configId} and ${companyIs("c.company_id", company)}
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
      update scan_endpoints set status = 'ABORTED', updated_at = now()
      where scan_id = ${ids.scanId} and status in ('PENDING', 'QUEUED', 'RUNNING')
    )
    update network_scans set status = 'ABORTED', end_time = now(),
                             failure_reason = ${`Aborted by ${caller.email}.`}
    where id = ${ids.scanId}`.execute(tx);
  await refundUnscanned(tx, ids.scanId, operatorOf(caller));
  await audit(tx, {
    companyId: scan.company_id,
    actorId: caller.id,
    action: "network_scan.abort",
    entity: "network_scan",
    entityId: ids.scanId,
    before: { status: scan.status },
    after: { status: "ABORTED" },
    requestId,
  });
  return (await scanById(tx, ids.scanId)) ?? Promise.reject(notFound());
}

export { operatorOf };
