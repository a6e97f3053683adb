import { Link, UntrustedText } from "@sentinel/ui";
import { RouterProvider } from "react-aria-components";
import { safeHttpUrl } from "../../lib/safeHttpUrl.ts";
import * as styles from "./FindingDetail.css.ts";

export interface FindingReferencesProps {
  references: readonly string[];
}

/**
 * A finding's references. Only absolute http(s) URLs become links (opening in a new tab);
 * anything else, `javascript:` included, is shown as plain text and says why it is not a link.
 */
export function FindingReferences({ references }: FindingReferencesProps) {
  if (references.length === 0) return <p className={styles.missing}>No references.</p>;
  return (
    // The app's router provider resolves every href against the current route, which turns an
    // absolute URL into an app path; these links leave the app, so their hrefs stay as they are.
    <RouterProvider navigate={openExternal} useHref={keepHref}>
      <ul className={styles.referenceList}>
        {references.map((reference, index) => {
          const href = safeHttpUrl(reference);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: references may repeat; their order is their identity
            <li key={index} className={styles.referenceItem}>
              {href ? (
                <Link href={href} target="_blank" rel="noopener noreferrer">
                  <UntrustedText>{reference}</UntrustedText>
                </Link>
              ) : (
                <>
                  <span className={styles.unsafeReference}>
                    <UntrustedText>{reference}</UntrustedText>
                  </span>
                  <span className={styles.referenceNote}>(not a web address, so not linked)</span>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </RouterProvider>
  );
}

const keepHref = (href: string) => href;

// Only reached for same-origin links, which references never are; kept for completeness.
function openExternal(href: string) {
  window.location.assign(href);
}
