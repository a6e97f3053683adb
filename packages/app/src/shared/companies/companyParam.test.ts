import { describe, expect, it } from "vitest";
import { parseCompanyParam } from "./companyParam.ts";

describe("parseCompanyParam", () => {
  it("reads a company id", () => {
    expect(parseCompanyParam("12")).toBe(12);
  });

  it.each([undefined, "", "0", "-3", "1.5", "abc", "12abc", "9".repeat(20)])("treats %j as all companies", (raw) => {
    expect(parseCompanyParam(raw)).toBeNull();
  });
});
