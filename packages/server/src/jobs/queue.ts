import { CompiledQuery } from "kysely";
import { PgBoss } from "pg-boss";
import type { Tx } from "../db/pool.ts";

/** pg-boss's job options (its index does not export the type by name). */
type SendOptions = Omit<NonNullable<Parameters<PgBoss["sendAfter"]>[2]>, "db">;

/** One queue per kind of work; scans get one per area, so a slow area cannot starve the others. */
export const QUEUES = {
  mail: "mail",
  // Where a scan's job lands when every retry has failed, so its scan is ended and refunded; listed
  // before the queues that name it, which pg-boss needs to exist first.
  deadNetworkScan: "scan.network.dead",
  networkScan: "scan.network",
  reportImport: "scan.import",
  deadSourceScan: "scan.sourcecode.dead",
  sourceScan: "scan.sourcecode",

  deadThreatScan: "scan.threat.dead",
  threatScan: "scan.threat",

  deadExposureScan: "scan.exposure.dead",
  exposureScan: "scan.exposure",
  exposureImport: "scan.exposure-import",

  deadWebScan: "scan.web.dead",
  webScan: "scan.web",
} as const;

export interface JobQueue {
  /** Queues a job in the caller's transaction: it runs only if that transaction commits. */
  sendInTx(tx: Tx, name: string, data: object, options?: SendOptions): Promise<void>;
  boss: PgBoss;
}

/**
 * How a job outlives its worker (issue 29): the worker heartbeats each active job every half
 * `heartbeatSeconds`; a job whose heartbeat stops (its process was killed, its host lost) is failed by
 * the next supervision pass and retried by another worker. It is the queues' default, for jobs queued
 * without a heartbeat of their own; a job's expiration still bounds a worker that is alive but stuck.
 */
export interface JobTimings {
  heartbeatSeconds: number;
}

/** The configuration's default (SCAN_JOB_HEARTBEAT_SECONDS), for callers without one (the test template's setup). */
const DEFAULT_TIMINGS: JobTimings = { heartbeatSeconds: 30 };

export async function startJobQueue(url: string, timings: JobTimings = DEFAULT_TIMINGS): Promise<JobQueue> {
  // Supervision passes (which fail jobs whose heartbeat stopped) at least as often as a heartbeat is
  // due (pg-boss's default is each minute), so a dead worker's job is retried within about twice the
  // heartbeat.
  const passSeconds = Math.min(60, timings.heartbeatSeconds);
  const boss = new PgBoss({
    connectionString: url,
    schema: "pgboss",
    max: 4,
    superviseIntervalSeconds: passSeconds,
    monitorIntervalSeconds: passSeconds,
  });
  boss.on("error", () => {});
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    await boss.createQueue(name);
    // Each start applies the configured heartbeat to queues made earlier; a job takes it when queued.
    await boss.updateQueue(name, { heartbeatSeconds: timings.heartbeatSeconds });
  }
  return {
    boss,
    async sendInTx(tx, name, data, options = {}) {
      await boss.send(name, data, {
        retryLimit: 5,
        retryBackoff: true,
        ...options,
        db: {
          executeSql: async (text, values) => await tx.executeQuery(CompiledQuery.raw(text, values ?? [])),
        },
      });
    },
  };
}
