import { mkdtemp, open, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { repositoryUrl } from "../areas/network/assets.ts";
import { refundSourceScan, type SourceScanJob } from "../areas/sourcecode/scanRuns.ts";
import type { ScanningConfig } from "../config.ts";
import { type Db, withScope } from "../db/pool.ts";
import { structuralFingerprint } from "./formats/fingerprint.ts";
import { reportParser } from "./formats/index.ts";
import { gitOutOfScopeResolved, gitSource } from "./gitScope.ts";
import { readReport } from "./parse.ts";
import { type ParsedFinding, ReportError, type ReportTool } from "./report.ts";
import { runEngine } from "./run.ts";
import { widenedRanges } from "./scope.ts";
import { gitClone, gitHead, REPO_DIR, SOURCE_ENGINES, type SourceEngine } from "./sourceEngines.ts";
import { type SourceEngineRun, type SourceFinding, type SourceScanResult, storeSourceResult } from "./sourceStore.ts";

/** How often a running scan looks for its own abort. */
const ABORT_POLL_MS = 1_000;
/** Bytes read from a stored report at a time, as the network import reads them. */
const SLICE_BYTES = 1024 * 1024;
/** Source files larger than this are not read for a finding's lines. */
const MAX_SOURCE_BYTES = 4 * 1024 * 1024;
/** Lines shown before and after a finding's line. */
const CONTEXT_LINES = 2;

export interface SourceScanDeps {
  db: Db;
  scanning: ScanningConfig;
  engines?: readonly SourceEngine[];
}

/**
 * Runs a queued source scan: a shallow clone of its branch through each analyser, or the reading of
 * an imported report, then everything stored at once with the scan's end. Safe to run again for the
 * same scan (a retried job): a scan still SCANNING is run again from the clone, and results are
 * stored once; a scan that ended meanwhile (aborted) is left alone, its engines killed.
 *
 * `claim` is the queue's signal that this worker no longer holds the job (its heartbeat lapsed and
 * another worker took the retry, or the worker is stopping): the engine's process group is killed and
 * nothing more is stored or ended here; the attempt that holds the job finishes the scan.
 */
export async function runSourceScanJob(deps: SourceScanDeps, job: SourceScanJob, claim?: AbortSignal): Promise<void> {
  const scope = { companies: job.companyId, userId: null };
  const target = await withScope(deps.db, scope, async (tx) => {
    const started = await sql<{ branch: string; url: string }>`
      update source_scans s set status = 'SCANNING', start_time = coalesce(s.start_time, now())
      from source_apps app join source_assets a on a.id = app.asset_id
      where app.id = s.app_id and s.id = ${job.scanId} and s.status in ('QUEUED', 'SCANNING')
      returning s.branch, ${repositoryUrl} as url`.execute(tx);
    return started.rows[0] ?? null;
  });
  if (!target) return;

  const abort = new AbortController();
  const watcher = setInterval(() => {
    withScope(deps.db, scope, (tx) =>
      sql<{ status: string }>`select status from source_scans where id = ${job.scanId}`.execute(tx),
    )
      .then((r) => {
        if (r.rows[0]?.status !== "SCANNING") abort.abort();
      })
      .catch(() => {});
  }, ABORT_POLL_MS);
  let result: SourceScanResult | null;
  try {
    result = job.report
      ? await readImport(deps.db, scope, job, job.report)
      : await scanBranch(deps, scope, target, claim ? AbortSignal.any([abort.signal, claim]) : abort.signal);
  } finally {
    clearInterval(watcher);
  }
  if (result === null || abort.signal.aborted || claim?.aborted) return;
  const stored = result;
  await withScope(deps.db, scope, (tx) => storeSourceResult(tx, job.scanId, stored));
}

/**
 * Ends a scan whose job failed every retry (the worker crashed on it each time): FAILED with the
 * reason, refunded once. A scan that ended meanwhile is left alone.
 */
export async function failAbandonedSourceScan(db: Db, job: SourceScanJob): Promise<void> {
  await withScope(db, { companies: job.companyId, userId: null }, async (tx) => {
    const ended = await sql`
      update source_scans set status = 'FAILED', end_time = now(),
                              failure_reason = 'The scan stopped unexpectedly, and every retry failed. It was refunded.'
      where id = ${job.scanId} and status in ('QUEUED', 'SCANNING') returning id`.execute(tx);
    if (ended.rows.length > 0) await refundSourceScan(tx, job.scanId, "System");
  });
}

const failedScan = (failure: string): SourceScanResult => ({ commitSha: null, runs: [], findings: [], failure });

/** The clone and each analyser over it; null when the scan was aborted meanwhile. */
async function scanBranch(
  deps: SourceScanDeps,
  scope: { companies: number; userId: null },
  target: { branch: string; url: string },
  signal: AbortSignal,
): Promise<SourceScanResult | null> {
  // The scope is checked again when the scan runs, with the host's name resolved and the company's
  // widened ranges as they are now (staff may have narrowed them since the scan was queued).
  const widened = await withScope(deps.db, scope, (tx) => widenedRanges(tx, scope.companies));
  const refused = await gitOutOfScopeResolved(target.url, deps.scanning, widened);
  if (refused) return failedScan(refused);
  // A branch name that reads as an option would reach git as one (the asset rules refuse it too).
  if (target.branch.startsWith("-")) return failedScan(`The branch name ${target.branch} is not one git accepts.`);
  const source = gitSource(target.url);

  const workDir = await mkdtemp(path.join(tmpdir(), "sentinel-source-"));
  try {
    const clone = await runEngine(
      gitClone(target.url, target.branch, {
        workDir,
        allowFile: typeof source !== "string" && source.kind === "file",
        scanning: deps.scanning,
        signal,
      }),
    );
    if (clone.outcome === "ABORTED") return null;
    if (clone.outcome === "FAILED") {
      return failedScan(
        clone.exitCode === 128
          ? `The branch ${target.branch} could not be cloned: the repository or the branch does not exist, or this server has no access to it.`
          : `The repository could not be cloned: ${clone.reason ?? "git failed"}`,
      );
    }
    const head = await runEngine(gitHead(workDir, signal));
    if (head.outcome === "ABORTED") return null;
    const commit = head.report.toString("utf8").trim();
    const commitSha = /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(commit) ? commit : null;
    const repoDir = await realpath(path.join(workDir, REPO_DIR));

    const runs: SourceEngineRun[] = [];
    const findings: SourceFinding[] = [];
    for (const engine of deps.engines ?? SOURCE_ENGINES) {
      for (const [name, content] of Object.entries(engine.files())) await writeFile(path.join(workDir, name), content);
      const startedAt = new Date();
      const ran = await runEngine(engine.command(workDir, deps.scanning, signal));
      if (ran.outcome === "ABORTED") return null;
      const failed = (detail: string): SourceEngineRun => ({
        engine: engine.id,
        engineVersion: null,
        report: null,
        exitCode: ran.exitCode,
        startedAt,
        outcome: "FAILED",
        detail,
      });
      if (ran.outcome === "FAILED") {
        runs.push(failed(ran.reason ?? "The analyser failed."));
        continue;
      }
      let parsed: Awaited<ReturnType<typeof readReport>>;
      try {
        parsed = await readReport(engine.format, ran.report);
      } catch (error) {
        runs.push(failed(`The analyser's report could not be read: ${(error as Error).message}`));
        continue;
      }
      for (const item of parsed.items) {
        if (item.kind !== "finding") continue;
        findings.push(await placeFinding(engine, item, { workDir, repoDir }));
      }
      runs.push({
        engine: engine.id,
        engineVersion: parsed.tool.version,
        report: {
          sha256: ran.sha256,
          parserVersion: parsed.parserVersion,
          content: { format: engine.format, bytes: ran.report },
        },
        exitCode: ran.exitCode,
        startedAt,
        outcome: "COMPLETED",
        detail: null,
      });
    }
    return { commitSha, runs, findings, failure: null };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * A finding as the repository has it: its file relative to the repository's root (engines report
 * it absolute, or relative to the working folder), the line's text and the lines around it read from
 * the clone, and a fingerprint of the engine, the rule, the file and the hash of the line's text, so
 * a finding keeps its identity when code above it moves. A secret's lines are never kept: only their
 * hash takes part in the fingerprint.
 */
async function placeFinding(
  engine: SourceEngine,
  finding: ParsedFinding,
  dirs: { workDir: string; repoDir: string },
): Promise<SourceFinding> {
  const file = relativeFile(finding.file, dirs);
  const lines = file && finding.line !== null ? await linesAround(dirs.repoDir, file, finding.line) : null;
  const lineText = lines?.text ?? finding.snippet;
  const secret = engine.findingType === "SECRET";
  const placed: ParsedFinding = {
    ...finding,
    ...(secret ? secretNaming(finding) : {}),
    file,
    snippet: secret ? null : lineText,
    evidence: secret ? finding.description.replace(/\*{9,}/g, "********") : (lineText?.trim() ?? finding.evidence),
    fingerprint: structuralFingerprint({
      tool: engine.id,
      ruleId: finding.ruleId,
      cwe: finding.cwe,
      file,
      line: finding.line,
      snippet: lineText,
    }),
  };
  return {
    finding: placed,
    engine: engine.id,
    type: engine.findingType,
    codeSnippets: secret ? [] : (lines?.context ?? []),
  };
}

/**
 * secretlint names each finding after its rule's full id ("secretlint rule(@secretlint/… > …-privatekey)
 * error"); the rule's own short name says what was found.
 */
function secretNaming(finding: ParsedFinding): Pick<ParsedFinding, "name" | "mitigation"> {
  const kind = /secretlint-rule-([\w-]+)\s*$/.exec(finding.ruleId)?.[1] ?? finding.ruleId;
  return {
    name: `Secret committed to the repository (${kind})`,
    mitigation:
      finding.mitigation ??
      "Revoke the secret and issue a new one, then remove it from the repository; its history still holds it.",
  };
}

function relativeFile(file: string | null, dirs: { workDir: string; repoDir: string }): string | null {
  if (!file) return null;
  const prefixes = [`${dirs.repoDir}/`, `${path.join(dirs.workDir, REPO_DIR)}/`, `./${REPO_DIR}/`, `${REPO_DIR}/`];
  for (const prefix of prefixes) if (file.startsWith(prefix)) return file.slice(prefix.length);
  return path.isAbsolute(file) ? null : file;
}

/**
 * The finding's line and its neighbours, read from the clone. A path that leaves the clone (a
 * symbolic link the repository planted, a "../") is not read: the repository must not get the
 * server's own files into a finding.
 */
async function linesAround(
  repoDir: string,
  file: string,
  line: number,
): Promise<{ text: string; context: string[] } | null> {
  let real: string;
  try {
    real = await realpath(path.join(repoDir, file));
  } catch {
    return null;
  }
  if (!real.startsWith(`${repoDir}/`)) return null;
  const handle = await open(real, "r").catch(() => null);
  if (!handle) return null;
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size > MAX_SOURCE_BYTES) return null;
    const lines = (await handle.readFile("utf8")).split(/\r?\n/);
    const text = lines[line - 1];
    if (text === undefined) return null;
    const first = Math.max(1, line - CONTEXT_LINES);
    const last = Math.min(lines.length, line + CONTEXT_LINES);
    const context: string[] = [];
    for (let n = first; n <= last; n++) context.push(`${n} | ${lines[n - 1] ?? ""}`);
    return { text, context };
  } finally {
    await handle.close();
  }
}

/**
 * An imported report, streamed out of PostgreSQL a slice at a time into its parser. Its findings
 * keep the parser's fingerprints (the tool's own ids where it has them) and the engine name
 * `import:<tool>`, so a later import of the same tool's report can mitigate what it no longer lists.
 */
async function readImport(
  db: Db,
  scope: { companies: number; userId: null },
  job: SourceScanJob,
  report: NonNullable<SourceScanJob["report"]>,
): Promise<SourceScanResult> {
  const size = await withScope(db, scope, async (tx) =>
    Number(
      (
        await sql<{ size: number }>`select size from scan_reports where company_id = ${job.companyId}
                                    and sha256 = ${report.sha256}`.execute(tx)
      ).rows[0]?.size ?? 0,
    ),
  );
  async function* slices(): AsyncGenerator<Uint8Array> {
    for (let offset = 0; offset < size; offset += SLICE_BYTES) {
      const slice = await withScope(db, scope, (tx) =>
        sql<{ bytes: Buffer }>`select substring(content from ${offset + 1} for ${SLICE_BYTES}) as bytes
                               from scan_reports where company_id = ${job.companyId} and sha256 = ${report.sha256}`.execute(
          tx,
        ),
      );
      const bytes = slice.rows[0]?.bytes;
      if (!bytes) return;
      yield bytes;
    }
  }

  const parser = reportParser(report.format);
  const startedAt = new Date();
  const parsed: ParsedFinding[] = [];
  let tool: ReportTool = { name: report.format, version: null };
  let failure: string | null = null;
  try {
    const reading = parser.parse(slices());
    for (;;) {
      const next = await reading.next();
      if (next.done) {
        tool = next.value;
        break;
      }
      if (next.value.kind === "finding") parsed.push(next.value);
    }
  } catch (error) {
    if (!(error instanceof ReportError)) throw error;
    failure = `The report could not be read: ${error.message}`;
  }
  const engine = `import:${tool.name}`;
  const run: SourceEngineRun = {
    engine,
    engineVersion: tool.version,
    report: { sha256: report.sha256, parserVersion: parser.version },
    exitCode: null,
    startedAt,
    outcome: failure ? "FAILED" : "COMPLETED",
    detail: failure,
  };
  const findings: SourceFinding[] = failure
    ? []
    : parsed.map((finding) => {
        const type = importedType(report.format, finding);
        // A secret's line is the secret (gitleaks' SARIF snippet holds it whole): only masked evidence is kept.
        if (type === "SECRET") {
          const masked = finding.evidence !== finding.snippet ? finding.evidence : null;
          return { finding: { ...finding, snippet: null, evidence: masked }, engine, type, codeSnippets: [] };
        }
        return {
          finding: { ...finding, evidence: finding.evidence ?? finding.snippet },
          engine,
          type,
          codeSnippets: finding.snippet && finding.line !== null ? [`${finding.line} | ${finding.snippet}`] : [],
        };
      });
  return { commitSha: null, runs: [run], findings, failure };
}

/** Dependency findings carry CVEs; secrets are tagged or named so by their tools. */
function importedType(format: string, finding: ParsedFinding): string {
  // CWE-798: hard-coded credentials, as Trivy's and gitleaks' secret rules are tagged.
  if (finding.cwe === "CWE-798" || /secret|gitleaks|private[-_ ]?key/i.test(`${finding.tool} ${finding.ruleId}`)) {
    return "SECRET";
  }
  if (finding.cve.length > 0 || (format === "trivy-json" && finding.line === null)) return "DEPENDENCY";
  return "SAST";
}
