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
  default: "ca3f8209a884888ce82ce7ae49f1ae1fe594a6361a31d3f32c97d14e13faec00",
  hostile: "6a3cbc16f3189b25d1169ac461e349aece3ebb43c47daf4cfeba3d4c9b45c775",
  large: "deb77ba22e39367ec087d5bcc16dd3108bb3fc2ba62605d66ba3311ef661b2d7",
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
