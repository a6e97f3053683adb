import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export interface EngineCommand {
  /** An absolute path or a name found on PATH; never a shell. */
  command: string;
  /** Passed to the program as they are: nothing is split, expanded or quoted. */
  args: (dir: string) => string[];
  /** The report file the engine writes, relative to its temporary folder; absent: standard output. */
  reportFile?: string;
  timeoutMs: number;
  /** Address-space limit of the engine's process, in bytes (prlimit's --as). */
  memoryBytes: number;
  /** A larger report is refused rather than read. */
  maxReportBytes: number;
  signal?: AbortSignal;
  /**
   * A folder the caller made and removes itself, for engines that work on what an earlier engine left
   * there (a source scan's clone); absent: a fresh temporary folder, removed after the run.
   */
  workDir?: string;
  /** Variables added to the engine's minimal environment (PATH, HOME in its folder, LANG). */
  env?: Record<string, string>;
  /** Exit codes that mean the engine finished (linters exit 1 when they found something); default [0]. */
  okExitCodes?: readonly number[];

  /** Writes what the engine needs in its temporary folder before it starts (settings, seed files). */
  prepare?: (dir: string) => Promise<void>;
}

export interface EngineResult {
  outcome: "COMPLETED" | "FAILED" | "ABORTED";
  exitCode: number | null;
  report: Buffer;
  sha256: string;
  /** The end of the engine's error output, for the run's record; never shown to clients as is. */
  stderrTail: string;
  /** Why it did not complete, in words a client admin can act on. */
  reason: string | null;
}

const STDERR_TAIL = 2000;

type StopReason = "timeout" | "abort" | "oversized";

/**
 * Runs one engine in a fresh temporary folder, as an argument array (no shell, so no target text can
 * become a command), under a time limit, an address-space limit and a report size limit, and stops it
 * (the whole process group) when the scan is aborted or the time is up.
 */
export async function runEngine(engine: EngineCommand): Promise<EngineResult> {
  if (engine.workDir) return await runIn(engine.workDir, engine);
  const dir = await mkdtemp(path.join(tmpdir(), "sentinel-scan-"));
  try {
    return await runIn(dir, engine);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function runIn(dir: string, engine: EngineCommand): Promise<EngineResult> {
  await engine.prepare?.(dir);
  const child = spawn("prlimit", [`--as=${engine.memoryBytes}`, "--", engine.command, ...engine.args(dir)], {
    cwd: dir,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: dir, LANG: "C.UTF-8", ...engine.env },
  });
  const stdout: Buffer[] = [];
  let stdoutBytes = 0;
  let oversized = false;
  let stderr = "";
  let stopped = null as StopReason | null;

  const stop = (why: StopReason) => {
    if (stopped || child.exitCode !== null) return;
    stopped = why;
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
  child.stdout.on("data", (chunk: Buffer) => {
    stdoutBytes += chunk.length;
    if (stdoutBytes > engine.maxReportBytes) {
      oversized = true;
      stop("oversized");
      return;
    }
    if (!engine.reportFile) stdout.push(chunk);
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_TAIL);
  });
  const timer = setTimeout(() => stop("timeout"), engine.timeoutMs);
  const onAbort = () => stop("abort");
  if (engine.signal?.aborted) onAbort();
  engine.signal?.addEventListener("abort", onAbort, { once: true });

  const exitCode = await new Promise<number | null>((resolve) => {
    child.once("error", (error) => {
      stderr = `${stderr}\n${error.message}`.slice(-STDERR_TAIL);
      resolve(null);
    });
    child.once("close", (code) => resolve(code));
  });
  clearTimeout(timer);
  engine.signal?.removeEventListener("abort", onAbort);

  const empty = Buffer.alloc(0);
  const ended = (outcome: EngineResult["outcome"], reason: string | null, report = empty): EngineResult => ({
    outcome,
    exitCode,
    report,
    sha256: createHash("sha256").update(report).digest("hex"),
    stderrTail: stderr,
    reason,
  });
  if (stopped === "abort") return ended("ABORTED", "The scan was aborted.");
  if (stopped === "timeout") {
    return ended("FAILED", `The engine did not finish within ${Math.round(engine.timeoutMs / 1000)} seconds.`);
  }
  if (oversized) return ended("FAILED", "The engine's report passed the size limit.");
  if (exitCode === null || !(engine.okExitCodes ?? [0]).includes(exitCode))
    return ended("FAILED", `The engine stopped with an error (exit code ${exitCode ?? "none"}).`);

  if (!engine.reportFile) return ended("COMPLETED", null, Buffer.concat(stdout));
  const file = path.join(dir, engine.reportFile);
  const size = await stat(file).then(
    (s) => s.size,
    () => -1,
  );
  if (size < 0) return ended("FAILED", "The engine finished without writing its report.");
  if (size > engine.maxReportBytes) return ended("FAILED", "The engine's report passed the size limit.");
  return ended("COMPLETED", null, await readFile(file));
}
