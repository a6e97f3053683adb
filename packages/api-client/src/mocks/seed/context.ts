import { DAY, iso, MINUTE, SEED_NOW } from "../clock.ts";
import type { Db, DbCreditTransaction } from "../db-types.ts";
import { createRng, type Rng } from "../prng.ts";
import type { Service } from "../schema-types.ts";

/** Bump when the seed's shape or content changes, so a browser drops its stale persisted copy. */
export const SEED_VERSION = 9;
export const SEED = 20261121;

/** Ids of the seeded rows the demo accounts and tests refer to. */
export const DEMO_COMPANY_ID = 1;

export function takeId(db: Db, table: string): number {
  const id = db.nextId[table] ?? 1;
  db.nextId[table] = id + 1;
  return id;
}

const emptyDb = (): Db => ({
  version: SEED_VERSION,
  nextId: {},
  invoiceCounter: 0,
  companies: [],
  users: [],
  products: [],
  networkAssets: [],
  networkEndpoints: [],
  networkConfigs: [],
  networkScans: [],
  scanEndpoints: [],
  findings: [],
  sourceAssets: [],
  sourceApps: [],
  sourceScans: [],
  webAssets: [],
  webApps: [],
  webScans: [],
  exposureAssets: [],
  exposureConfigs: [],
  exposureScans: [],
  exposureHosts: [],
  exposureDomains: [],
  threatAssets: [],
  threatConfigs: [],
  threatScans: [],
  threatEndpoints: [],
  tickets: [],
  payments: [],
  creditTransactions: [],
  idempotencyKeys: [],
  findingBatches: [],
});

/** Documentation address blocks (RFC 5737); nothing in them is routable. */
const IP_BLOCKS = ["192.0.2", "198.51.100", "203.0.113"] as const;

class IpAllocator {
  private block = 0;
  private host = 10;
  /** `count` consecutive addresses inside one /24. */
  take(count: number): string[] {
    if (this.host + count > 254) {
      this.block = (this.block + 1) % IP_BLOCKS.length;
      this.host = 10;
    }
    const out: string[] = [];
    for (let i = 0; i < count; i++) out.push(`${IP_BLOCKS[this.block]}.${this.host + i}`);
    this.host += count;
    return out;
  }
}

const SERVICE_CATALOGUE: ReadonlyArray<Omit<Service, "id">> = [
  { port: 22, protocol: "tcp", secure: true },
  { port: 80, protocol: "tcp", secure: false },
  { port: 443, protocol: "tcp", secure: true },
  { port: 3389, protocol: "tcp", secure: false },
  { port: 53, protocol: "udp", secure: false },
  { port: 161, protocol: "udp", secure: false },
  { port: 0, protocol: "icmp", secure: false },
  { port: 25, protocol: "tcp", secure: false },
  { port: 8443, protocol: "tcp", secure: true },
  { port: 5060, protocol: "udp", secure: false },
  { port: 993, protocol: "tcp", secure: true },
  { port: 3306, protocol: "tcp", secure: false },
];

/**
 * What every section of the seed shares. The sections draw from one generator, so they must run in
 * the order `buildSeed` calls them: moving a draw from one section to another changes every row after it.
 */
export interface SeedContext {
  readonly rng: Rng;
  /** The data under construction; its `nextId` holds the id counters (`takeId`). */
  readonly db: Db;
  /** The fixed "now" every date is counted back from. */
  readonly now: number;
  /** Documentation addresses, handed out in turn to network targets and then to exposure hosts. */
  readonly ips: IpAllocator;
  /**
   * Credit movements without their ids: threat inspection and the payments section add them in
   * section order, and they are numbered once all are in, in date order.
   */
  readonly pendingTransactions: Array<Omit<DbCreditTransaction, "id">>;
  /** The time `days` (and `extraMinutes`) before now. */
  ago(days: number, extraMinutes?: number): string;
  /** The time `ms`, or now if `ms` is later. */
  at(ms: number): string;
  /** `count` distinct services from the catalogue, each with a new id. */
  services(count: number): Service[];
  invoice(): string;
}

export function createSeedContext(): SeedContext {
  const rng = createRng(SEED);
  const db = emptyDb();
  const now = SEED_NOW;
  return {
    rng,
    db,
    now,
    ips: new IpAllocator(),
    pendingTransactions: [],
    ago: (days, extraMinutes = 0) => iso(now - days * DAY - extraMinutes * MINUTE),
    at: (ms) => iso(Math.min(ms, now)),
    services: (count) => rng.sample(SERVICE_CATALOGUE, count).map((s) => ({ id: takeId(db, "services"), ...s })),
    invoice: () => `INV-${rng.code(8)}`,
  };
}

/** The item at `i`, wrapping round, so a list of statuses (or categories) is covered in turn. */
export const cycle = <T>(items: readonly T[], i: number): T => items[i % items.length] as T;

export const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
