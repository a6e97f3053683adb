import type { Plugin } from "vite";

/** A dictionary module of react-aria, react-stately or react-aria-components. */
const dictionary = /[\\/](react-aria|react-aria-components|react-stately)[\\/]dist[\\/].*intlStrings\.mjs$/;
const localeImport = /^import (\S+) from "([^"]+[\\/]([a-z]{2,3}(?:-[A-Za-z]{2,4})?-[A-Z]{2})\.mjs)";$/;

/**
 * Keeps only `locales` in react-aria's string dictionaries. Each dictionary (`…/intlStrings.mjs`)
 * imports its strings for all 34 languages react-aria ships: about 34 kB of the table's and 33 kB
 * of the grid's before compression, most of which a screen with a table downloads for nothing,
 * since the app renders everything under `I18nProvider locale="en-US"` (and `NumberField`'s
 * "id-ID", for which react-aria has no strings and falls back to its default, en-US). A dictionary
 * looks a locale up exactly, then by language, then falls back to en-US, so with en-US kept every
 * string the app shows is the same. This is what react-aria's own optimize-locales plugin does,
 * without its bundler-adapter dependency. A dictionary of another shape fails the build rather than
 * shipping without strings.
 */
export function reactAriaLocales(locales: readonly string[]): Plugin {
  return {
    name: "sentinel:react-aria-locales",
    apply: "build",
    enforce: "pre",
    transform: {
      filter: { id: dictionary },
      handler(code, id) {
        const imports = code
          .split("\n")
          .filter((line) => line.startsWith("import "))
          .map((line) => line.match(localeImport));
        const kept = imports.filter((m) => m && locales.includes(m[3] as string)) as RegExpMatchArray[];
        if (imports.some((m) => !m) || kept.length !== locales.length)
          this.error(`react-aria-locales: ${id} is not a dictionary of locale imports with ${locales.join(", ")}`);
        return {
          code: [
            ...kept.map(([, name, from]) => `import ${name} from ${JSON.stringify(from)};`),
            `export default { ${kept.map(([, name, , locale]) => `${JSON.stringify(locale)}: ${name}`).join(", ")} };`,
          ].join("\n"),
          map: null,
        };
      },
    },
  };
}
