import { describe, expect, it } from "vitest";
import { initials } from "./initials.ts";

describe("initials", () => {
  it("takes the first and last word's first letters", () => {
    expect(initials("Ayu Lestari")).toBe("AL");
    expect(initials("  maria  de la  cruz ")).toBe("MC");
  });
  it("uses one letter for a single word and nothing for an empty name", () => {
    expect(initials("budi")).toBe("B");
    expect(initials("   ")).toBe("");
  });
});
