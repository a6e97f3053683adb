import { DEFAULT_REQUEST_TIMEOUT_MS } from "@sentinel/api-client";

/**
 * Run-time settings. Build-time values come from `import.meta.env` (VITE_*); a `/config.json`
 * served next to index.html overrides any of them at start, so one build deploys anywhere.
 * docs/app.md has the table.
 */
export interface AppConfig {
  /** Origin (and optional prefix) the API paths are resolved against; empty = same origin. */
  readonly apiBaseUrl: string;
  /** Answer every call from built-in sample data (msw), with no backend. */
  readonly staticMode: boolean;
  readonly errorReporting: {
    readonly enabled: boolean;
    /** Where the reporter sends events; the no-op reporter ignores it. */
    readonly dsn: string;
    readonly tracingTimeoutMs: number;
  };
  /** Site key of the bot-check widget on the sign-in forms; empty hides the widget. */
  readonly botCheckSiteKey: string;
  /** Company preselected where staff pick a company; null when not configured. */
  readonly defaultCompanyId: number | null;
  /** How long an API call may wait for an answer before it fails as a time-out, in ms. */
  readonly requestTimeoutMs: number;
}

export const defaultTracingTimeoutMs = 2000;

type Env = Readonly<Record<string, string | boolean | undefined>>;

function envFlag(value: string | boolean | undefined, fallback: boolean): boolean {
  if (typeof value === "boolean") return value;
  if (value === undefined || value.trim() === "") return fallback;
  return !["false", "0", "off", "no"].includes(value.trim().toLowerCase());
}

function parseCompanyId(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value !== "string" || !/^\d+$/.test(value.trim())) return null;
  return parseCompanyId(Number(value.trim()));
}

/** The settings a build was made with. `VITE_STATIC_MODE` defaults to on, as in the sample configuration. */
export function configFromEnv(env: Env): AppConfig {
  const str = (key: string) => (typeof env[key] === "string" ? (env[key] as string).trim() : "");
  const timeout = Number(str("VITE_ERROR_REPORTING_TRACING_TIMEOUT_MS"));
  const requestTimeout = Number(str("VITE_REQUEST_TIMEOUT_MS"));
  return {
    apiBaseUrl: str("VITE_API_BASE_URL"),
    staticMode: envFlag(env.VITE_STATIC_MODE, true),
    errorReporting: {
      enabled: envFlag(env.VITE_ERROR_REPORTING, false),
      dsn: str("VITE_ERROR_REPORTING_DSN"),
      tracingTimeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : defaultTracingTimeoutMs,
    },
    botCheckSiteKey: str("VITE_BOT_CHECK_SITE_KEY"),
    defaultCompanyId: parseCompanyId(str("VITE_DEFAULT_COMPANY_ID")),
    requestTimeoutMs:
      Number.isFinite(requestTimeout) && requestTimeout > 0 ? requestTimeout : DEFAULT_REQUEST_TIMEOUT_MS,
  };
}

/**
 * Applies a `/config.json` object over `base`. Unknown keys and values of the wrong type are
 * ignored (with a warning), so a typo cannot switch static mode off by accident.
 */
export function mergeConfig(base: AppConfig, override: unknown, warn: (message: string) => void = () => {}): AppConfig {
  if (typeof override !== "object" || override === null || Array.isArray(override)) {
    if (override !== undefined && override !== null) warn("config.json must hold an object; ignoring it.");
    return base;
  }
  const o = override as Record<string, unknown>;
  const pick = <T>(key: string, guard: (v: unknown) => v is T, fallback: T): T => {
    if (!(key in o)) return fallback;
    if (guard(o[key])) return o[key];
    warn(`config.json: ignoring "${key}" (${JSON.stringify(o[key])}).`);
    return fallback;
  };
  const isString = (v: unknown): v is string => typeof v === "string";
  const isBoolean = (v: unknown): v is boolean => typeof v === "boolean";
  const isTimeout = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v > 0;
  const isCompanyId = (v: unknown): v is number | string | null => v === null || parseCompanyId(v) !== null;

  const known = new Set([
    "apiBaseUrl",
    "staticMode",
    "errorReporting",
    "errorReportingDsn",
    "tracingTimeoutMs",
    "botCheckSiteKey",
    "defaultCompanyId",
    "requestTimeoutMs",
  ]);
  for (const key of Object.keys(o)) if (!known.has(key)) warn(`config.json: unknown key "${key}".`);

  const companyId = pick("defaultCompanyId", isCompanyId, base.defaultCompanyId);
  return {
    apiBaseUrl: pick("apiBaseUrl", isString, base.apiBaseUrl).trim(),
    staticMode: pick("staticMode", isBoolean, base.staticMode),
    errorReporting: {
      enabled: pick("errorReporting", isBoolean, base.errorReporting.enabled),
      dsn: pick("errorReportingDsn", isString, base.errorReporting.dsn).trim(),
      tracingTimeoutMs: pick("tracingTimeoutMs", isTimeout, base.errorReporting.tracingTimeoutMs),
    },
    botCheckSiteKey: pick("botCheckSiteKey", isString, base.botCheckSiteKey).trim(),
    defaultCompanyId: companyId === null ? null : parseCompanyId(companyId),
    requestTimeoutMs: pick("requestTimeoutMs", isTimeout, base.requestTimeoutMs),
  };
}

/**
 * Fetches `/config.json` and merges it over `base`. A missing file (or the dev server's HTML
 * fallback) means no override; invalid JSON is ignored with a warning.
 */
export async function loadRuntimeConfig(
  base: AppConfig,
  fetchImpl: typeof fetch = fetch,
  url = "/config.json",
  warn: (message: string) => void = (message) => console.warn(message),
): Promise<AppConfig> {
  let response: Response;
  try {
    // A plain request, so it takes the response index.html preloaded; the servers mark the file
    // no-cache, so it is revalidated on every page load all the same.
    response = await fetchImpl(url);
  } catch {
    return base;
  }
  if (!response.ok) return base;
  if (!(response.headers.get("content-type") ?? "").includes("json")) return base;
  let parsed: unknown;
  try {
    parsed = JSON.parse(await response.text());
  } catch {
    warn("config.json is not valid JSON; using the build's settings.");
    return base;
  }
  return mergeConfig(base, parsed, warn);
}

let current: AppConfig = configFromEnv(import.meta.env as unknown as Env);

/** The settings in force; set once at start-up by main.tsx. */
export function getConfig(): AppConfig {
  return current;
}

export function setConfig(config: AppConfig): void {
  current = config;
}
