import { safeHttpUrl } from "../../lib/safeHttpUrl.ts";

/** Per-file limit. The spec is silent; 10 MB covers screenshots, PDFs and log exports. */
export const maxAttachmentBytes = 10 * 1024 * 1024;
/** Files per message or ticket. */
export const maxAttachmentCount = 5;

/**
 * File types a support attachment may have, by extension: screenshots, documents, logs and
 * archives. FileDropZone enforces these, the size and the count with its own messages.
 */
export const acceptedAttachmentTypes: readonly string[] = [
  ".png",
  ".jpg",
  ".jpeg",
  ".gif",
  ".webp",
  ".pdf",
  ".txt",
  ".log",
  ".csv",
  ".json",
  ".zip",
  ".docx",
  ".xlsx",
];

/**
 * The href of a stored attachment, or `null` when it must not be a link: absolute http(s) URLs,
 * and same-origin relative paths (a backend may return `/media/...`). Anything else (`javascript:`,
 * `data:`, protocol-relative `//host`) stays text.
 */
export function attachmentHref(file: string, origin: string): string | null {
  const absolute = safeHttpUrl(file);
  if (absolute) return absolute;
  if (!/^\/(?![/\\])/.test(file) || /[\s\\]/.test(file)) return null;
  try {
    const url = new URL(file, origin);
    return url.origin === new URL(origin).origin ? url.href : null;
  } catch {
    return null;
  }
}

/** A readable file name from a stored file URL (its last path segment), for the link text. */
export function attachmentName(file: string): string {
  const path = file.split(/[?#]/)[0] ?? "";
  const last = path.split("/").filter(Boolean).pop() ?? "";
  try {
    return decodeURIComponent(last) || "Attachment";
  } catch {
    return last || "Attachment";
  }
}
