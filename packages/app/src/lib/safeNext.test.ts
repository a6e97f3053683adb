import { describe, expect, it } from "vitest";
import { defaultAfterSignIn, safeNext } from "./safeNext.ts";

const origin = "https://app.example.test";

const hostile = [
  "https://evil.example",
  "http://evil.example/dashboard",
  "HTTPS://EVIL.EXAMPLE",
  "//evil.example",
  "//evil.example/dashboard",
  "///evil.example",
  "////evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\\/evil.example",
  "/dashboard\\..\\..\\evil",
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  "JAVASCRIPT:alert(document.domain)",
  " javascript:alert(1)",
  "\tjavascript:alert(1)",
  "java\nscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "mailto:someone@example.com",
  "evil.example",
  "dashboard",
  "./dashboard",
  "../dashboard",
  "%2F%2Fevil.example",
  "/%2F%2Fevil.example",
  "/%2f%2fevil.example",
  "%2f%2Fevil.example",
  "/%5Cevil.example",
  "/%5cevil.example",
  "/%252F%252Fevil.example",
  "/%25252F%25252Fevil.example",
  "%252F%252Fevil.example",
  "javascript%3Aalert(1)",
  "/%09/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\u0000/evil.example",
  "/%00/evil.example",
  "/\u2028/evil.example",
  "/\u3000/evil.example",
  "/\uFEFF/evil.example",
  "/%E2%80%A8/evil.example",
  "/%C2%A0/evil.example",
  "https:evil.example",
  "https:/evil.example",
  "/..//evil.example",
  "/./..//evil.example",
  "/a/../..//evil.example",
  "/%2E%2E//evil.example",
  "/%",
  "/%E0%A4%A",
  "/%25%25%25%25%25%25%25%25%25%25%252F%252F",
  "",
  `/${"a".repeat(3000)}`,
];

describe("safeNext", () => {
  it.each(hostile)("rejects %j", (value) => {
    expect(safeNext(value, origin)).toBe(defaultAfterSignIn);
  });

  it("has at least 30 hostile cases", () => {
    expect(hostile.length).toBeGreaterThanOrEqual(30);
  });

  it("falls back for null and undefined", () => {
    expect(safeNext(null, origin)).toBe(defaultAfterSignIn);
    expect(safeNext(undefined, origin)).toBe(defaultAfterSignIn);
  });

  it.each([
    ["/dashboard", "/dashboard"],
    ["/ticketing/42", "/ticketing/42"],
    ["/network-va/3/scan/9/scan-endpoint/12", "/network-va/3/scan/9/scan-endpoint/12"],
    ["/ticketing?status=UNREAD&page=2", "/ticketing?status=UNREAD&page=2"],
    ["/ticketing?search=ana%20lee", "/ticketing?search=ana%20lee"],
    ["/asset-inventory#top", "/asset-inventory#top"],
    ["/company-directory/7/company-information", "/company-directory/7/company-information"],
    ["/a/./b/../c", "/a/c"],
  ])("keeps the same-origin path %j", (value, expected) => {
    expect(safeNext(value, origin)).toBe(expected);
  });

  it("never returns a value that resolves to another origin", () => {
    for (const value of hostile) {
      expect(new URL(safeNext(value, origin), origin).origin).toBe(origin);
    }
  });
});
