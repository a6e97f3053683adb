import type { Db } from "./db-types.ts";
import { createRng, hashSeed } from "./prng.ts";
import { buildSeed as buildDefaultSeed } from "./seed/build.ts";
import { SEED_VERSION, takeId } from "./seed/context.ts";
import { currentDataset, type Dataset, hostileDb, setDataset } from "./seed/dataset.ts";
import { addLargeCompany } from "./seed/large.ts";
import { setPersistence, storage } from "./storage.ts";

export const DB_STORAGE_KEY = "sentinel.static.db.v1";

let current: Db | null = null;
let seedRows: { dataset: Dataset; rows: Map<string, Map<number, string>> } | null = null;

/** The seed of the current dataset (docs/app.md, "Static data"). */
function buildSeed(): Db {
  const seed = buildDefaultSeed();
  if (currentDataset() === "large") addLargeCompany(seed);
  return currentDataset() === "hostile" ? hostileDb(seed) : seed;
}

let pristine: { dataset: Dataset; db: Db } | null = null;

/**
 * A copy of a built seed costs a third of a build for the default and hostile data (about 70 ms
 * against 200 ms), and a story resets the data before it starts. The large dataset's 100,000
 * findings copy slower than they build, so that one is always built.
 */
const copyable = () => currentDataset() !== "large";

/** The current dataset's seed as built; kept (except the large one) to copy from, never changed. */
function pristineSeed(): Db {
  if (!copyable()) return buildSeed();
  if (pristine?.dataset !== currentDataset()) pristine = { dataset: currentDataset(), db: buildSeed() };
  return pristine.db;
}

/** A seed of the current dataset that is the caller's to change. */
function freshSeed(): Db {
  return copyable() ? structuredClone(pristineSeed()) : buildSeed();
}

type Table = { [K in keyof Db]-?: NonNullable<Db[K]> extends Array<{ id: number }> ? K : never }[keyof Db];

function tables(db: Db): Table[] {
  return (Object.keys(db) as Array<keyof Db>).filter((k): k is Table => Array.isArray(db[k]));
}

/**
 * What is persisted: only the rows that differ from the seed (changed, added, removed), per table.
 * The full data set is ~3 MB of JSON, close to the browser's localStorage quota; the difference after
 * a demo session is a few kB. The seed is rebuilt on load (it is deterministic) and the patch applied.
 */
interface Patch {
  version: number;
  /** The dataset the patch was taken against; another dataset's patch is dropped. Absent: default. */
  dataset?: Dataset;
  nextId: Record<string, number>;
  invoiceCounter: number;
  tables: Record<string, { upsert: unknown[]; remove: number[] }>;
}

/**
 * How a row is compared with its seed copy. Findings are the one table that runs to 100,000 rows
 * (the `large` dataset), and the only thing a write changes on one is its status, version and log,
 * so a short signature stands in for the full JSON: a write then costs no 100,000 stringifications.
 */
const SIGNATURES: Partial<Record<Table, (row: never) => string>> = {
  findings: (f: Db["findings"][number]) => `${f.status}|${f.version}|${f.log.length}|${f.assignee_id ?? ""}`,
};

function signatureOf(table: Table): (row: unknown) => string {
  return (SIGNATURES[table] as ((row: unknown) => string) | undefined) ?? ((row) => JSON.stringify(row));
}

function seedIndex(): Map<string, Map<number, string>> {
  if (seedRows?.dataset === currentDataset()) return seedRows.rows;
  const seed = pristineSeed();
  const index = new Map<string, Map<number, string>>();
  for (const table of tables(seed)) {
    const rows = new Map<number, string>();
    const sign = signatureOf(table);
    for (const row of seed[table] ?? []) rows.set(row.id, sign(row));
    index.set(table, rows);
  }
  seedRows = { dataset: currentDataset(), rows: index };
  return index;
}

function diff(db: Db): Patch {
  const index = seedIndex();
  const patch: Patch = {
    version: db.version,
    dataset: currentDataset(),
    nextId: db.nextId,
    invoiceCounter: db.invoiceCounter,
    tables: {},
  };
  for (const table of tables(db)) {
    const seeded = index.get(table) ?? new Map<number, string>();
    const upsert: unknown[] = [];
    const present = new Set<number>();
    const sign = signatureOf(table);
    for (const row of db[table] ?? []) {
      present.add(row.id);
      if (seeded.get(row.id) !== sign(row)) upsert.push(row);
    }
    const remove = [...seeded.keys()].filter((id) => !present.has(id));
    if (upsert.length || remove.length) patch.tables[table] = { upsert, remove };
  }
  return patch;
}

function apply(db: Db, patch: Patch): Db {
  db.nextId = patch.nextId;
  db.invoiceCounter = patch.invoiceCounter;
  for (const [name, change] of Object.entries(patch.tables)) {
    const table = name as Table;
    let rows = db[table] as Array<{ id: number }> | undefined;
    // The seed leaves findingSlas out (so its hash did not change); a saved SLA brings the table back.
    if (!rows && name === "findingSlas") {
      rows = [];
      db.findingSlas = rows as NonNullable<Db["findingSlas"]>;
    }
    if (!rows) continue;
    const removed = new Set(change.remove);
    const byId = new Map<number, number>();
    rows.forEach((row, i) => {
      byId.set(row.id, i);
    });
    for (const row of change.upsert as Array<{ id: number }>) {
      const at = byId.get(row.id);
      if (at === undefined) rows.push(row);
      else rows[at] = row;
    }
    if (removed.size) (db as unknown as Record<string, unknown>)[table] = rows.filter((r) => !removed.has(r.id));
  }
  return db;
}

function load(): Db {
  const db = buildSeed();
  const store = storage();
  const raw = store?.getItem(DB_STORAGE_KEY);
  if (!raw) return db;
  try {
    const patch = JSON.parse(raw) as Patch;
    if (patch.version !== SEED_VERSION || (patch.dataset ?? "default") !== currentDataset()) return db;
    return apply(db, patch);
  } catch {
    return buildSeed();
  }
}

/** The live database. Built from the seed (plus the persisted changes in the browser) on first use. */
export function getDb(): Db {
  current ??= load();
  return current;
}

/**
 * Forgets the live data, so the next call reads the seed and the persisted changes again: another
 * tab of the demo has written its changes (see `startStaticMode`).
 */
export function reloadPersistedData(): void {
  current = null;
}

/** Persists the state after a write (browser only, when static mode enabled persistence). */
export function commit(): void {
  const store = storage();
  if (!store || !current) return;
  try {
    store.setItem(DB_STORAGE_KEY, JSON.stringify(diff(current)));
  } catch {
    // Quota or privacy mode: the demo keeps working in memory.
  }
}

/**
 * Switches the sample data to another dataset: the live data is rebuilt from its seed on next use
 * (with the persisted changes, if they were made on the same dataset).
 */
export function switchDataset(next: Dataset): void {
  setDataset(next);
  current = null;
}

/** Restores the seed and forgets the persisted changes. */
export function resetDemoData(): void {
  current = freshSeed();
  storage()?.removeItem(DB_STORAGE_KEY);
}

/**
 * Turns on localStorage persistence (static mode in the app). Storybook and tests keep the
 * state in memory only, so one story or test cannot leak into the next through the browser.
 */
export function enablePersistence(enabled = true): void {
  setPersistence(enabled);
  current = null;
}

export function newId(table: string): number {
  return takeId(getDb(), table);
}

/** A fresh invoice code, `INV-` + 8 characters, deterministic for a given sequence of purchases. */
export function newInvoiceCode(): string {
  const db = getDb();
  const taken = new Set<string>([
    ...db.payments.map((p) => p.invoice_code),
    ...db.threatConfigs.flatMap((c) => (c.estimate ? [c.estimate.invoice_number] : [])),
    ...db.tickets.flatMap((t) => (t.invoice_code ? [t.invoice_code] : [])),
  ]);
  for (;;) {
    db.invoiceCounter += 1;
    const code = `INV-${createRng(hashSeed(`invoice-${db.invoiceCounter}`)).code(8)}`;
    if (!taken.has(code)) return code;
  }
}
