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
  default: "dfeec6180340ae393754d63ebcc17c6f738b4833c227b485f6657add25da19f9",
  hostile: "015edf8c3e8cc8b4fea89a350f9ff29c5cb09685fb4f9814e75e34ad0a3ccee5",
  large: "789e16755f0e3bc5ad20c689d6d5d1c2ff8d57d1370c1936c0d685b810d22d1d",
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
