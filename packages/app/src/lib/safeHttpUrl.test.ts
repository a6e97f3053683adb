import { describe, expect, it } from "vitest";
import { safeHttpUrl } from "./safeHttpUrl.ts";

describe("safeHttpUrl", () => {
  it.each([
    ["https://nvd.nist.gov/vuln/detail/CVE-2021-44228", "https://nvd.nist.gov/vuln/detail/CVE-2021-44228"],
    ["http://example.com", "http://example.com/"],
    ["HTTPS://EXAMPLE.COM/a?b=c#d", "https://example.com/a?b=c#d"],
    ["  https://example.com/padded  ", "https://example.com/padded"],
  ])("accepts %s", (input, expected) => {
    expect(safeHttpUrl(input)).toBe(expected);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:window.__xss=1",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "javascript://example.com/%0Aalert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "ftp://example.com/file",
    "//evil.example/path",
    "/relative/path",
    "example.com",
    "https://",
    "https://user:pass@example.com/",
    "https://exa\u200Bmple.com/",
    "https://example.com/\u0000",
    `https://example.com/${"a".repeat(3000)}`,
    "",
  ])("refuses %j", (input) => {
    expect(safeHttpUrl(input)).toBeNull();
  });

  it.each([null, undefined, 42, {}, ["https://example.com"]])("refuses the non-string %j", (input) => {
    expect(safeHttpUrl(input)).toBeNull();
  });
});
