import { describe, expect, it } from "vitest";
import { cvss2, cvss3 } from "./cvss.ts";

describe("CVSS v3", () => {
  it.each([
    ["CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", 9.8],
    ["CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N", 6.1],
    ["CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H", 10],
    ["CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H", 7.2],
    ["CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:N/A:H", 5.9],
    ["CVSS:3.1/AV:L/AC:L/PR:L/UI:N/S:U/C:H/I:H/A:H", 7.8],
    ["CVSS:3.1/AV:P/AC:H/PR:H/UI:R/S:U/C:L/I:N/A:N", 1.6],
    ["CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:C/C:L/I:L/A:N", 6.4],
    ["CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N", 0],
    ["CVSS:3.0/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:L/A:N", 6.5],
    ["CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", 9.8],
    // Temporal metrics are accepted and do not change the base score.
    ["CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/E:P/RL:O/RC:C", 9.8],
  ])("%s is %d", (vector, score) => {
    expect(cvss3(vector)?.score).toBe(score);
  });

  it.each([
    "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H",
    "CVSS:3.1/AV:X/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    "CVSS:3.1/AV:N/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    "CVSS:2.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    "AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/ZZ:1",
    "",
    "garbage",
  ])("gives null, not an error, for %j", (vector) => {
    expect(cvss3(vector)).toBeNull();
  });
});

describe("CVSS v2", () => {
  it.each([
    ["AV:N/AC:L/Au:N/C:P/I:P/A:P", 7.5],
    ["AV:N/AC:L/Au:N/C:C/I:C/A:C", 10],
    ["AV:N/AC:M/Au:N/C:P/I:N/A:N", 4.3],
    ["AV:N/AC:L/Au:S/C:P/I:P/A:P", 6.5],
    ["AV:L/AC:L/Au:N/C:C/I:C/A:C", 7.2],
    ["AV:N/AC:L/Au:N/C:N/I:N/A:N", 0],
    ["CVSS2#AV:N/AC:H/Au:N/C:C/I:P/A:N", 6.1],
    ["(AV:N/AC:L/Au:N/C:N/I:P/A:N)", 5],
  ])("%s is %d", (vector, score) => {
    expect(cvss2(vector)?.score).toBe(score);
  });

  it("stores the vector without Nessus's prefix", () => {
    expect(cvss2("CVSS2#AV:N/AC:L/Au:N/C:P/I:P/A:P")?.vector).toBe("AV:N/AC:L/Au:N/C:P/I:P/A:P");
  });

  it.each(["AV:N/AC:L/Au:N/C:P/I:P", "AV:N/AC:Q/Au:N/C:P/I:P/A:P", "CVSS:3.1/AV:N"])("gives null for %j", (vector) => {
    expect(cvss2(vector)).toBeNull();
  });
});
