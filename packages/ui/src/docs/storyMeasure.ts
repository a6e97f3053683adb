/**
 * For story plays: a rem token's computed length in pixels, at the document's root font size, to
 * compare with `getComputedStyle` (which answers in pixels).
 */
export function remInPixels(element: Element, rem: string): string {
  const rootSize = Number.parseFloat(getComputedStyle(element.ownerDocument.documentElement).fontSize);
  return `${Number.parseFloat(rem) * rootSize}px`;
}
