// Consumers' bundlers replace `process.env.NODE_ENV` (Vite, webpack, esbuild, Rollup's replace
// plugin); the kit's own build keeps it as written, so the check runs in their development builds.
// Where nothing replaces it, `process` is undefined and the check stays off.
declare const process: { env: { NODE_ENV?: string } };

function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== "production";
  } catch {
    return false;
  }
}

export const missingStylesheetMessage =
  "@sentinel/ui: the kit's stylesheet is not applied, so its components render unstyled. Import \"@sentinel/ui/style.css\" once in your app's entry module.";

/**
 * A custom property with a fixed name that the stylesheet sets on the document root. The tokens'
 * own names are generated, and reading one would put the whole token contract into every page
 * that renders a Button.
 */
export const stylesheetMarkerProperty = "--sentinel-ui-stylesheet";

/** Whether the kit's tokens reach `root` (the document root in a browser). */
export function isStylesheetApplied(root: Element): boolean {
  const view = root.ownerDocument.defaultView;
  if (!view) return true;
  return view.getComputedStyle(root).getPropertyValue(stylesheetMarkerProperty).trim() !== "";
}

let checked = false;

/**
 * In development, warns once per page when the kit's stylesheet is missing. Called on the first
 * mount of the providers and of Button; the probe reads one computed style, once.
 */
export function checkStylesheetOnce(
  root: Element | undefined = typeof document === "undefined" ? undefined : document.documentElement,
  {
    development = isDevelopment(),
    warn = console.warn,
  }: { development?: boolean; warn?: (message: string) => void } = {},
): void {
  if (checked || !development || !root) return;
  checked = true;
  if (!isStylesheetApplied(root)) warn(missingStylesheetMessage);
}

/** For tests: lets the next `checkStylesheetOnce` probe again. */
export function resetStylesheetCheck(): void {
  checked = false;
}
