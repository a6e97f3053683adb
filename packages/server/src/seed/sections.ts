import type { Db as SeedDb } from "@sentinel/api-client/mocks/db-types";
import type { Tx } from "../db/pool.ts";

/**
 * The loaders of each area's tables, run in this order after companies and users. An area adds its
 * loader here (its tables' foreign keys decide the order).
 */
export const seedSections: Array<(tx: Tx, seed: SeedDb) => Promise<void>> = [];
