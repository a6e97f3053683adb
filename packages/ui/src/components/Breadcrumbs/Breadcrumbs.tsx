import { ChevronDown, ChevronRight } from "lucide-react";
import type { RefObject } from "react";
import {
  Breadcrumb as AriaBreadcrumb,
  Breadcrumbs as AriaBreadcrumbs,
  Link as AriaLink,
  Button,
} from "react-aria-components";
import { revealBidiControls } from "../../format/bidi.ts";
import { DeferredMenuTrigger, lazyMenuTrigger, type PlaceholderTriggerProps } from "../shared/DeferredMenuTrigger.tsx";
import { UntrustedText } from "../UntrustedText/UntrustedText.tsx";
import * as styles from "./Breadcrumbs.css.ts";

// A dropdown crumb's menu loads right after the first render: every page's top bar draws a trail,
// and react-aria's menu and overlay code would be most of its weight.
const menu = lazyMenuTrigger(async () => (await import("./BreadcrumbMenuTrigger.tsx")).BreadcrumbMenuTrigger);

/** A breadcrumb: a link, plain text, or a dropdown whose children each have a label and a route. */
export type BreadcrumbItem =
  | { label: string; href: string; children?: undefined }
  | { label: string; href?: undefined; children?: undefined }
  | { label: string; href?: undefined; children: ReadonlyArray<{ label: string; href: string }> };

export interface BreadcrumbsProps {
  /** The trail from the top level down to the current page. */
  items: readonly BreadcrumbItem[];
  /**
   * Whether the last item is the current page (`aria-current="page"`, not a link). Off for a trail of
   * the pages above the current one, e.g. over a page whose own heading names it.
   * @default true
   */
  endsAtCurrentPage?: boolean;
  /**
   * Accessible name of the navigation landmark.
   * @default "Breadcrumbs"
   */
  "aria-label"?: string;
}

/** The trail to the current page. By default the last item is the current page (`aria-current="page"`). */
export function Breadcrumbs({
  items,
  endsAtCurrentPage = true,
  "aria-label": ariaLabel = "Breadcrumbs",
}: BreadcrumbsProps) {
  if (items.length === 0) return null;
  if (!endsAtCurrentPage) {
    // react-aria's Breadcrumbs always makes its last item current, so a trail of ancestors is a plain list.
    return (
      <nav aria-label={ariaLabel}>
        <ol className={styles.list}>
          {items.map((item, index) => (
            <li key={`${item.label}|${item.href ?? ""}`} className={styles.crumb}>
              <Crumb item={item} isLast={false} />
              {index === items.length - 1 ? null : (
                <span className={styles.separator} aria-hidden="true">
                  <ChevronRight size={14} />
                </span>
              )}
            </li>
          ))}
        </ol>
      </nav>
    );
  }
  return (
    <nav aria-label={ariaLabel}>
      <AriaBreadcrumbs className={styles.list}>
        {items.map((item, index) => {
          const isLast = index === items.length - 1;
          return (
            <AriaBreadcrumb key={`${item.label}|${item.href ?? ""}`} className={styles.crumb}>
              <Crumb item={item} isLast={isLast} />
              {isLast ? null : (
                <span className={styles.separator} aria-hidden="true">
                  <ChevronRight size={14} />
                </span>
              )}
            </AriaBreadcrumb>
          );
        })}
      </AriaBreadcrumbs>
    </nav>
  );
}

function Crumb({ item, isLast }: { item: BreadcrumbItem; isLast: boolean }) {
  if (item.children) {
    const pages = item.children;
    const trigger = (props: PlaceholderTriggerProps, ref: RefObject<HTMLButtonElement | null>) => (
      <Button
        {...props}
        ref={ref}
        className={styles.dropdownTrigger}
        aria-label={`${revealBidiControls(item.label)}: choose a page`}
      >
        <UntrustedText>{item.label}</UntrustedText>
        <ChevronDown size={14} aria-hidden="true" />
      </Button>
    );
    return (
      <DeferredMenuTrigger
        trigger={trigger}
        isLoaded={menu.isLoaded}
        preload={menu.preload}
        loaded={(handoff) => (
          <menu.Component handoff={handoff} trigger={(ref) => trigger({}, ref)} label={item.label} pages={pages} />
        )}
      />
    );
  }
  if (!item.href && !isLast) {
    return (
      <span className={styles.text}>
        <UntrustedText>{item.label}</UntrustedText>
      </span>
    );
  }
  // The last crumb is the current page even when it has an href; react-aria marks it current.
  return (
    <AriaLink className={styles.link} {...(item.href && !isLast ? { href: item.href } : {})}>
      <UntrustedText>{item.label}</UntrustedText>
    </AriaLink>
  );
}
