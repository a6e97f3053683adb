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
  default: "a083e22a270fac63c51dae78407f38681489a2538c1279c2f31f849d1b323ba9",
  hostile: "ba5df2e6be36b010a6a12329b1f1e97114dc332414436e59881a91d94cd72363",
  large: "823861e2a6aa1a056f54c667248df83db449a38f6cfb64652884cee47d33e373",
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
