import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SEED_NOW, setMockNow } from "./clock.ts";
import { buildSeed } from "./seed/build.ts";
import { hostileDb } from "./seed/dataset.ts";
import { addLargeCompany } from "./seed/large.ts";

/**
 * Static mode serves this data and the server's seed loader is to load the same, so a change to it
 * must be a decision, never a side effect of moving code around. When a change is meant, bump
 * SEED_VERSION (seed/context.ts) and pin the new hashes.
 */
const PINNED = {
  default: "2da0ba5851ab6562a7ae7a205c60543fbba3aaf01068efb118a71cd8531d7624",
  hostile: "09443633cdeec7737683799cbc2c367ae16aab6e42948c24aa1c74f7de98d2ea",
  large: "05569a98877b275a6e24dfa9233fa62f0df9326ab0c7585a32f3dc0dd4124124",
};

const sha256 = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

afterEach(() => {
  setMockNow(null);
  vi.useRealTimers();
});

describe("the seed's content", () => {
  it("is the pinned default dataset", () => {
    expect(sha256(buildSeed())).toBe(PINNED.default);
  });

  it("is the pinned hostile dataset", () => {
    expect(sha256(hostileDb(buildSeed()))).toBe(PINNED.hostile);
  });

  it("is the pinned large dataset", () => {
    const db = buildSeed();
    addLargeCompany(db);
    expect(sha256(db)).toBe(PINNED.large);
  });

  // Dates are counted back from SEED_NOW, so neither the wall clock nor the mock clock that writes
  // read may move them; otherwise the pins above would hold only on the day they were taken.
  it("does not read the clock", () => {
    vi.useFakeTimers({ now: SEED_NOW + 400 * 24 * 3_600_000, toFake: ["Date"] });
    setMockNow(SEED_NOW - 1_000 * 24 * 3_600_000);
    expect(sha256(buildSeed())).toBe(PINNED.default);
  });
});
