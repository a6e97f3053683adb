import { describe, expect, it } from "vitest";
import { humanizeEnum } from "./humanize.ts";

describe("humanizeEnum", () => {
  it("turns SCREAMING_SNAKE into title case words", () => {
    expect(humanizeEnum("ON_HOLD")).toBe("On Hold");
    expect(humanizeEnum("WAITING_FOR_REVIEW")).toBe("Waiting For Review");
  });

  it("handles kebab case, spaces and single words", () => {
    expect(humanizeEnum("in-review")).toBe("In Review");
    expect(humanizeEnum("  archived  ")).toBe("Archived");
  });

  it("collapses repeated separators and keeps empty input empty", () => {
    expect(humanizeEnum("A__B")).toBe("A B");
    expect(humanizeEnum("")).toBe("");
  });
});
