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
  default: "3fca0cf694930f0cda16b26343251da32bd0dfa50608cef995963d030c8f5c42",
  hostile: "491a927aaf7be398d6d6156e5a1c54160f6cf69fc606f5442c0f3994af84a8a5",
  large: "f7b3b32eeb17ec17d8411f84a38ac9412266864afa29d4b51ab03f272351fd14",
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
