import { createRequire } from "node:module";
import path from "node:path";
import type { ScanningConfig } from "../config.ts";
import type { ReportFormat } from "./report.ts";
import type { EngineCommand } from "./run.ts";

/**
 * The static analysers a source code scan runs over a clone, and the clone itself. Every engine runs
 * from this server's own install (node_modules or Debian), with a configuration this module writes:
 * a repository's own configuration is the attacker's to write (an ESLint config is JavaScript it
 * would run), so none is read.
 */

const require = createRequire(import.meta.url);
/** A file inside an installed package of the server's, resolved from the server's own node_modules. */
const packageFile = (name: string, file: string) =>
  path.join(path.dirname(require.resolve(`${name}/package.json`)), file);

/** The folder of the clone inside a scan's working folder; configs and reports sit beside it. */
export const REPO_DIR = "repo";

/** What each of the clone's engines is, and what its findings are. */
export interface SourceEngine {
  id: string;
  format: ReportFormat;
  /** The contract's sourcecode_finding_type for its findings. */
  findingType: "SAST" | "SECRET";
  /** Files the engine reads, written into the working folder first (name → content). */
  files(): Record<string, string>;
  command(workDir: string, scanning: ScanningConfig, signal: AbortSignal): EngineCommand;
}

const limits = (scanning: ScanningConfig) => ({
  timeoutMs: scanning.engineTimeoutSeconds * 1000,
  memoryBytes: 4 * 1024 ** 3,
  maxReportBytes: 64 * 1024 ** 2,
});

/** Folders no engine reads: dependencies are someone else's code, and .git is history. */
const SKIPPED = ["node_modules", ".git", "vendor", "dist", "build"];

/**
 * ESLint with eslint-plugin-security's recommended rules and eslint-plugin-no-unsanitized's, over
 * JavaScript only (no TypeScript parser is installed), SARIF through Microsoft's formatter. Inline
 * `eslint-disable` comments are ignored: the repository does not get to silence its own findings.
 */
export const eslint: SourceEngine = {
  id: "eslint",
  format: "sarif",
  findingType: "SAST",
  files() {
    const security = JSON.stringify(packageFile("eslint-plugin-security", "index.js"));
    const unsanitized = JSON.stringify(packageFile("eslint-plugin-no-unsanitized", "index.js"));
    return {
      "eslint.config.mjs": `import security from ${security};
import unsanitized from ${unsanitized};
const files = ["**/*.js", "**/*.mjs", "**/*.cjs", "**/*.jsx"];
export default [
  { ignores: ${JSON.stringify(SKIPPED.map((folder) => `**/${folder}/**`))} },
  { files, linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: "off" } },
  { files, ...security.configs.recommended },
  { files, plugins: { "no-unsanitized": unsanitized },
    rules: { "no-unsanitized/method": "error", "no-unsanitized/property": "error" } },
];
`,
    };
  },
  command(workDir, scanning, signal) {
    return {
      command: process.execPath,
      args: () => [
        packageFile("eslint", "bin/eslint.js"),
        "--no-config-lookup",
        "--config",
        "eslint.config.mjs",
        "--format",
        packageFile("@microsoft/eslint-formatter-sarif", "sarif.js"),
        "--output-file",
        "eslint.sarif",
        "--no-error-on-unmatched-pattern",
        "--",
        REPO_DIR,
      ],
      reportFile: "eslint.sarif",
      // 1: it found something at error level.
      okExitCodes: [0, 1],
      workDir,
      signal,
      ...limits(scanning),
    };
  },
};

/** secretlint's recommended rules over every file, SARIF output; it reports secrets masked. */
export const secretlint: SourceEngine = {
  id: "secretlint",
  format: "sarif",
  findingType: "SECRET",
  files() {
    return {
      ".secretlintrc.json": JSON.stringify({ rules: [{ id: "@secretlint/secretlint-rule-preset-recommend" }] }),
      ".secretlintignore": `${SKIPPED.map((folder) => `**/${folder}/**`).join("\n")}\n`,
    };
  },
  command(workDir, scanning, signal) {
    return {
      command: process.execPath,
      args: (dir) => [
        packageFile("secretlint", "bin/secretlint.js"),
        "--secretlintrc",
        path.join(dir, ".secretlintrc.json"),
        "--secretlintignore",
        path.join(dir, ".secretlintignore"),
        "--format",
        "@secretlint/secretlint-formatter-sarif",
        "--output",
        "secretlint.sarif",
        "--no-color",
        "--",
        `${REPO_DIR}/**/*`,
      ],
      reportFile: "secretlint.sarif",
      // 1: it found a secret.
      okExitCodes: [0, 1],
      workDir,
      signal,
      env: { NODE_PATH: path.join(path.dirname(require.resolve("secretlint/package.json")), "..") },
      ...limits(scanning),
    };
  },
};

/** bandit (Debian's 1.6) over the Python files, JSON output. */
export const bandit: SourceEngine = {
  id: "bandit",
  format: "bandit-json",
  findingType: "SAST",
  files: () => ({}),
  command(workDir, scanning, signal) {
    return {
      command: "bandit",
      args: () => [
        "--recursive",
        "--format",
        "json",
        "--output",
        "bandit.json",
        "--exclude",
        SKIPPED.map((folder) => `./${REPO_DIR}/${folder}`).join(","),
        "--quiet",
        REPO_DIR,
      ],
      reportFile: "bandit.json",
      // 1: it found issues.
      okExitCodes: [0, 1],
      workDir,
      signal,
      ...limits(scanning),
    };
  },
};

/** flawfinder over the C and C++ files, SARIF on standard output. */
export const flawfinder: SourceEngine = {
  id: "flawfinder",
  format: "sarif",
  findingType: "SAST",
  files: () => ({}),
  command(workDir, scanning, signal) {
    return {
      command: "flawfinder",
      args: () => ["--sarif", "--quiet", "--", REPO_DIR],
      workDir,
      signal,
      ...limits(scanning),
    };
  },
};

export const SOURCE_ENGINES: readonly SourceEngine[] = [eslint, secretlint, bandit, flawfinder];

/**
 * `git clone --depth 1 --branch <branch> --no-tags -- <url> repo`: one commit of one branch, with no
 * prompt for credentials, no credential helper, no hooks and no system or global configuration. The
 * file protocol is allowed only for a repository the configuration's test folders hold. An https
 * clone trusts the configuration's certificate authorities when it names some (SCAN_GIT_CA_FILE), else
 * the system's.
 */
export function gitClone(
  url: string,
  branch: string,
  options: { workDir: string; allowFile: boolean; scanning: ScanningConfig; signal: AbortSignal },
): EngineCommand {
  return {
    command: "git",
    args: () => [
      "-c",
      "credential.helper=",
      "-c",
      "core.hooksPath=/dev/null",
      "-c",
      `protocol.file.allow=${options.allowFile ? "always" : "never"}`,
      "-c",
      "protocol.ext.allow=never",
      ...(options.scanning.gitCaFile ? ["-c", `http.sslCAInfo=${options.scanning.gitCaFile}`] : []),
      "clone",
      "--quiet",
      "--depth",
      "1",
      "--no-tags",
      "--single-branch",
      "--branch",
      branch,
      "--",
      url,
      REPO_DIR,
    ],
    workDir: options.workDir,
    signal: options.signal,
    env: {
      GIT_TERMINAL_PROMPT: "0",
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: "/dev/null",
      GIT_SSH_COMMAND: "ssh -o BatchMode=yes -o StrictHostKeyChecking=yes",
      GIT_LFS_SKIP_SMUDGE: "1",
    },
    timeoutMs: options.scanning.engineTimeoutSeconds * 1000,
    memoryBytes: 4 * 1024 ** 3,
    // Standard output only: the clone's own size is bounded by the time limit and the disk.
    maxReportBytes: 1024 * 1024,
  };
}

/** The commit the clone checked out, on standard output. */
export function gitHead(workDir: string, signal: AbortSignal): EngineCommand {
  return {
    command: "git",
    args: () => ["-C", REPO_DIR, "rev-parse", "HEAD"],
    workDir,
    signal,
    env: { GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" },
    timeoutMs: 60_000,
    memoryBytes: 1024 ** 3,
    maxReportBytes: 4096,
  };
}
