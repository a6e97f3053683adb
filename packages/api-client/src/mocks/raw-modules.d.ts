// Vite's `?raw` imports (the app and vitest get this from vite/client; the package's own tsc needs it here).
declare module "*?raw" {
  const text: string;
  export default text;
}
