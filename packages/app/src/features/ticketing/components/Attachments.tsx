import type { Attachment } from "@sentinel/api-client";
import { stripBidiControls, UntrustedText } from "@sentinel/ui";
import { Paperclip } from "lucide-react";
import { attachmentHref, attachmentName } from "../attachments.ts";
import * as styles from "./thread.css.ts";

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
                target="_blank"
                rel="noopener noreferrer"
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
