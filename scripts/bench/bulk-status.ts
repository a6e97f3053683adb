/**
 * Benchmark, not a test: how long a static-mode bulk status change (and its undo) takes for 10,000
 * findings. Run with `pnpm bench:bulk` (Node 24 strips the types). The default dataset holds a few
 * thousand findings, so one company gets 10,000 more, copied from its own, before timing.
 */
import { getDb } from "../../packages/api-client/src/mocks/db.ts";
import type { DbFinding } from "../../packages/api-client/src/mocks/db-types.ts";
import { bulkChangeStatus, undoBatch } from "../../packages/api-client/src/mocks/findings/batches.ts";
import type { Viewer } from "../../packages/api-client/src/mocks/typed.ts";

const SIZE = 10_000;
const RUNS = 5;

const db = getDb();
const company = 1;
const own = db.findings.filter((f) => f.company_id === company);
// Only the bench's findings are ACTIVE in the company, so the filter selects exactly SIZE.
for (const f of own) if (f.status === "ACTIVE") f.status = "FIXING";
let nextId = Math.max(...db.findings.map((f) => f.id)) + 1;
for (let i = 0; i < SIZE; i++) {
  const source = own[i % own.length] as DbFinding;
  db.findings.push({ ...source, id: nextId++, status: "ACTIVE", version: 1, log: [...source.log] });
}
const user = db.users.find((u) => u.email === "admin@example.com");
if (!user) throw new Error("no demo admin");
const viewer = { user, session: {} } as unknown as Viewer;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const change: number[] = [];
const undo: number[] = [];
for (let run = 0; run < RUNS; run++) {
  let started = performance.now();
  const result = bulkChangeStatus(db, viewer, {
    filter: { status: ["ACTIVE"] },
    expected_count: SIZE,
    status: "TOLERATED",
    reason: "Accepted for the benchmark",
  });
  change.push(performance.now() - started);
  if (result instanceof Response || result.updated !== SIZE) throw new Error(`bulk change failed (run ${run})`);
  started = performance.now();
  const undone = undoBatch(db, viewer, result.batch_id, null);
  undo.push(performance.now() - started);
  if (undone instanceof Response || undone.updated !== SIZE) throw new Error(`undo failed (run ${run})`);
}
const ms = (x: number) => `${x.toFixed(0)} ms`;
const print = (line: string) => process.stdout.write(`${line}\n`);
print(`findings in the database: ${db.findings.length}`);
print(`bulk status change of ${SIZE} findings by filter: median ${ms(median(change))} of ${RUNS} runs`);
print(`undo of that batch: median ${ms(median(undo))} of ${RUNS} runs`);
print(`first run (cold): change ${ms(change[0] ?? 0)}, undo ${ms(undo[0] ?? 0)}`);
