/**
 * Turns an API enum value the UI has no label for into readable text: "ON_HOLD" → "On Hold".
 * Used as the fallback of the domain badges so a new backend value still renders sensibly.
 */
export function humanizeEnum(value: string): string {
  return value
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(" ");
}
