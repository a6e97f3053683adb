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

export async function startJobQueue(url: string): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString: url, schema: "pgboss", max: 4 });
  boss.on("error", () => {});
  await boss.start();
  for (const name of Object.values(QUEUES)) await boss.createQueue(name);
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
