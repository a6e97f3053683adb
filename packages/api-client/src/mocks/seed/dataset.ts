import type { Db, FindingArea } from "../db-types.ts";
import { hashSeed } from "../prng.ts";
import { HOSTILE, SPOOFED_FILE_NAME } from "./hostile.ts";
import {
  CODE_VULNS,
  type CodeVulnTemplate,
  NETWORK_VULNS,
  THREAT_VULNS,
  type VulnTemplate,
  WEB_VULNS,
} from "./vulns.ts";

/**
 * Which sample data static mode serves. `default` is what a visitor of the demo meets: a believable
 * customer base. `hostile` is the same data with a script payload in every text a screen shows, for
 * the tests that prove no text from the API is ever run as markup. `large` is the default data plus
 * one company with 100,000 findings, to benchmark the findings index and triage at scale.
 */
export type Dataset = "default" | "hostile" | "large";

/** localStorage key read when static mode starts: `"hostile"` or `"large"` switches dataset. */
export const DATASET_STORAGE_KEY = "sentinel.static.dataset";

let dataset: Dataset = "default";

export function currentDataset(): Dataset {
  return dataset;
}

/** Chooses the dataset; the caller rebuilds the live data afterwards (db.ts does). */
export function setDataset(next: Dataset): void {
  dataset = next;
}

/** The dataset a stored setting names; anything else is the default. */
export function parseDataset(raw: string | null | undefined): Dataset {
  return raw === "hostile" || raw === "large" ? raw : "default";
}

/** Payloads that try to set `window.__xss`; every hostile text carries one of them. */
const SCRIPT_PAYLOADS = [HOSTILE.img, HOSTILE.script, HOSTILE.svg, HOSTILE.jsUrl] as const;

/**
 * `text` with a script payload, and for some texts a bidi override or an unbreakable 300-character
 * token as well. Chosen from the text itself, so equal texts (a host name in two tables) stay equal.
 */
export function hostileText(text: string): string {
  const h = hashSeed(text);
  const payload = SCRIPT_PAYLOADS[h % SCRIPT_PAYLOADS.length] as string;
  const extra = h % 5 === 0 ? ` ${HOSTILE.rtl}` : h % 5 === 1 ? ` ${HOSTILE.longToken}` : "";
  return `${text} ${payload}${extra}`;
}

/** Strings that are not display text: identifiers the app sends back or parses, dates and enum values. */
const KEEP_KEYS = new Set([
  // Lower-case enum values the handlers match on.
  "area",
  "sender_type",
  "protocol",
  "email",
  "password",
  "invoice_code",
  "invoice_number",
  "paid_invoice",
  "ticket_id",
  "country_code",
  "url",
  "file",
  "key",
  "fingerprint",
]);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T/;
const ENUM_VALUE = /^[A-Z][A-Z0-9_]*$/;

function hostileValue(value: unknown, key: string, table: string): unknown {
  if (typeof value === "string") {
    if (KEEP_KEYS.has(key) || (table === "users" && key === "username")) return value;
    if (ISO_DATE.test(value) || ENUM_VALUE.test(value) || value === "") return value;
    return hostileText(value);
  }
  if (Array.isArray(value)) return value.map((item) => hostileValue(item, key, table));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = hostileValue(v, k, table);
    return out;
  }
  return value;
}

/**
 * The hostile dataset: the default seed with every display text carrying a payload. The demo
 * company's first ticket also gets an attachment whose name a RIGHT-TO-LEFT OVERRIDE disguises
 * ("invoice[U+202E]fdp.exe" reads "invoiceexe.pdf") and one whose address is a `javascript:` URL.
 */
export function hostileDb(seed: Db): Db {
  const db = { ...seed } as unknown as Record<string, unknown>;
  for (const [table, rows] of Object.entries(seed)) {
    if (Array.isArray(rows)) db[table] = rows.map((row) => hostileValue(row, "", table));
  }
  const out = db as unknown as Db;
  const first = out.tickets.find((t) => t.company_id === 1);
  const message = first?.messages.find((m) => m.attachments.length > 0);
  const attachment = message?.attachments[0];
  if (first && attachment) {
    attachment.file = `https://files.example.com/tickets/${first.ticket_id}/${encodeURIComponent(SPOOFED_FILE_NAME)}`;
  }
  const other = first?.attachments[0];
  if (other) other.file = HOSTILE.jsUrl;
  return out;
}

function hostileTemplate<T extends VulnTemplate>(t: T): T {
  const out = hostileValue(t, "", "vulns") as T;
  // A hostile feed's reference: listed as text, never a link.
  return {
    ...out,
    severity: t.severity,
    protocol: t.protocol,
    port: t.port,
    references: [...out.references, HOSTILE.jsUrl],
  };
}

const DEFAULT_CATALOGUES = {
  network: NETWORK_VULNS,
  web: WEB_VULNS,
  sourcecode: CODE_VULNS,
  threat: THREAT_VULNS,
} as const;
let hostileCatalogues: typeof DEFAULT_CATALOGUES | null = null;

/** The finding texts of an area in the current dataset (findings point at them by index). */
export function vulnCatalogue(area: "sourcecode"): readonly CodeVulnTemplate[];
export function vulnCatalogue(area: FindingArea): readonly VulnTemplate[];
export function vulnCatalogue(area: FindingArea): readonly VulnTemplate[] {
  if (dataset === "default") return DEFAULT_CATALOGUES[area];
  hostileCatalogues ??= {
    network: NETWORK_VULNS.map(hostileTemplate),
    web: WEB_VULNS.map(hostileTemplate),
    sourcecode: CODE_VULNS.map(hostileTemplate),
    threat: THREAT_VULNS.map(hostileTemplate),
  };
  return hostileCatalogues[area];
}
