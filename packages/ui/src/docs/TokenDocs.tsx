import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "react-aria-components";
import { visuallyHidden } from "../components/shared/styles.css.ts";
import { vars } from "../tokens/contract.css.ts";
import { darkTheme } from "../tokens/darkTheme.css.ts";
import { lightTheme } from "../tokens/lightTheme.css.ts";
import { scales } from "../tokens/scales.ts";
import { contrastRatio, formatRatio, parseRgb, type Rgba } from "./contrast.ts";
import * as styles from "./TokenDocs.css.ts";

type TokenTree = { [key: string]: string | TokenTree };

/** Flattens a slice of the contract into ["text.primary", "var(--…)"] pairs. */
function flatten(tree: TokenTree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );
}

/** Every colour token by its path ("color.text.primary", "chart.axis") mapped to its `var(--…)` reference. */
const colourTokens = new Map<string, string>([
  ...flatten(vars.color as TokenTree, "color."),
  ...flatten(vars.chart as TokenTree, "chart."),
]);

const themes = [
  { name: "Light", className: lightTheme },
  { name: "Dark", className: darkTheme },
] as const;

type Resolved = { raw: string; rgba: Rgba | undefined };

/**
 * Reads each `var(--…)` as a theme class resolves it, from a hidden probe element. The values are
 * read from the stylesheet rather than imported, so the page can never show a value the build does not ship.
 */
function useResolvedTokens(themeClassName: string, references: readonly string[]): Map<string, Resolved> | undefined {
  const [resolved, setResolved] = useState<Map<string, Resolved>>();
  const key = references.join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the reference list's contents.
  useEffect(() => {
    const probe = document.createElement("div");
    probe.className = themeClassName;
    probe.hidden = true;
    document.body.append(probe);
    const computed = getComputedStyle(probe);
    const map = new Map<string, Resolved>();
    for (const reference of references) {
      const property = /^var\((--[^,)]+)/.exec(reference)?.[1];
      if (!property) continue;
      probe.style.color = reference;
      map.set(reference, { raw: computed.getPropertyValue(property).trim(), rgba: parseRgb(computed.color) });
    }
    probe.remove();
    setResolved(map);
  }, [themeClassName, key]);
  return resolved;
}

/** Screen readers hear what a copy did; sighted users see a mark beside the token. */
function useCopy() {
  const [copied, setCopied] = useState<string>();
  const [announcement, setAnnouncement] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = (text: string) => {
    // A clipboard refused (permissions, an insecure page) must say so, not pretend it worked.
    const write = navigator.clipboard?.writeText(text) ?? Promise.reject(new Error("No clipboard"));
    write.then(
      () => {
        setCopied(text);
        setAnnouncement(`Copied ${text}`);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(undefined), 2000);
      },
      () => setAnnouncement(`Could not copy ${text}; select the name and copy it instead`),
    );
  };
  return { copied, announcement, copy };
}

/**
 * How a colour is checked: its pair (the surface it sits on, or the text drawn on it) and which
 * WCAG minimum applies. `fg`/`bg` are token paths; one of them is the token itself.
 */
type Pairing = {
  fg: string;
  bg: string;
  kind: "text" | "graphic" | "decorative" | "disabled";
};

function pairingFor(path: string): Pairing | undefined {
  const [group, name, part] = path.split(".") as [string, string, string | undefined];
  if (group === "chart") {
    // Charts sit in cards, so their surface is surface.raised.
    if (name === "tooltipBackground") return { fg: "chart.tooltipText", bg: path, kind: "text" };
    if (name === "tooltipText") return { fg: path, bg: "chart.tooltipBackground", kind: "text" };
    if (name === "grid") return { fg: path, bg: "color.surface.raised", kind: "decorative" };
    if (name === "axis") return { fg: path, bg: "color.surface.raised", kind: "text" };
    return { fg: path, bg: "color.surface.raised", kind: "graphic" };
  }
  switch (name) {
    case "text":
      if (part === "inverse") return { fg: path, bg: "color.surface.inverse", kind: "text" };
      return { fg: path, bg: "color.surface.canvas", kind: part === "disabled" ? "disabled" : "text" };
    case "surface":
      if (part === "backdrop") return undefined;
      if (part === "inverse") return { fg: "color.text.inverse", bg: path, kind: "text" };
      return { fg: "color.text.primary", bg: path, kind: "text" };
    case "border":
      return {
        fg: path,
        bg: "color.surface.canvas",
        kind: part === "subtle" || part === "default" ? "decorative" : "graphic",
      };
    case "primary":
      if (part === "solidText") return { fg: path, bg: "color.primary.solid", kind: "text" };
      return { fg: "color.primary.solidText", bg: path, kind: "text" };
    case "tone": {
      const tone = `color.tone.${part}`;
      const role = path.split(".")[3];
      if (role === "text") return { fg: path, bg: `${tone}.background`, kind: "text" };
      if (role === "background") return { fg: `${tone}.text`, bg: path, kind: "text" };
      if (role === "border") return { fg: path, bg: `${tone}.background`, kind: "decorative" };
      if (role === "solid") return { fg: `${tone}.solidText`, bg: path, kind: "text" };
      return { fg: path, bg: `${tone}.solid`, kind: "text" };
    }
    default:
      return undefined;
  }
}

function verdict(kind: Pairing["kind"], ratio: number): string {
  if (kind === "decorative") return "decorative, no minimum";
  if (kind === "disabled") return "disabled, exempt";
  if (kind === "graphic") return ratio >= 3 ? "meets 3:1" : "below 3:1";
  if (ratio >= 7) return "AAA";
  if (ratio >= 4.5) return "AA";
  return ratio >= 3 ? "AA large text only" : "below AA";
}

function againstLabel(path: string, pairing: Pairing | undefined): string {
  if (!pairing) return "Not measured: a translucent scrim";
  return pairing.fg === path ? `on ${pairing.bg}` : `${pairing.fg} on it`;
}

function ThemeValue({
  path,
  resolved,
  themeClassName,
}: {
  path: string;
  resolved: Map<string, Resolved>;
  themeClassName: string;
}) {
  const reference = colourTokens.get(path) ?? "";
  const value = resolved.get(reference);
  const pairing = pairingFor(path);
  const fg = pairing && resolved.get(colourTokens.get(pairing.fg) ?? "")?.rgba;
  const bg = pairing && resolved.get(colourTokens.get(pairing.bg) ?? "")?.rgba;
  const ratio = fg && bg ? contrastRatio(fg, bg) : undefined;
  const surface = pairing ? colourTokens.get(pairing.bg) : undefined;
  return (
    <div className={styles.valueCell}>
      {/* The chip sits on its pair's surface in this theme, so the pairing measured is the one shown. */}
      <span className={`${themeClassName} ${styles.chipFrame}`} style={{ background: surface }}>
        <span className={styles.chipSmall} style={{ background: reference }} />
      </span>
      <span className={styles.valueText}>
        <span className={styles.mono}>{value?.raw ?? "…"}</span>
        {ratio !== undefined && pairing && (
          <span>
            {formatRatio(ratio)} · {verdict(pairing.kind, ratio)}
          </span>
        )}
      </span>
    </div>
  );
}

const colourGroups: { caption: string; prefix: string }[] = [
  { caption: "color.text: text and icons", prefix: "color.text." },
  { caption: "color.surface: backgrounds", prefix: "color.surface." },
  { caption: "color.border", prefix: "color.border." },
  { caption: "color.primary: primary actions", prefix: "color.primary." },
  { caption: "color.tone: statuses, severities and roles", prefix: "color.tone." },
  { caption: "chart", prefix: "chart." },
];

/**
 * Every colour token with its value in light and dark, and its WCAG contrast ratio against the
 * surface it is used on (or, for a surface, of the text drawn on it). A click on a name copies its
 * `vars.…` reference.
 */
export function ColorTokens() {
  const references = [...colourTokens.values()];
  const light = useResolvedTokens(lightTheme, references);
  const dark = useResolvedTokens(darkTheme, references);
  const { copied, announcement, copy } = useCopy();
  return (
    <div className={`sb-unstyled ${styles.stack}`}>
      <p role="status" className={visuallyHidden}>
        {announcement}
      </p>
      {colourGroups.map(({ caption, prefix }) => (
        <table key={prefix} className={styles.table}>
          <caption className={styles.caption}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col" className={styles.cell}>
                Token (click to copy)
              </th>
              <th scope="col" className={styles.cell}>
                Measured
              </th>
              {themes.map((theme) => (
                <th key={theme.name} scope="col" className={styles.cell}>
                  {theme.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...colourTokens.keys()]
              .filter((path) => path.startsWith(prefix))
              .map((path) => {
                const reference = `vars.${path}`;
                return (
                  <tr key={path}>
                    <th scope="row" className={styles.cell}>
                      <Button
                        className={styles.copyButton}
                        aria-label={`Copy ${reference}`}
                        onPress={() => copy(reference)}
                      >
                        {path}
                      </Button>
                      {copied === reference && (
                        <span aria-hidden="true" className={styles.copied}>
                          Copied
                        </span>
                      )}
                    </th>
                    <td className={styles.cell}>{againstLabel(path, pairingFor(path))}</td>
                    <td className={styles.cell}>
                      {light && <ThemeValue path={path} resolved={light} themeClassName={lightTheme} />}
                    </td>
                    <td className={styles.cell}>
                      {dark && <ThemeValue path={path} resolved={dark} themeClassName={darkTheme} />}
                    </td>
                  </tr>
                );
              })}
          </tbody>
        </table>
      ))}
    </div>
  );
}

function remToPx(rem: string): string {
  return `${Number.parseFloat(rem) * 16}px`;
}

function TokenTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <table className={`sb-unstyled ${styles.table}`}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className={styles.cell}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

function NameCell({ children }: { children: ReactNode }) {
  return (
    <th scope="row" className={`${styles.cell} ${styles.mono}`}>
      {children}
    </th>
  );
}

type Size = keyof typeof scales.font.size;
type LineHeight = keyof typeof scales.font.lineHeight;

/** Font sizes with their line boxes, weights, and the line-height scale. */
export function TypeScale() {
  const standardLine = Number(scales.font.lineHeight.standard);
  return (
    <div className={styles.stack}>
      <TokenTable
        caption="font.size (body text uses lineHeight.standard)"
        columns={["Token", "Size", `Line height (× ${standardLine})`, "Sample"]}
      >
        {Object.entries(scales.font.size).map(([name, value]) => (
          <tr key={name}>
            <NameCell>font.size.{name}</NameCell>
            <td className={`${styles.cell} ${styles.mono}`}>
              {value} ({remToPx(value)})
            </td>
            <td className={`${styles.cell} ${styles.mono}`}>{Number.parseFloat(value) * 16 * standardLine}px</td>
            <td
              className={styles.cell}
              style={{ fontSize: vars.font.size[name as Size], lineHeight: vars.font.lineHeight.standard }}
            >
              Vulnerability assessment
            </td>
          </tr>
        ))}
      </TokenTable>
      <TokenTable caption="font.lineHeight" columns={["Token", "Value", "At font.size.standard", "Sample"]}>
        {Object.entries(scales.font.lineHeight).map(([name, value]) => (
          <tr key={name}>
            <NameCell>font.lineHeight.{name}</NameCell>
            <td className={`${styles.cell} ${styles.mono}`}>{value}</td>
            <td className={`${styles.cell} ${styles.mono}`}>
              {Number.parseFloat(scales.font.size.standard) * 16 * Number(value)}px
            </td>
            <td className={styles.cell}>
              <p className={styles.lineSample} style={{ lineHeight: vars.font.lineHeight[name as LineHeight] }}>
                A finding's description wraps onto a second line at this line height, so the gap between lines shows.
              </p>
            </td>
          </tr>
        ))}
      </TokenTable>
      <TokenTable caption="font.weight and font.family" columns={["Token", "Value", "Sample"]}>
        {Object.entries(scales.font.weight).map(([name, value]) => (
          <tr key={name}>
            <NameCell>font.weight.{name}</NameCell>
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
          <NameCell>font.family.sans</NameCell>
          <td className={`${styles.cell} ${styles.mono}`}>Inter</td>
          <td className={styles.cell}>Vulnerability assessment</td>
        </tr>
        <tr>
          <NameCell>font.family.mono</NameCell>
          <td className={`${styles.cell} ${styles.mono}`}>JetBrains Mono</td>
          <td className={`${styles.cell} ${styles.mono}`}>GET /api/v1/findings?page=2</td>
        </tr>
      </TokenTable>
    </div>
  );
}

/** The space scale drawn to size. */
export function SpaceScale() {
  return (
    <TokenTable caption="space" columns={["Token", "Value", "Drawn"]}>
      {Object.entries(scales.space).map(([name, value]) => (
        <tr key={name}>
          <NameCell>space.{name}</NameCell>
          <td className={`${styles.cell} ${styles.mono}`}>
            {value} ({remToPx(value)})
          </td>
          <td className={styles.cell}>
            <div className={styles.bar} style={{ width: vars.space[name as keyof typeof scales.space] }} />
          </td>
        </tr>
      ))}
    </TokenTable>
  );
}

const radiusUse: Record<keyof typeof scales.radius, string> = {
  none: "Square corners",
  small: "Checkboxes, tooltips, skeleton lines, focus outlines of links",
  medium: "Buttons, fields, menus, popovers, toasts",
  large: "Cards, dialogs, tables, drop zones",
  full: "Badges, progress bars, switches, avatars",
};

/** Corner radii, each drawn on a sample. */
export function RadiusScale() {
  return (
    <TokenTable caption="radius" columns={["Token", "Value", "Typical use", "Drawn"]}>
      {Object.entries(scales.radius).map(([name, value]) => (
        <tr key={name}>
          <NameCell>radius.{name}</NameCell>
          <td className={`${styles.cell} ${styles.mono}`}>{value}</td>
          <td className={styles.cell}>{radiusUse[name as keyof typeof scales.radius]}</td>
          <td className={styles.cell}>
            <div
              className={styles.radiusSample}
              style={{ borderRadius: vars.radius[name as keyof typeof scales.radius] }}
            />
          </td>
        </tr>
      ))}
    </TokenTable>
  );
}

const borderUse: Record<keyof typeof scales.borderWidth, string> = {
  standard: "Every divider, field and card outline",
  thick: "Focus outlines, the selected tab's underline",
};

/** Border widths, each drawn. */
export function BorderWidthScale() {
  return (
    <TokenTable caption="borderWidth" columns={["Token", "Value", "Typical use", "Drawn"]}>
      {Object.entries(scales.borderWidth).map(([name, value]) => (
        <tr key={name}>
          <NameCell>borderWidth.{name}</NameCell>
          <td className={`${styles.cell} ${styles.mono}`}>{value}</td>
          <td className={styles.cell}>{borderUse[name as keyof typeof scales.borderWidth]}</td>
          <td className={styles.cell}>
            <div
              className={styles.borderSample}
              style={{ borderWidth: vars.borderWidth[name as keyof typeof scales.borderWidth] }}
            />
          </td>
        </tr>
      ))}
    </TokenTable>
  );
}

const shadowUse: Record<keyof typeof vars.shadow, string> = {
  small: "Cards, stat cards",
  medium: "Tooltips, chart tooltips, field popovers",
  large: "Dialogs, drawers, popovers, menus, toasts",
  focusRing: "Unused by the kit's components, which draw focus as an outline; for custom controls",
};

/** Shadows differ by theme, so each is shown, with its value, on the light and dark canvas. */
export function ShadowScale() {
  const references = Object.values(vars.shadow);
  const light = useResolvedTokens(lightTheme, references);
  const dark = useResolvedTokens(darkTheme, references);
  return (
    <TokenTable caption="shadow" columns={["Token", "Typical use", "Light", "Dark"]}>
      {Object.entries(vars.shadow).map(([name, reference]) => (
        <tr key={name}>
          <NameCell>shadow.{name}</NameCell>
          <td className={styles.cell}>{shadowUse[name as keyof typeof vars.shadow]}</td>
          {[
            { theme: lightTheme, resolved: light },
            { theme: darkTheme, resolved: dark },
          ].map(({ theme, resolved }) => (
            <td key={theme} className={styles.cell}>
              <div className={styles.valueCell}>
                <span className={`${theme} ${styles.shadowFrame}`}>
                  <span className={styles.shadowSample} style={{ boxShadow: reference }} />
                </span>
                <span className={`${styles.mono} ${styles.shadowValue}`}>{resolved?.get(reference)?.raw ?? "…"}</span>
              </div>
            </td>
          ))}
        </tr>
      ))}
    </TokenTable>
  );
}

const durationUse: Record<keyof typeof scales.motion.duration, string> = {
  fast: "Hover and press colour changes, popovers",
  standard: "Drawers sliding in, the sidebar's width, progress bars",
  ripple: "The press ripple on buttons",
  routeFade: "The fade between routes",
};

const easingUse: Record<keyof typeof scales.motion.easing, string> = {
  standard: "Colour and opacity changes",
  emphasized: "Panels that slide in (drawers); overshoots slightly",
};

/** Durations and easings; every duration becomes 0 ms under reduced motion. */
export function MotionScale() {
  return (
    <TokenTable
      caption="motion (all durations are 0ms under prefers-reduced-motion)"
      columns={["Token", "Value", "Used for"]}
    >
      {Object.entries(scales.motion.duration).map(([name, value]) => (
        <tr key={name}>
          <NameCell>motion.duration.{name}</NameCell>
          <td className={`${styles.cell} ${styles.mono}`}>{value}</td>
          <td className={styles.cell}>{durationUse[name as keyof typeof scales.motion.duration]}</td>
        </tr>
      ))}
      {Object.entries(scales.motion.easing).map(([name, value]) => (
        <tr key={name}>
          <NameCell>motion.easing.{name}</NameCell>
          <td className={`${styles.cell} ${styles.mono}`}>{value}</td>
          <td className={styles.cell}>{easingUse[name as keyof typeof scales.motion.easing]}</td>
        </tr>
      ))}
    </TokenTable>
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
    <TokenTable caption="zIndex" columns={["Token", "Value", "Used for"]}>
      {Object.entries(scales.zIndex).map(([name, value]) => (
        <tr key={name}>
          <NameCell>zIndex.{name}</NameCell>
          <td className={`${styles.cell} ${styles.mono}`}>{value}</td>
          <td className={styles.cell}>{layerUse[name as keyof typeof scales.zIndex]}</td>
        </tr>
      ))}
    </TokenTable>
  );
}
