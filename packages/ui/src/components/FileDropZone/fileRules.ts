/** Pure checks behind FileDropZone, kept apart so they can be unit-tested without a browser. */
import { revealBidiControls } from "../../format/bidi.ts";
import { numberLocale } from "../../format/number.ts";

const wholeBytes = new Intl.NumberFormat(numberLocale, { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat(numberLocale, { maximumFractionDigits: 1 });

/** 1536 → "1,5 KB". Binary units, as file managers on most desktops show them. */
export function formatFileSize(bytes: number): string {
  const units = ["B", "KB", "MB", "GB"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${(unit === 0 ? wholeBytes : oneDecimal).format(value)} ${units[unit]}`;
}

/** Whether a file matches one of `accepted`: extensions (".pdf"), MIME types ("image/png") or wildcards ("image/*"). */
export function isAcceptedType(file: Pick<File, "name" | "type">, accepted: readonly string[]): boolean {
  if (accepted.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accepted.some((raw) => {
    const rule = raw.trim().toLowerCase();
    if (rule.startsWith(".")) return name.endsWith(rule);
    if (rule.endsWith("/*")) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

/** ".pdf" → "PDF", "image/png" → "PNG", "image/*" → "any image". */
export function describeFileType(rule: string): string {
  const r = rule.trim().toLowerCase();
  if (r.startsWith(".")) return r.slice(1).toUpperCase();
  if (r.endsWith("/*")) return `any ${r.slice(0, -2)}`;
  const subtype = r.split("/")[1] ?? r;
  return subtype.replace(/^x-/, "").toUpperCase();
}

function listOf(items: readonly string[]): string {
  return new Intl.ListFormat("en-US", { style: "long", type: "disjunction" }).format(items);
}

export interface FileRules {
  acceptedFileTypes?: readonly string[];
  maxSizeBytes?: number;
  maxFiles?: number;
}

export interface FileCheckResult {
  /** The current files plus the accepted new ones. */
  files: File[];
  /** One sentence per problem, naming the file. */
  errors: string[];
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/** Adds `incoming` to `current`, rejecting (with a reason) files of the wrong type, too big, duplicated or over the limit. */
export function addFiles(current: readonly File[], incoming: readonly File[], rules: FileRules): FileCheckResult {
  const { acceptedFileTypes = [], maxSizeBytes, maxFiles } = rules;
  const files = [...current];
  const errors: string[] = [];
  const overLimit: string[] = [];
  for (const file of incoming) {
    if (!isAcceptedType(file, acceptedFileTypes)) {
      errors.push(
        `"${revealBidiControls(file.name)}" is not an accepted file type. Use ${listOf(acceptedFileTypes.map(describeFileType))}.`,
      );
    } else if (maxSizeBytes !== undefined && file.size > maxSizeBytes) {
      errors.push(
        `"${revealBidiControls(file.name)}" is too big (${formatFileSize(file.size)}). The limit is ${formatFileSize(maxSizeBytes)} per file.`,
      );
    } else if (files.some((f) => sameFile(f, file))) {
      errors.push(`"${revealBidiControls(file.name)}" is already in the list.`);
    } else if (maxFiles !== undefined && files.length >= maxFiles) {
      overLimit.push(`"${revealBidiControls(file.name)}"`);
    } else {
      files.push(file);
    }
  }
  if (overLimit.length > 0) {
    const noun = maxFiles === 1 ? "file" : "files";
    errors.push(
      `Too many files: at most ${maxFiles} ${noun} can be attached, so ${new Intl.ListFormat("en-US").format(overLimit)} ${overLimit.length === 1 ? "was" : "were"} not added.`,
    );
  }
  return { files, errors };
}

/** "PDF or PNG, up to 10 MB each, at most 3 files." — the hint shown inside the zone. */
export function describeRules({ acceptedFileTypes = [], maxSizeBytes, maxFiles }: FileRules): string {
  const parts: string[] = [];
  if (acceptedFileTypes.length > 0) parts.push(listOf(acceptedFileTypes.map(describeFileType)));
  if (maxSizeBytes !== undefined) parts.push(`up to ${formatFileSize(maxSizeBytes)} each`);
  if (maxFiles !== undefined) parts.push(maxFiles === 1 ? "one file" : `at most ${maxFiles} files`);
  if (parts.length === 0) return "";
  const sentence = parts.join(", ");
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}
