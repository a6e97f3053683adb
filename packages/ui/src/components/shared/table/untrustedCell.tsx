import type { ReactNode } from "react";
import { UntrustedText } from "../../UntrustedText/UntrustedText.tsx";

/**
 * The cell of a column without its own `cell`: the value as text, through UntrustedText, since
 * table rows are the API's data (host names, repositories, findings). Replaces TanStack's default,
 * which renders the same string without the bidi guard.
 */
export function untrustedCell(props: { renderValue: () => unknown }): ReactNode {
  const value = props.renderValue();
  if (value === null || value === undefined) return null;
  return <UntrustedText>{String(value)}</UntrustedText>;
}
