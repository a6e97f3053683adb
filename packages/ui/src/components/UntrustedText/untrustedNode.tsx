import type { ReactNode } from "react";
import { UntrustedText } from "./UntrustedText.tsx";

/**
 * A slot's content as components receive it: a plain string (the API's data, as screens pass it)
 * goes through UntrustedText; anything else the caller built is rendered as given.
 */
export function untrustedNode(node: ReactNode): ReactNode {
  return typeof node === "string" ? <UntrustedText>{node}</UntrustedText> : node;
}
