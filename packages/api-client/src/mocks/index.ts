/**
 * Static mode: every call of openapi.yaml answered from deterministic sample data.
 * `handlers` serve the browser (service worker), Storybook (msw-storybook-addon) and node tests.
 */
import { issueTokens, reloadSessions, resetSessions } from "./auth.ts";
import { enablePersistence, getDb, resetDemoData as resetDb, switchDataset } from "./db.ts";
import type { Dataset } from "./seed/dataset.ts";

export { demoAccounts } from "./accounts.ts";
export { DEFAULT_TOKEN_TTL_MS, setTokenLifetime, TOKEN_TTL_STORAGE_KEY } from "./auth.ts";
export { SEED_NOW, setMockNow } from "./clock.ts";
export { DB_STORAGE_KEY } from "./db.ts";
export type { Db } from "./db-types.ts";
export {
  activeFault,
  FAULTS_STORAGE_KEY,
  type FaultKind,
  FUZZ_SEED_STORAGE_KEY,
  findFault,
  parseFaults,
  setFaultSource,
} from "./faults.ts";
export { DEMO_OTP } from "./handlers/auth.ts";
export { handlers } from "./handlers/index.ts";
export {
  forgetHeldRequests,
  isHeldRequest,
  mockEmptyList,
  mockError,
  mockLoading,
  mockLostAnswer,
  mockMalformedJson,
  mockNetworkError,
} from "./overrides.ts";
export { paginate } from "./paginate.ts";
export { currentDataset, DATASET_STORAGE_KEY, type Dataset, hostileText, parseDataset } from "./seed/dataset.ts";
export { HOSTILE, HOSTILE_VALUES, SPOOFED_FILE_NAME } from "./seed/hostile.ts";
export { LATENCY_STORAGE_KEY, registeredOperations, setLatency } from "./typed.ts";

/** Restores the seed (and clears the persisted copy in the browser). Signed-in sessions stay valid. */
export function resetDemoData(): void {
  resetDb();
}

/**
 * Serves another dataset from the next call on (`"hostile"`: a script payload in every text; see
 * docs/app.md, "Static data"). Stories choose it with `parameters: { dataset: "hostile" }`.
 */
export function selectDataset(dataset: Dataset): void {
  switchDataset(dataset);
}

/**
 * A valid access token for a seeded account, without the sign-in round trip: for stories and
 * tests that start on a signed-in screen. Throws for an unknown e-mail.
 */
export function demoToken(email = "admin@example.com"): string {
  const user = getDb().users.find((u) => u.email === email);
  if (!user) throw new Error(`No static-mode account ${email}`);
  return issueTokens(user, false).access;
}

/** Test helpers: read or change the live data directly. */
export const db = {
  get: getDb,
  /** Seed, sessions and token lifetime back to the start (between tests). */
  resetAll(): void {
    resetDb();
    resetSessions();
  },
  /** Switches browser persistence on or off (static mode turns it on). */
  persist(enabled: boolean): void {
    enablePersistence(enabled);
    reloadSessions();
  },
};
