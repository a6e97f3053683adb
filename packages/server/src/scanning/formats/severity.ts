import type { Severity } from "../report.ts";

/**
 * Each tool's scale mapped onto the contract's HIGH | MEDIUM | LOW | INFO | LOG. The contract has no
 * CRITICAL, so a tool's critical is HIGH. An unknown value is INFO rather than an error: a new label
 * in a tool release must not fail an import.
 */

/** SARIF's `security-severity` (a CVSS-like 0–10 string on the rule or result), as GitHub reads it. */
export function sarifSecuritySeverity(value: unknown): Severity | null {
  const score = typeof value === "number" ? value : typeof value === "string" ? Number.parseFloat(value) : Number.NaN;
  if (!Number.isFinite(score) || score < 0 || score > 10) return null;
  if (score >= 7) return "HIGH";
  if (score >= 4) return "MEDIUM";
  if (score > 0) return "LOW";
  return "INFO";
}

/**
 * SARIF's `level`. Without a security-severity, an "error" from a security tool is its most serious
 * grade, so HIGH; "warning" (SARIF's default) MEDIUM; "note" LOW; "none" INFO.
 */
export function sarifLevel(level: unknown): Severity {
  switch (level) {
    case "error":
      return "HIGH";
    case "note":
      return "LOW";
    case "none":
      return "INFO";
    default:
      return "MEDIUM";
  }
}

/** Greenbone's `threat`, falling back to its numeric `severity` when the threat is not one we know. */
export function greenboneSeverity(threat: string | null, score: number | null): Severity {
  switch (threat?.trim().toLowerCase()) {
    case "critical":
    case "high":
      return "HIGH";
    case "medium":
      return "MEDIUM";
    case "low":
      return "LOW";
    case "log":
      return "LOG";
  }
  if (score === null || !Number.isFinite(score)) return "INFO";
  if (score >= 7) return "HIGH";
  if (score >= 4) return "MEDIUM";
  if (score > 0) return "LOW";
  return "LOG";
}

/** Nessus `severity` 0–4 (4 critical, 3 high). */
export function nessusSeverity(value: string | undefined): Severity {
  switch (value?.trim()) {
    case "4":
    case "3":
      return "HIGH";
    case "2":
      return "MEDIUM";
    case "1":
      return "LOW";
    default:
      return "INFO";
  }
}

/** ZAP `riskcode` 0–3. */
export function zapSeverity(riskcode: unknown): Severity {
  switch (String(riskcode).trim()) {
    case "3":
      return "HIGH";
    case "2":
      return "MEDIUM";
    case "1":
      return "LOW";
    default:
      return "INFO";
  }
}

/** Trivy `Severity`. */
export function trivySeverity(value: unknown): Severity {
  switch (typeof value === "string" ? value.toUpperCase() : "") {
    case "CRITICAL":
    case "HIGH":
      return "HIGH";
    case "MEDIUM":
      return "MEDIUM";
    case "LOW":
      return "LOW";
    default:
      return "INFO";
  }
}
