import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { gitOutOfScope, gitOutOfScopeResolved } from "./gitScope.ts";
import { outOfScope, parseAllowedRanges } from "./scope.ts";
import { webOutOfScope, webOutOfScopeNow } from "./webScope.ts";

/**
 * IPv6 spellings of IPv4 addresses (issue 29, second pass): an address that carries an IPv4 address
 * (IPv4-mapped, NAT64, IPv4-compatible, 6to4) reaches it, so it is refused exactly as that address is
 * and allowed exactly when that address is, wherever a target address is checked.
 */

const byDefault = loadConfig({}).scanning;
const allowing = (ranges: string) => loadConfig({ SCAN_ALLOWED_RANGES: ranges }).scanning;
const blocks = (ranges: string) => parseAllowedRanges(ranges).blocks;
const resolvingTo =
  (...addresses: string[]) =>
  async () =>
    addresses;

describe("an IPv6 address that carries an IPv4 address", () => {
  it.each([
    ["::ffff:127.0.0.1", "a loopback address (IPv4-mapped 127.0.0.1)"],
    ["::ffff:7f00:1", "a loopback address (IPv4-mapped 127.0.0.1)"],
    ["::ffff:10.0.0.1", "a private address (IPv4-mapped 10.0.0.1)"],
    ["::ffff:192.168.1.20", "a private address (IPv4-mapped 192.168.1.20)"],
    ["::ffff:169.254.169.254", "a link-local or cloud metadata address (IPv4-mapped 169.254.169.254)"],
    ["64:ff9b::10.0.0.1", "a private address (NAT64 10.0.0.1)"],
    ["64:ff9b::7f00:1", "a loopback address (NAT64 127.0.0.1)"],
    ["64:ff9b::169.254.169.254", "a link-local or cloud metadata address (NAT64 169.254.169.254)"],
    ["::10.0.0.1", "a private address (IPv4-compatible 10.0.0.1)"],
    ["::127.0.0.1", "a loopback address (IPv4-compatible 127.0.0.1)"],
    ["2002:a00:1::1", "a private address (6to4 10.0.0.1)"],
    ["::ffff:10.0.0.0/120", "a private address (IPv4-mapped 10.0.0.0-10.0.0.255)"],
    ["::ffff:9.255.255.250-::ffff:10.0.0.5", "a private address (IPv4-mapped 9.255.255.250-10.0.0.5)"],
    // Local-use NAT64 puts the IPv4 address where its operator chose: the whole block is private.
    ["64:ff9b:1::a00:1", "a private address"],
  ])("refuses %s as %s", (target, what) => {
    expect(outOfScope(target, byDefault.allowedRanges)).toBe(
      `${target} is ${what}, which this server is not configured to scan.`,
    );
  });

  it("still refuses the IPv6 loopback and unspecified addresses as themselves", () => {
    expect(outOfScope("::1", [])).toMatch(/^::1 is a loopback address, which/);
    expect(outOfScope("::", [])).toMatch(/^:: is an unspecified address, which/);
  });

  it("allows the forms of public IPv4 addresses, as the IPv4 address is allowed", () => {
    for (const target of ["::ffff:8.8.8.8", "64:ff9b::8.8.8.8", "::8.8.8.8", "2002:808:808::1", "2001:db8::1"]) {
      expect(outOfScope(target, [])).toBeNull();
    }
  });

  it("allows them when SCAN_ALLOWED_RANGES covers the IPv4 address, and only then", () => {
    const allowed = blocks("10.0.0.0/8,127.0.0.0/8");
    for (const target of [
      "::ffff:10.0.0.1",
      "64:ff9b::10.2.3.4",
      "::10.0.0.1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.0/120",
    ]) {
      expect(outOfScope(target, allowed), target).toBeNull();
    }
    expect(outOfScope("::ffff:192.168.0.1", allowed)).toMatch(/private address \(IPv4-mapped 192\.168\.0\.1\)/);
    // A metadata address stays refused unless the configuration names it.
    expect(outOfScope("::ffff:169.254.169.254", allowed)).toMatch(/cloud metadata/);
    expect(outOfScope("::ffff:169.254.169.254", blocks("169.254.169.254/32"))).toBeNull();
  });

  it("allows them inside a company's widened range, but never its metadata or this machine", () => {
    const widened = blocks("10.40.0.0/16,169.254.0.0/16");
    expect(outOfScope("::ffff:10.40.1.5", [], widened)).toBeNull();
    expect(outOfScope("64:ff9b::10.40.1.5", [], widened)).toBeNull();
    expect(outOfScope("::ffff:10.41.1.5", [], widened)).toMatch(/private address/);
    expect(outOfScope("::ffff:169.254.10.20", [], widened)).toBeNull();
    expect(outOfScope("::ffff:169.254.169.254", [], widened)).toBe(
      "::ffff:169.254.169.254 is or includes a cloud metadata address (IPv4-mapped 169.254.169.254), which this server is not configured to scan.",
    );
  });
});

describe("where target addresses are checked", () => {
  it("refuses a web application whose URL is such an address, or whose name resolves to one", async () => {
    expect(webOutOfScope("http://[::ffff:127.0.0.1]:8080/", byDefault)).toMatch(/loopback address \(IPv4-mapped/);
    expect(webOutOfScope("https://[64:ff9b::a00:1]/", byDefault)).toMatch(/private address \(NAT64 10\.0\.0\.1\)/);
    expect(await webOutOfScopeNow("https://app.example/", byDefault, [], resolvingTo("::ffff:127.0.0.1"))).toBe(
      "app.example resolves to ::ffff:127.0.0.1, which this server is not configured to scan.",
    );
    expect(
      await webOutOfScopeNow("https://app.example/", byDefault, [], resolvingTo("2001:db8::5", "::ffff:10.0.0.7")),
    ).toMatch(/resolves to ::ffff:10\.0\.0\.7/);
    expect(
      await webOutOfScopeNow("https://app.example/", allowing("127.0.0.0/8"), [], resolvingTo("::ffff:127.0.0.1")),
    ).toBeNull();
    expect(await webOutOfScopeNow("https://app.example/", byDefault, [], resolvingTo("::ffff:8.8.8.8"))).toBeNull();
  });

  it("refuses a repository whose host is such an address, or resolves to one", async () => {
    expect(gitOutOfScope("https://[::ffff:10.0.0.1]/team/app.git", byDefault)).toMatch(
      /^The repository's host: ::ffff:a00:1 is a private address \(IPv4-mapped 10\.0\.0\.1\)/,
    );
    expect(
      await gitOutOfScopeResolved("https://git.example/team/app.git", byDefault, [], resolvingTo("::ffff:127.0.0.1")),
    ).toBe(
      "The repository's host git.example resolves to a loopback address (IPv4-mapped 127.0.0.1), which this server is not configured to scan.",
    );
    expect(
      await gitOutOfScopeResolved(
        "ssh://git@git.example/team/app.git",
        byDefault,
        [],
        resolvingTo("64:ff9b::a9fe:a9fe"),
      ),
    ).toMatch(/resolves to a link-local or cloud metadata address \(NAT64 169\.254\.169\.254\)/);
    expect(
      await gitOutOfScopeResolved(
        "https://git.example/team/app.git",
        allowing("10.0.0.0/8"),
        [],
        resolvingTo("::ffff:10.0.0.1"),
      ),
    ).toBeNull();
  });
});
