import type { ReactNode } from "react";
import { Tooltip as AriaTooltip, type TooltipProps as AriaTooltipProps, TooltipTrigger } from "react-aria-components";
import * as styles from "./Tooltip.css.ts";

export interface TooltipProps extends Omit<AriaTooltipProps, "children"> {
  /** The tooltip's text. */
  children: ReactNode;
}

/**
 * A short hint on hover or keyboard focus, at most 12.5rem wide, on the tooltip layer. It must never
 * hold the only copy of information: the trigger needs its own accessible name.
 */
export function Tooltip({ children, ...props }: TooltipProps) {
  return (
    <AriaTooltip offset={6} {...props} className={styles.tooltip}>
      {children}
    </AriaTooltip>
  );
}

export { TooltipTrigger };
