import type { Attachment } from "@sentinel/api-client";
import { stripBidiControls, toastQueue, UntrustedText } from "@sentinel/ui";
import { Paperclip } from "lucide-react";
import type { MouseEvent } from "react";
import { downloadAttachment } from "../api/attachments.ts";
import { attachmentHref, attachmentName } from "../attachments.ts";
import * as styles from "./thread.css.ts";

/** Saves the file through a fetch; a failure is a toast that says why and offers Retry. */
function save(href: string, name: string): void {
  downloadAttachment(href, name).catch((error: unknown) => {
    toastQueue.add(
      {
        title: `Couldn't download ${name}`,
        description: error instanceof Error ? error.message : "The file could not be downloaded.",
        tone: "critical",
        action: { label: "Retry", onAction: () => save(href, name) },
      },
      { timeout: 10_000 },
    );
  });
}

/** A plain click downloads through a fetch; a modified click (new tab, copy) keeps the browser's own. */
function onDownloadClick(event: MouseEvent<HTMLAnchorElement>, href: string, name: string): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  event.preventDefault();
  save(href, name);
}

/**
 * Download links for stored files. A URL that is not http(s) or same-origin stays plain text:
 * attachment URLs come from the API, and a `javascript:` link must never become clickable.
 */
export function Attachments({ items, label }: { items: readonly Attachment[]; label: string }) {
  if (items.length === 0) return null;
  const origin = window.location.origin;
  return (
    <ul className={styles.attachments} aria-label={label}>
      {items.map((item) => {
        const href = attachmentHref(item.file, origin);
        // The name the server gives; older answers only had it in the URL.
        const name = item.name ?? attachmentName(item.file);
        return (
          <li key={item.id} className={styles.attachment}>
            <Paperclip className={styles.attachmentIcon} aria-hidden="true" />
            {href ? (
              <a
                href={href}
                // The saved file must not get a name that reads differently from what is stored.
                download={stripBidiControls(name)}
                onClick={(event) => onDownloadClick(event, href, stripBidiControls(name))}
                className={styles.attachmentLink}
              >
                <UntrustedText>{name}</UntrustedText>
              </a>
            ) : (
              <span className={styles.unsafeAttachment}>
                <UntrustedText>{name}</UntrustedText> (link unavailable)
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
