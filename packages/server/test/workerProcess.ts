import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { repoRoot } from "../src/config.ts";

/**
 * Worker-only processes of the server's real entry on a test's database, with their output kept for
 * a failure's message. `extraPath` goes first on PATH, so a test can put a gate in front of an engine.
 */
export function workerProcesses(databaseUrl: () => string) {
  const children: ChildProcess[] = [];
  const output: string[] = [];
  return {
    output,
    start(env: Record<string, string>, extraPath: string | null = null): ChildProcess {
      const child = spawn(process.execPath, [path.join(repoRoot, "packages/server/src/main.ts")], {
        env: {
          ...process.env,
          PATH: extraPath ? `${extraPath}:${process.env.PATH ?? ""}` : process.env.PATH,
          DATABASE_URL: databaseUrl(),
          SENTINEL_ROLES: "worker",
          SEED_DEMO: "false",
          LOG_LEVEL: "silent",
          ...env,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
      children.push(child);
      return child;
    },
    /** Every process started, for the test's clean-up. */
    children,
  };
}

/** Resolves once `child` has exited (at once when it already has). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
