import { describe, expect, it } from "vitest";
import {
  branchProblem,
  checkBranches,
  checkDomain,
  checkGitUrl,
  checkIpTarget,
  checkName,
  checkWebUrl,
  productHoldsAssets,
} from "./assetRules.ts";

const value = <T>(r: { ok: true; value: T } | { ok: false; error: string }) => (r.ok ? r.value : r.error);
const refused = (r: { ok: boolean }) => !r.ok;

describe("checkIpTarget", () => {
  it.each([
    ["192.0.2.10", "192.0.2.10", "IP_ADDRESS"],
    [" 10.0.0.1 ", "10.0.0.1", "IP_ADDRESS"],
    ["10.0.0.0/24", "10.0.0.0/24", "IP_RANGE"],
    ["10.0.0.7/32", "10.0.0.7", "IP_ADDRESS"],
    ["10.0.0.1-10.0.0.20", "10.0.0.1-10.0.0.20", "IP_RANGE"],
    ["10.0.0.1 - 10.0.0.20", "10.0.0.1-10.0.0.20", "IP_RANGE"],
    ["2001:DB8::1", "2001:db8::1", "IP_ADDRESS"],
    ["2001:db8:0:0:0:0:0:1", "2001:db8::1", "IP_ADDRESS"],
    ["2001:db8:0:1:0:0:0:1", "2001:db8:0:1::1", "IP_ADDRESS"],
    ["::ffff:192.0.2.1", "::ffff:c000:201", "IP_ADDRESS"],
    ["2001:db8::/112", "2001:db8::/112", "IP_RANGE"],
    ["10.1.0.0/16", "10.1.0.0/16", "IP_RANGE"],
  ])("accepts %s as %s", (raw, target, kind) => {
    expect(value(checkIpTarget(raw))).toEqual({ target, kind });
  });

  it.each([
    ["999.1.1.1", /IPv4 or IPv6/],
    ["1.2.3", /IPv4 or IPv6/],
    ["1.2.3.4.5", /IPv4 or IPv6/],
    ["010.0.0.1", /IPv4 or IPv6/],
    ["10.0.0.0/33", /0 to 32/],
    ["2001:db8::/129", /0 to 128/],
    ["10.0.0.0/-1", /0 to 32/],
    ["10.0.0.0/", /0 to 32/],
    ["10.0.0.5/24", /host bits set; the block is 10\.0\.0\.0\/24/],
    ["10.0.0.0/8", /at most 65,536/],
    ["10.0.0.20-10.0.0.1", /must not come after/],
    ["10.0.0.1-2001:db8::1", /Both ends/],
    ["1:2:3:4:5:6:7:8:9", /IPv4 or IPv6/],
    ["1::2::3", /IPv4 or IPv6/],
    ["fe80::1%eth0", /IPv4 or IPv6/],
    ["0.0.0.0", /unspecified/],
    ["127.0.0.1", /loopback/],
    ["::1", /loopback/],
    ["::", /unspecified/],
    ["::ffff:127.0.0.1", /loopback address \(IPv4-mapped 127\.0\.0\.1\)/],
    ["::ffff:169.254.169.254", /link-local address \(IPv4-mapped/],
    ["64:ff9b::7f00:1", /loopback address \(NAT64 127\.0\.0\.1\)/],
    ["::127.0.0.1", /loopback address \(IPv4-compatible/],
    ["::ffff:126.255.255.0-::ffff:127.0.0.5", /loopback/],
    ["224.0.0.1", /multicast/],
    ["255.255.255.255", /reserved/],
    ["169.254.1.1", /link-local/],
    ["example.com", /IPv4 or IPv6/],
    ["", /blank/],
  ])("refuses %s", (raw, message) => {
    const r = checkIpTarget(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });

  it("refuses what is not a string", () => {
    expect(refused(checkIpTarget(42))).toBe(true);
  });
});

describe("checkWebUrl", () => {
  it.each([
    ["https://app.example.com", "https://app.example.com/"],
    ["HTTPS://App.Example.com/login?next=1#top", "https://app.example.com/login?next=1"],
    ["http://192.0.2.7:8080/", "http://192.0.2.7:8080/"],
    ["https://[2001:db8::1]/", "https://[2001:db8::1]/"],
    ["https://bücher.example/", "https://xn--bcher-kva.example/"],
  ])("accepts %s", (raw, stored) => {
    expect(value(checkWebUrl(raw))).toBe(stored);
  });

  it.each([
    ["javascript:alert(1)", /https:\/\//],
    ["ftp://example.com/", /https:\/\//],
    ["example.com", /https:\/\//],
    ["https://user:secret@example.com/", /user name and password/],
    ["https://user@example.com/", /user name and password/],
    ["https://", /valid URL|host/],
    ["https://localhost/", /this machine/],
    ["http://127.0.0.1/", /loopback/],
    ["http://[::ffff:127.0.0.1]/", /loopback address \(IPv4-mapped 127\.0\.0\.1\)/],
    ["https://exa mple.com/", /spaces/],
    ["https://nodot/", /valid host name/],
    ["https://-bad-.example.com/", /valid host name/],
  ])("refuses %s", (raw, message) => {
    const r = checkWebUrl(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });
});

describe("checkDomain", () => {
  it.each([
    ["example.com", "example.com"],
    ["Sub.Example.COM.", "sub.example.com"],
    ["xn--bcher-kva.example", "xn--bcher-kva.example"],
    ["bücher.example", "xn--bcher-kva.example"],
    ["a-b.example.co.uk", "a-b.example.co.uk"],
  ])("accepts %s", (raw, stored) => {
    expect(value(checkDomain(raw))).toBe(stored);
  });

  it.each([
    ["https://example.com", /without a scheme/],
    ["example.com/path", /without a scheme/],
    ["*.example.com", /wildcards/],
    ["localhost", /full domain name/],
    ["192.0.2.1", /not an IP address/],
    ["-bad.example.com", /inner hyphens/],
    ["bad-.example.com", /inner hyphens/],
    ["ab--cd.example.com", /punycode/],
    [`${"a".repeat(64)}.example.com`, /1 to 63/],
    ["under_score.example.com", /inner hyphens/],
    ["example.com:443", /domain name only/],
    ["", /blank/],
  ])("refuses %s", (raw, message) => {
    const r = checkDomain(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });
});

describe("checkGitUrl", () => {
  it.each([
    [
      "https://github.com/acme/portal.git",
      { repository_url: "https://github.com/acme/portal.git", username: "acme", repository_name: "portal" },
    ],
    [
      "https://gitlab.com/acme/group/sub/api",
      { repository_url: "https://gitlab.com/acme/group/sub/api", username: "acme/group/sub", repository_name: "api" },
    ],
    [
      "git@github.com:acme/portal.git",
      { repository_url: "git@github.com:acme/portal.git", username: "acme", repository_name: "portal" },
    ],
    [
      "ssh://git@git.example.com:2222/team/tool.git",
      { repository_url: "ssh://git@git.example.com:2222/team/tool.git", username: "team", repository_name: "tool" },
    ],
  ])("accepts %s", (raw, parsed) => {
    expect(value(checkGitUrl(raw))).toEqual(parsed);
  });

  it.each([
    "http://github.com/acme/portal.git",
    "git://github.com/acme/portal.git",
    "file:///srv/repo.git",
    "ext::sh -c touch% /tmp/pwned",
    "ssh://-oProxyCommand=calc/acme/repo",
    "git@-oProxyCommand=x:acme/repo",
    "https://github.com/portal",
    "https://github.com/acme/../portal",
    "https://github.com/acme/portal?ref=main",
    "https://github.com/",
  ])("refuses %s", (raw) => {
    expect(refused(checkGitUrl(raw))).toBe(true);
  });

  it("refuses a token in the URL with its reason", () => {
    expect(value(checkGitUrl("https://x-access-token:ghp_abc@github.com/acme/portal.git"))).toMatch(/tokens/);
    expect(value(checkGitUrl("https://ghp_abc@github.com/acme/portal.git"))).toMatch(/tokens/);
  });
});

describe("branch names (git check-ref-format --branch)", () => {
  it.each(["main", "release/2.0", "feature/ABC-12_fix", "v1.2.3", "user@host"])("accepts %s", (name) => {
    expect(branchProblem(name)).toBeNull();
  });

  it.each([
    "-main",
    "a..b",
    "a b",
    "a~1",
    "a^",
    "a:b",
    "a?",
    "a*",
    "a[b",
    "a\\b",
    "a@{1}",
    "/main",
    "main/",
    "a//b",
    "main.",
    ".hidden",
    "feature/.x",
    "main.lock",
    "feature/x.lock/y",
    "@",
    "HEAD",
    "a\u0007b",
    "",
  ])("refuses %j", (name) => {
    expect(branchProblem(name)).not.toBeNull();
  });

  it("asks for at least one branch, each once", () => {
    expect(value(checkBranches([]))).toMatch(/at least one/);
    expect(value(checkBranches(["main", "main"]))).toMatch(/twice/);
    expect(value(checkBranches("main"))).toMatch(/list/);
    expect(value(checkBranches([" main ", "dev"]))).toEqual(["main", "dev"]);
  });
});

describe("names and refusals", () => {
  it("trims names and refuses blank, long and control characters", () => {
    expect(value(checkName("  Portal "))).toBe("Portal");
    expect(value(checkName("   "))).toMatch(/blank/);
    expect(value(checkName("x".repeat(101)))).toMatch(/100/);
    expect(value(checkName("a\nb"))).toMatch(/control/);
  });

  it("says what a product still holds", () => {
    expect(productHoldsAssets({ network: 2, webapp: 1, sourcecode: 0, exposure: 0, threat: 0 })).toBe(
      "This product still holds 2 network assets, 1 web application. Remove them first.",
    );
  });
});
