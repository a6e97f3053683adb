/**
 * CVSS base scores computed from their vectors (FIRST's CVSS v2 guide, section 3.2.1, and the v3.0
 * and v3.1 specifications, section 7). Reports carry a score beside the vector, and the two
 * sometimes disagree (a rounded or stale score); the vector is what the tool measured, so it wins.
 */

export interface CvssResult {
  /** The vector as stored: v3 keeps its "CVSS:3.x/" prefix, v2 has none. */
  vector: string;
  score: number;
}

type MetricTable = Record<string, Record<string, number>>;

const v3Base: MetricTable = {
  AV: { N: 0.85, A: 0.62, L: 0.55, P: 0.2 },
  AC: { L: 0.77, H: 0.44 },
  PR: { N: 0.85, L: 0.62, H: 0.27 },
  UI: { N: 0.85, R: 0.62 },
  S: { U: 0, C: 1 },
  C: { H: 0.56, L: 0.22, N: 0 },
  I: { H: 0.56, L: 0.22, N: 0 },
  A: { H: 0.56, L: 0.22, N: 0 },
};

// Temporal and environmental metrics may follow the base ones; they are checked but do not change
// the base score.
const v3Other: Record<string, string[]> = {
  E: ["X", "U", "P", "F", "H"],
  RL: ["X", "O", "T", "W", "U"],
  RC: ["X", "U", "R", "C"],
  CR: ["X", "L", "M", "H"],
  IR: ["X", "L", "M", "H"],
  AR: ["X", "L", "M", "H"],
  MAV: ["X", "N", "A", "L", "P"],
  MAC: ["X", "L", "H"],
  MPR: ["X", "N", "L", "H"],
  MUI: ["X", "N", "R"],
  MS: ["X", "U", "C"],
  MC: ["X", "N", "L", "H"],
  MI: ["X", "N", "L", "H"],
  MA: ["X", "N", "L", "H"],
};

const v2Base: MetricTable = {
  AV: { L: 0.395, A: 0.646, N: 1 },
  AC: { H: 0.35, M: 0.61, L: 0.71 },
  Au: { M: 0.45, S: 0.56, N: 0.704 },
  C: { N: 0, P: 0.275, C: 0.66 },
  I: { N: 0, P: 0.275, C: 0.66 },
  A: { N: 0, P: 0.275, C: 0.66 },
};

const v2Other: Record<string, string[]> = {
  E: ["U", "POC", "F", "H", "ND"],
  RL: ["OF", "TF", "W", "U", "ND"],
  RC: ["UC", "UR", "C", "ND"],
  CDP: ["N", "L", "LM", "MH", "H", "ND"],
  TD: ["N", "L", "M", "H", "ND"],
  CR: ["L", "M", "H", "ND"],
  IR: ["L", "M", "H", "ND"],
  AR: ["L", "M", "H", "ND"],
};

/** Each metric once, every base metric present, every value known; null otherwise. */
function readMetrics(parts: string[], base: MetricTable, other: Record<string, string[]>): Map<string, string> | null {
  const metrics = new Map<string, string>();
  for (const part of parts) {
    const [key, value, extra] = part.split(":");
    if (key === undefined || value === undefined || extra !== undefined || metrics.has(key)) return null;
    const known = base[key] ? value in base[key] : other[key]?.includes(value);
    if (!known) return null;
    metrics.set(key, value);
  }
  for (const key of Object.keys(base)) if (!metrics.has(key)) return null;
  return metrics;
}

function weight(table: MetricTable, metrics: Map<string, string>, key: string): number {
  return table[key]?.[metrics.get(key) ?? ""] ?? 0;
}

/** v3.1's Roundup works on integers so that 4.000000000000001 is not raised to 4.1. */
function roundUp31(value: number): number {
  const scaled = Math.round(value * 100_000);
  return scaled % 10_000 === 0 ? scaled / 100_000 : (Math.floor(scaled / 10_000) + 1) / 10;
}

function roundUp30(value: number): number {
  return Math.ceil(value * 10) / 10;
}

/** A "CVSS:3.0/..." or "CVSS:3.1/..." vector's base score, or null when the vector is not valid. */
export function cvss3(vector: string): CvssResult | null {
  const trimmed = vector.trim();
  const match = /^CVSS:3\.([01])\/(.+)$/.exec(trimmed);
  if (!match?.[2]) return null;
  const metrics = readMetrics(match[2].split("/"), v3Base, v3Other);
  if (!metrics) return null;
  const changed = metrics.get("S") === "C";
  const iss =
    1 - (1 - weight(v3Base, metrics, "C")) * (1 - weight(v3Base, metrics, "I")) * (1 - weight(v3Base, metrics, "A"));
  const impact = changed ? 7.52 * (iss - 0.029) - 3.25 * (iss - 0.02) ** 15 : 6.42 * iss;
  // Privileges Required weighs more when the scope changes (specification, table 16).
  const pr = metrics.get("PR");
  const prWeight = changed && pr === "L" ? 0.68 : changed && pr === "H" ? 0.5 : weight(v3Base, metrics, "PR");
  const exploitability =
    8.22 * weight(v3Base, metrics, "AV") * weight(v3Base, metrics, "AC") * prWeight * weight(v3Base, metrics, "UI");
  const roundUp = match[1] === "1" ? roundUp31 : roundUp30;
  let score = 0;
  if (impact > 0) score = roundUp(Math.min((changed ? 1.08 : 1) * (impact + exploitability), 10));
  return { vector: trimmed, score };
}

/**
 * A v2 vector's base score, or null when the vector is not valid. Accepts the decorations tools put
 * around it: Nessus's "CVSS2#" prefix and NVD's parentheses.
 */
export function cvss2(vector: string): CvssResult | null {
  const bare = vector
    .trim()
    .replace(/^CVSS2#/i, "")
    .replace(/^\((.*)\)$/, "$1");
  if (bare === "") return null;
  const metrics = readMetrics(bare.split("/"), v2Base, v2Other);
  if (!metrics) return null;
  const impact =
    10.41 *
    (1 - (1 - weight(v2Base, metrics, "C")) * (1 - weight(v2Base, metrics, "I")) * (1 - weight(v2Base, metrics, "A")));
  const exploitability =
    20 * weight(v2Base, metrics, "AV") * weight(v2Base, metrics, "AC") * weight(v2Base, metrics, "Au");
  const f = impact === 0 ? 0 : 1.176;
  const raw = (0.6 * impact + 0.4 * exploitability - 1.5) * f;
  // Round half up to one decimal; the epsilon keeps 7.45 from becoming 7.4 through float error.
  const score = Math.max(0, Math.round(raw * 10 + 1e-9) / 10);
  return { vector: bare, score };
}
