import { Page } from "../../../components/Page.tsx";
import { usePageMeta } from "../../../lib/PageMetaContext.tsx";
import { catalogGroups } from "../catalog/groups.ts";
import { samples } from "../catalog/lazySamples.tsx";
import * as styles from "./UiKitsScreen.css.ts";

/** A living catalogue of `@sentinel/ui`: every export, rendered with sample props, inside the app. */
export function UiKitsScreen() {
  usePageMeta({ title: "UI Kits", breadcrumbs: [{ label: "UI Kits" }] });
  return (
    <Page title="UI Kits" description="Every building block of the design system, live, in the current theme.">
      <nav aria-label="Catalogue sections">
        <ul className={styles.toc}>
          {catalogGroups.map((group) => (
            <li key={group.id}>
              <a href={`#ui-kits-${group.id}`}>{group.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {catalogGroups.map((group) => (
        <section
          key={group.id}
          id={`ui-kits-${group.id}`}
          aria-labelledby={`ui-kits-${group.id}-title`}
          className={styles.group}
        >
          <h2 id={`ui-kits-${group.id}-title`} className={styles.groupTitle}>
            {group.title}
          </h2>
          <div className={styles.grid}>
            {group.names.map((name) => (
              <article key={name} aria-labelledby={`ui-kits-item-${name}`} className={styles.tile}>
                <h3 id={`ui-kits-item-${name}`} className={styles.tileTitle}>
                  {name}
                </h3>
                <div className={styles.sample}>{samples[name]()}</div>
              </article>
            ))}
          </div>
        </section>
      ))}
    </Page>
  );
}
