/** What the current story wrote to console.error and console.warn, formatted as the console shows it. */
const messages: string[] = [];
let installed = false;

function format(args: unknown[]): string {
  const [first, ...rest] = args;
  if (typeof first !== "string") return args.map(String).join(" ");
  // React's warnings are printf-style ("%s contains an input of type %s with both value and …");
  // %c takes a CSS argument that prints nothing.
  const text = first.replace(/%[sdifoOc]/g, (token) => {
    const arg = rest.shift();
    return token === "%c" ? "" : String(arg);
  });
  return [text, ...rest.map(String)].join(" ");
}

/**
 * Records console errors and warnings from the moment a story starts, and still prints them. A
 * React warning (a controlled and uncontrolled input, a missing key) only shows in development
 * builds, so the story tests are where it can fail a check; the e2e runs a production build.
 */
export function watchConsole(): void {
  if (installed) return;
  installed = true;
  const { error, warn } = console;
  console.error = (...args: unknown[]) => {
    messages.push(`console.error: ${format(args)}`);
    error.apply(console, args);
  };
  console.warn = (...args: unknown[]) => {
    messages.push(`console.warn: ${format(args)}`);
    warn.apply(console, args);
  };
}

/** A new story: what the previous one logged is its own. */
export function forgetConsoleMessages(): void {
  messages.length = 0;
}

export function consoleMessages(): readonly string[] {
  return [...messages];
}
