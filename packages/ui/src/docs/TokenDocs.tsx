import { Fragment } from "react";
import { vars } from "../tokens/contract.css.ts";
import { darkTheme } from "../tokens/darkTheme.css.ts";
import { lightTheme } from "../tokens/lightTheme.css.ts";
import { scales } from "../tokens/scales.ts";
import { tones } from "../tokens/tones.ts";
import * as styles from "./TokenDocs.css.ts";

type TokenTree = { [key: string]: string | TokenTree };

/** Flattens a slice of the contract into ["text.primary", "var(--…)"] pairs. */
function flatten(tree: TokenTree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );
}

const colourGroups = ["text", "surface", "border", "primary"] as const;

function ThemePanel({ name, className }: { name: string; className: string }) {
  return (
    // sb-unstyled: Storybook's docs typography would otherwise recolour headings inside the dark panel.
    <section className={`sb-unstyled ${className} ${styles.themePanel}`} aria-label={`${name} theme colours`}>
      <h3 className={styles.panelTitle}>{name}</h3>
      {colourGroups.map((group) => (
        <Fragment key={group}>
          <h4 className={styles.groupTitle}>color.{group}</h4>
          <div className={styles.swatches}>
            {flatten(vars.color[group] as TokenTree).map(([token, value]) => (
              <div key={token} className={styles.swatch}>
                <div className={styles.chip} style={{ background: value }} />
                <span className={styles.mono}>{token}</span>
              </div>
            ))}
          </div>
        </Fragment>
      ))}
      <h4 className={styles.groupTitle}>color.tone (text on background, solid)</h4>
      <div className={styles.swatches}>
        {tones.map((tone) => {
          const t = vars.color.tone[tone];
          return (
            <div key={tone} className={styles.swatch}>
              <span
                className={styles.toneSample}
                style={{ color: t.text, background: t.background, borderColor: t.border }}
              >
                {tone}
              </span>
              <span
                className={styles.toneSample}
                style={{ color: t.solidText, background: t.solid, borderColor: t.solid }}
              >
                {tone} solid
              </span>
            </div>
          );
        })}
      </div>
      <h4 className={styles.groupTitle}>chart</h4>
      <div className={styles.swatches}>
        {flatten(vars.chart as TokenTree).map(([token, value]) => (
          <div key={token} className={styles.swatch}>
            <div className={styles.chip} style={{ background: value }} />
            <span className={styles.mono}>chart.{token}</span>
          </div>
        ))}
      </div>
    </section>
  );
}

/** Every colour token side by side in the light and dark themes. */
export function ColorSwatches() {
  return (
    <div className={styles.themes}>
      <ThemePanel name="Light" className={lightTheme} />
      <ThemePanel name="Dark" className={darkTheme} />
    </div>
  );
}

/** Font sizes with their rem values, rendered in the product's sans family. */
export function TypeScale() {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th className={styles.cell}>Token</th>
          <th className={styles.cell}>Value</th>
          <th className={styles.cell}>Sample</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(scales.font.size).map(([name, value]) => (
          <tr key={name}>
            <td className={`${styles.cell} ${styles.mono}`}>font.size.{name}</td>
            <td className={`${styles.cell} ${styles.mono}`}>{value}</td>
            <td className={styles.cell} style={{ fontSize: vars.font.size[name as keyof typeof scales.font.size] }}>
              Vulnerability assessment
            </td>
          </tr>
        ))}
        {Object.entries(scales.font.weight).map(([name, value]) => (
          <tr key={name}>
            <td className={`${styles.cell} ${styles.mono}`}>font.weight.{name}</td>
            <td className={`${styles.cell} ${styles.mono}`}>{value}</td>
            <td
              className={styles.cell}
              style={{ fontWeight: vars.font.weight[name as keyof typeof scales.font.weight] }}
            >
              Vulnerability assessment
            </td>
          </tr>
        ))}
        <tr>
          <td className={`${styles.cell} ${styles.mono}`}>font.family.mono</td>
          <td className={`${styles.cell} ${styles.mono}`}>JetBrains Mono</td>
          <td className={`${styles.cell} ${styles.mono}`}>GET /api/v1/findings?page=2</td>
        </tr>
      </tbody>
    </table>
  );
}

/** Space and radius scales drawn to size. */
export function SpaceScale() {
  return (
    <table className={styles.table}>
      <tbody>
        {Object.entries(scales.space).map(([name, value]) => (
          <tr key={name}>
            <td className={`${styles.cell} ${styles.mono}`}>space.{name}</td>
            <td className={`${styles.cell} ${styles.mono}`}>{value}</td>
            <td className={styles.cell}>
              <div className={styles.bar} style={{ width: vars.space[name as keyof typeof scales.space] }} />
            </td>
          </tr>
        ))}
        {Object.entries(scales.radius).map(([name, value]) => (
          <tr key={name}>
            <td className={`${styles.cell} ${styles.mono}`}>radius.{name}</td>
            <td className={`${styles.cell} ${styles.mono}`}>{value}</td>
            <td className={styles.cell}>
              <div
                className={styles.chip}
                style={{ width: vars.size.controlLarge, borderRadius: vars.radius[name as keyof typeof scales.radius] }}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const layerUse: Record<keyof typeof scales.zIndex, string> = {
  base: "Sticky headers, the app frame",
  overlay: "Modal backdrops",
  menu: "Menus, popovers, select lists",
  modal: "Dialogs and drawers",
  tooltip: "Tooltips (also above modals)",
  toast: "Toasts: above everything, including modals",
};

/** The named stacking layers; components read `vars.zIndex.*`, never numbers. */
export function LayerScale() {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th className={styles.cell}>Token</th>
          <th className={styles.cell}>Value</th>
          <th className={styles.cell}>Used for</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(scales.zIndex).map(([name, value]) => (
          <tr key={name}>
            <td className={`${styles.cell} ${styles.mono}`}>zIndex.{name}</td>
            <td className={`${styles.cell} ${styles.mono}`}>{value}</td>
            <td className={styles.cell}>{layerUse[name as keyof typeof scales.zIndex]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
