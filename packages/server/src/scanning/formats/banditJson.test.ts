import { describe, expect, it } from "vitest";
import { compareScans, findingsOf, fixture, parseAll, parseError } from "../../../test/reports.ts";
import { reportedLine } from "./banditJson.ts";

describe("bandit JSON", () => {
  it("reads each result with its test, severity, confidence, file, line and that line's code", async () => {
    const { tool } = await parseAll("bandit-json", fixture("bandit.json"));
    expect(tool).toEqual({ name: "bandit", version: null });
    const findings = await findingsOf("bandit-json", "bandit.json");
    expect(findings.map((f) => [f.ruleId, f.severity, f.qod, f.file, f.line])).toEqual([
      ["B404", "LOW", 90, "app.py", 2],
      ["B602", "HIGH", 90, "app.py", 6],
      ["B506", "MEDIUM", 90, "app.py", 9],
      ["B303", "MEDIUM", 90, "app.py", 12],
    ]);
    expect(findings[1]).toMatchObject({
      tool: "bandit",
      name: "subprocess call with shell=True identified, security issue.",
      summary: "subprocess_popen_with_shell_equals_true",
      snippet: "subprocess.call(c, shell=True)",
      references: ["https://bandit.readthedocs.io/en/latest/plugins/b602_subprocess_popen_with_shell_equals_true.html"],
    });
    expect(findings[1]?.evidence).toContain("6     subprocess.call(c, shell=True)");
  });

  it("keeps identities when lines move, and loses the one that was fixed", async () => {
    const before = await findingsOf("bandit-json", "bandit.json");
    const after = await findingsOf("bandit-json", "bandit-rescan.json");
    const { gone, added, kept } = compareScans(before, after);
    // md5 became sha256; a docstring above moved every other finding down one line.
    expect(gone).toEqual(["B303"]);
    expect(added).toEqual([]);
    expect(kept.map((f) => [f.ruleId, f.line])).toEqual([
      ["B404", 3],
      ["B602", 7],
      ["B506", 10],
    ]);
  });

  it("finds the reported line in bandit's numbered code", () => {
    expect(reportedLine("5 def run(c):\n6     subprocess.call(c, shell=True)\n7 \n", 6)).toBe(
      "    subprocess.call(c, shell=True)",
    );
    expect(reportedLine("5 def run(c):\n", 9)).toBeNull();
    expect(reportedLine(null, 1)).toBeNull();
  });

  it("refuses another format, saying what it is", async () => {
    expect((await parseError("bandit-json", fixture("trivy.json")))?.message).toBe(
      "This is not a bandit JSON report: it looks like a Trivy JSON report.",
    );
  });
});
