import { describe, expect, it } from "vitest";
import { compareScans, findingsOf, fixture, parseAll, parseError } from "../../../test/reports.ts";

describe("Trivy JSON", () => {
  it("reads vulnerabilities per package and secrets per file", async () => {
    const { tool } = await parseAll("trivy-json", fixture("trivy.json"));
    expect(tool).toEqual({ name: "Trivy", version: "0.57.1" });
    const findings = await findingsOf("trivy-json", "trivy.json");
    expect(findings.map((f) => [f.ruleId, f.severity, f.file, f.cwe, f.cvss3Score])).toEqual([
      ["CVE-2021-23337", "HIGH", "package-lock.json", "CWE-94", 7.2],
      ["CVE-2022-24999", "HIGH", "package-lock.json", "CWE-1321", 7.5],
      ["CVE-2024-4067", "MEDIUM", "package-lock.json", "CWE-1333", 5.3],
      ["aws-access-key-id", "HIGH", "config/deploy.env", "CWE-798", null],
    ]);
    expect(findings[0]).toMatchObject({
      tool: "Trivy",
      name: "nodejs-lodash: command injection via template",
      cve: ["CVE-2021-23337"],
      affected: "lodash 4.17.20",
      mitigation: "Upgrade lodash to 4.17.21.",
      // The severity source (ghsa) has no v2 vector, so v2 comes from NVD.
      cvss3: "CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H",
      cvss2: "AV:N/AC:L/Au:S/C:P/I:P/A:P",
      cvss2Score: 6.5,
      references: [
        "https://avd.aquasec.com/nvd/cve-2021-23337",
        "https://github.com/advisories/GHSA-35jh-r3h4-6jhm",
        "https://nvd.nist.gov/vuln/detail/CVE-2021-23337",
      ],
    });
    // The masked match, never the secret.
    expect(findings[3]).toMatchObject({ line: 3, evidence: "AWS_ACCESS_KEY_ID=********************" });
  });

  it("keeps identities across a rescan, and the vector's score wins over the report's", async () => {
    const before = await findingsOf("trivy-json", "trivy.json");
    const after = await findingsOf("trivy-json", "trivy-rescan.json");
    const { gone, added, kept } = compareScans(before, after);
    expect(gone).toEqual(["CVE-2024-4067"]);
    expect(added).toEqual(["CVE-2024-45296"]);
    expect(kept.map((f) => [f.ruleId, f.line])).toEqual([
      ["CVE-2021-23337", null],
      ["CVE-2022-24999", null],
      ["aws-access-key-id", 5],
    ]);
    // Reported as 7.5; AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:N/A:H is 5.9.
    expect(after.find((f) => f.ruleId === "CVE-2024-45296")?.cvss3Score).toBe(5.9);
  });

  it("gives one CVE in two packages two fingerprints", async () => {
    const vulnerability = (pkg: string) => ({
      VulnerabilityID: "CVE-2022-25883",
      PkgID: `${pkg}@5.7.1`,
      PkgName: pkg,
      InstalledVersion: "5.7.1",
      Severity: "MEDIUM",
    });
    const report = JSON.stringify({
      SchemaVersion: 2,
      ArtifactName: ".",
      Results: [{ Target: "package-lock.json", Vulnerabilities: [vulnerability("semver"), vulnerability("semver-x")] }],
    });
    const { items } = await parseAll("trivy-json", report);
    expect(items).toHaveLength(2);
    expect(
      items[0]?.kind === "finding" && items[1]?.kind === "finding" && items[0].fingerprint !== items[1].fingerprint,
    ).toBe(true);
  });

  it("gives the same items in 1- and 7-byte chunks", async () => {
    const bytes = fixture("trivy.json");
    const whole = await parseAll("trivy-json", bytes);
    expect(await parseAll("trivy-json", bytes, 1)).toEqual(whole);
    expect(await parseAll("trivy-json", bytes, 7)).toEqual(whole);
  });

  it("names a cut-off vulnerability and refuses XML", async () => {
    const text = fixture("trivy.json").toString();
    const cut = text.slice(0, text.indexOf('"CweIDs": ["CWE-1321"]'));
    expect((await parseError("trivy-json", cut))?.message).toMatch(
      /^This Trivy JSON report ends in the middle of a vulnerability \(line \d+\)\.$/,
    );
    expect((await parseError("trivy-json", fixture("greenbone.xml")))?.message).toBe(
      "This is not a Trivy JSON report: it looks like a Greenbone XML report.",
    );
  });
});
