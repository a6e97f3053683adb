import { existsSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ReputationSettings } from "./scanning/reputation/aggregator.ts";
import { parseAllowedRanges } from "./scanning/scope.ts";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface Config {
  /** Absent: the server runs its own PostgreSQL in `dataDir` (the embedded default). */
  databaseUrl: string | null;
  host: string;
  port: number;
  /** Where the embedded PostgreSQL, the generated signing key and other local state live. */
  dataDir: string;
  /** HS256 key for access tokens; absent in the embedded default, which generates and keeps one. */
  jwtSecret: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** The built app to serve on the same origin; absent: the API only. */
  staticDir: string | null;
  /** Seed the demo data when the database is empty (the embedded default does). */
  seedDemo: boolean;
  /**
   * Which demo data: `default`, or `hostile` (the same data with a script payload in every display
   * text, static mode's hostile dataset) for the end-to-end walk that proves none of it runs.
   */
  seedDataset: "default" | "hostile";
  smtpUrl: string | null;
  mailFrom: string;
  /** Public origin used in e-mailed links (reset, invitations). */
  publicOrigin: string;
  /**
   * The bot check: when a secret is set, sign-in, forgot-password and recover-authenticator need a
   * `captcha_token` that the provider's verify endpoint accepts (Turnstile, hCaptcha and reCAPTCHA
   * share the protocol: a form POST of secret, response and remoteip answered `{success}`).
   */
  botCheck: { secret: string; verifyUrl: string } | null;
  logLevel: string;
  /**
   * Roles this process takes: the API, the job workers, or both (Dependency-Track v5's web and worker
   * nodes). The start command's `--role=api|worker|all` wins over SENTINEL_ROLES.
   */
  roles: { api: boolean; worker: boolean };
  /**
   * How long a stopping process waits for its requests in flight, and then again for its running jobs,
   * before it cuts them off (a job cut off is handed back to the queue and runs again elsewhere).
   */
  shutdownTimeoutSeconds: number;
  /** Largest accepted request body (attachments included), in bytes. */
  bodyLimit: number;
  /**
   * Which peers' X-Forwarded-For is believed (the client address throttling counts by): Fastify's
   * trustProxy value. Default: loopback only, i.e. an nginx on the same host.
   */
  trustProxy: string;
  scanning: ScanningConfig;
}

/** How scans run on this server (issue 29). */
export interface ScanningConfig {
  /** Guarded ranges (loopback, private, link-local and metadata) this deployment may scan anyway. */
  allowedRanges: ReturnType<typeof parseAllowedRanges>["blocks"];
  /** nmap's port list (`-p`); null: its 1,000 most common ports. */
  ports: string | null;
  /** How long one engine may run over one target. */
  engineTimeoutSeconds: number;
  /** Scans of one company that run at the same time, across every worker process. */
  companyConcurrency: number;
  /** How threat inspection asks the DNS blocklists; absent: the defaults (the system's resolvers). */
  reputation?: ReputationSettings;
  /**
   * The name server exposure detection asks about a domain (an address); null: the domain's own
   * name servers, found through the system resolver.
   */
  nameServer: string | null;
  /**
   * How late a scheduled scan may still start (after an outage of the workers); later, it is
   * recorded as missed instead of surprising the client outside the window they chose.
   */
  missedAfterHours: number;
  /**
   * Folders whose git repositories may be cloned by file:// path (SCAN_GIT_FILE_ROOTS): a test's own
   * repositories. Empty in production, where only https and ssh repositories are cloned.
   */
  gitFileRoots: string[];
  /**
   * The certificate authorities (a PEM file) a clone over https trusts instead of the system's
   * (SCAN_GIT_CA_FILE): a company's own Git server whose certificate an internal authority signed.
   * Null: the system's bundle.
   */
  gitCaFile: string | null;

  /** How many links deep Wapiti crawls a web application from its URL. */
  webDepth: number;
  /**
   * How long a job's worker may go without a heartbeat (it sends one every half of this) before the
   * job is taken for lost (a killed worker, a lost host) and retried by another worker: a dead
   * worker's scan starts again within about twice this (issue 29).
   */
  jobHeartbeatSeconds: number;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.problems = problems;
  }
}

function botCheck(env: NodeJS.ProcessEnv, problems: string[]): Config["botCheck"] {
  const secret = env.BOT_CHECK_SECRET || "";
  const verifyUrl = env.BOT_CHECK_VERIFY_URL || "";
  if (!secret && !verifyUrl) return null;
  if (!secret || !verifyUrl) {
    problems.push("BOT_CHECK_SECRET and BOT_CHECK_VERIFY_URL go together: set both, or neither");
    return null;
  }
  if (!/^https?:\/\//.test(verifyUrl))
    problems.push("BOT_CHECK_VERIFY_URL must start with https:// (or http:// for a local test)");
  return { secret, verifyUrl };
}

function seedDataset(raw: string | undefined, problems: string[]): Config["seedDataset"] {
  if (raw === undefined || raw === "" || raw === "default") return "default";
  if (raw === "hostile") return "hostile";
  problems.push(`SEED_DATASET must be default or hostile, got "${raw}"`);
  return "default";
}

function scanningConfig(
  env: NodeJS.ProcessEnv,
  problems: string[],
  int: (name: string, fallback: number, min: number, max: number) => number,
): ScanningConfig {
  const allowed = parseAllowedRanges(env.SCAN_ALLOWED_RANGES ?? "");
  problems.push(...allowed.problems);
  const ports = env.SCAN_PORTS || null;
  if (ports !== null && !/^[0-9]{1,5}(-[0-9]{1,5})?(,[0-9]{1,5}(-[0-9]{1,5})?)*$/.test(ports)) {
    problems.push(`SCAN_PORTS must be ports and ranges separated by commas (22,80,8000-8100), got "${ports}"`);
  }
  const nameServer = env.SCAN_NAME_SERVER || null;
  if (nameServer !== null && isIP(nameServer) === 0) {
    problems.push(`SCAN_NAME_SERVER must be an IPv4 or IPv6 address, got "${nameServer}"`);
  }
  return {
    allowedRanges: allowed.blocks,
    ports,
    engineTimeoutSeconds: int("SCAN_ENGINE_TIMEOUT_SECONDS", 1800, 5, 24 * 3600),
    companyConcurrency: int("SCAN_COMPANY_CONCURRENCY", 2, 1, 100),
    reputation: {
      servers: reputationServers(env.REPUTATION_DNS_SERVERS ?? "", problems),
      timeoutMs: int("REPUTATION_TIMEOUT_MS", 3_000, 100, 60_000),
      concurrency: int("REPUTATION_CONCURRENCY", 10, 1, 100),
      breakerThreshold: int("REPUTATION_BREAKER_FAILURES", 5, 1, 1_000),
      breakerCooldownMs: int("REPUTATION_BREAKER_COOLDOWN_SECONDS", 600, 1, 24 * 3600) * 1000,
    },

    nameServer,
    missedAfterHours: int("SCAN_MISSED_AFTER_HOURS", 24, 1, 24 * 30),
    gitFileRoots: gitFileRoots(env.SCAN_GIT_FILE_ROOTS ?? "", problems),
    gitCaFile: gitCaFile(env.SCAN_GIT_CA_FILE ?? "", problems),

    webDepth: int("SCAN_WEB_DEPTH", 10, 1, 100),
    // pg-boss takes no heartbeat under 10 seconds.
    jobHeartbeatSeconds: int("SCAN_JOB_HEARTBEAT_SECONDS", 30, 10, 600),
  };
}

function gitFileRoots(text: string, problems: string[]): string[] {
  const roots = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  for (const root of roots) {
    if (!path.isAbsolute(root)) problems.push(`SCAN_GIT_FILE_ROOTS: "${root}" is not an absolute path`);
  }
  return roots.filter((root) => path.isAbsolute(root)).map((root) => path.resolve(root));
}

function gitCaFile(text: string, problems: string[]): string | null {
  const file = text.trim();
  if (file === "") return null;
  if (!path.isAbsolute(file)) {
    problems.push(`SCAN_GIT_CA_FILE: "${file}" is not an absolute path`);
    return null;
  }
  return path.resolve(file);
}

/** `ip`, `ip:port` or `[ipv6]:port`, comma-separated, as Node's resolver takes them; empty: the system's. */
function reputationServers(raw: string, problems: string[]): string[] {
  const servers = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const server of servers) {
    const match = /^\[([^\]]+)\]:(\d{1,5})$/.exec(server) ?? /^([^:]+):(\d{1,5})$/.exec(server);
    const address = match ? match[1] : server;
    const port = match ? Number(match[2]) : 53;
    if (!address || isIP(address) === 0 || port < 1 || port > 65_535) {
      problems.push(
        `REPUTATION_DNS_SERVERS must be IP addresses with optional ports (9.9.9.9, 127.0.0.1:5353), got "${server}"`,
      );
    }
  }
  return servers;
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

const ROLE_FLAG = {
  api: ["api"],
  worker: ["worker"],
  all: ["api", "worker"],
} as const satisfies Record<string, readonly string[]>;

/**
 * The roles the start command names (`--role=api`, `--role worker`, `--role=all`); null when it names
 * none. The last `--role` wins, as with most command-line tools.
 */
function roleFlag(argv: readonly string[], problems: string[]): string[] | null {
  let value: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    // `pnpm start -- --role=api` passes the separator on.
    if (arg === "--") continue;
    if (arg === "--role") {
      value = argv[i + 1] ?? "";
      i++;
    } else if (arg.startsWith("--role=")) {
      value = arg.slice("--role=".length);
    } else {
      problems.push(`Unknown argument "${arg}" (the server takes --role=api, --role=worker or --role=all)`);
    }
  }
  if (value === null) return null;
  if (!Object.hasOwn(ROLE_FLAG, value)) {
    problems.push(`--role takes api, worker or all, got "${value}"`);
    return null;
  }
  return [...ROLE_FLAG[value as keyof typeof ROLE_FLAG]];
}

/**
 * Reads the configuration from the environment and the start command's arguments (`argv` without the
 * node and script paths); every bad value is reported, not just the first.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = []): Config {
  const problems: string[] = [];

  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    if (["1", "true", "yes", "on"].includes(raw.toLowerCase())) return true;
    if (["0", "false", "no", "off"].includes(raw.toLowerCase())) return false;
    problems.push(`${name} must be true or false, got "${raw}"`);
    return fallback;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const raw = env[name];
    if (raw === undefined || raw === "") return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must start with ${protocols.map((p) => `${p}//`).join(" or ")}`);
        return null;
      }
      return raw;
    } catch {
      problems.push(`${name} is not a URL`);
      return null;
    }
  };

  const databaseUrl = url("DATABASE_URL", ["postgres:", "postgresql:"]);
  const jwtSecret = env.JWT_SECRET || null;
  if (jwtSecret !== null && Buffer.byteLength(jwtSecret) < 32) {
    problems.push("JWT_SECRET must be at least 32 bytes long");
  }
  const logLevel = env.LOG_LEVEL || "info";
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`);

  const envRoles = (env.SENTINEL_ROLES || "api,worker").split(",").map((r) => r.trim());
  const unknownRoles = envRoles.filter((r) => r !== "api" && r !== "worker");
  if (unknownRoles.length) problems.push(`SENTINEL_ROLES takes api and worker, got "${unknownRoles.join(",")}"`);
  const roleNames = roleFlag(argv, problems) ?? envRoles;

  const staticDir = env.STATIC_DIR ? path.resolve(env.STATIC_DIR) : null;
  if (staticDir && !existsSync(path.join(staticDir, "index.html"))) {
    problems.push(`STATIC_DIR ${staticDir} has no index.html (build the app first)`);
  }

  const port = int("PORT", 8000, 1, 65535);
  const publicOrigin = url("PUBLIC_ORIGIN", ["http:", "https:"]) ?? `http://127.0.0.1:${port}`;

  const config: Config = {
    databaseUrl,
    host: env.HOST || "127.0.0.1",
    port,
    dataDir: path.resolve(env.SENTINEL_DATA_DIR || path.join(repoRoot, ".data")),
    jwtSecret,
    accessTokenTtlSeconds: int("ACCESS_TOKEN_TTL_SECONDS", 600, 30, 600),
    refreshTokenTtlSeconds: int("REFRESH_TOKEN_TTL_SECONDS", 7 * 24 * 3600, 600, 90 * 24 * 3600),
    staticDir,
    seedDemo: bool("SEED_DEMO", databaseUrl === null),
    seedDataset: seedDataset(env.SEED_DATASET, problems),
    smtpUrl: url("SMTP_URL", ["smtp:", "smtps:"]),
    mailFrom: env.MAIL_FROM || "Sentinel <no-reply@sentinel.local>",
    publicOrigin,
    botCheck: botCheck(env, problems),
    logLevel,
    roles: { api: roleNames.includes("api"), worker: roleNames.includes("worker") },
    bodyLimit: int("BODY_LIMIT_BYTES", 60 * 1024 * 1024, 1024, 200 * 1024 * 1024),
    trustProxy: env.TRUST_PROXY || "loopback",
    shutdownTimeoutSeconds: int("SHUTDOWN_TIMEOUT_SECONDS", 20, 1, 600),
    scanning: scanningConfig(env, problems, int),
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}
