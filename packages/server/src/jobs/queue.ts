import { CompiledQuery } from "kysely";
import { PgBoss } from "pg-boss";
import type { Tx } from "../db/pool.ts";

export const QUEUES = { mail: "mail" } as const;

export interface JobQueue {
  /** Queues a job in the caller's transaction: it runs only if that transaction commits. */
  sendInTx(tx: Tx, name: string, data: object): Promise<void>;
  boss: PgBoss;
}

export async function startJobQueue(url: string): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString: url, schema: "pgboss", max: 4 });
  boss.on("error", () => {});
  await boss.start();
  for (const name of Object.values(QUEUES)) await boss.createQueue(name);
  return {
    boss,
    async sendInTx(tx, name, data) {
      await boss.send(name, data, {
        retryLimit: 5,
        retryBackoff: true,
        db: {
          executeSql: async (text, values) => await tx.executeQuery(CompiledQuery.raw(text, values ?? [])),
        },
      });
    },
  };
}
