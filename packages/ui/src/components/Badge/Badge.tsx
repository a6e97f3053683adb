import type { ComponentPropsWithoutRef, ReactNode } from "react";
import type { Tone } from "../../tokens/tones.ts";
import { untrustedNode } from "../UntrustedText/untrustedNode.tsx";
import * as styles from "./Badge.css.ts";

export interface BadgeProps extends Omit<ComponentPropsWithoutRef<"span">, "children"> {
  /** Text of the badge; `children` is used when no label is given. */
  label?: ReactNode;
  children?: ReactNode;
  /**
   * Semantic tone; the spec's "default gray" is `neutral`.
   * @default "neutral"
   */
  tone?: Tone;
  /**
   * Transparent fill with a tone-coloured border.
   * @default false
   */
  outlined?: boolean;
  /**
   * Solid tone fill with contrasting text. Wins over `outlined`.
   * @default false
   */
  solid?: boolean;
  /**
   * @default "sm"
   */
  size?: "sm" | "md";
}

/** A short, non-interactive label that classifies something by tone. */
export function Badge({ label, children, tone, outlined, solid, size, className, ...props }: BadgeProps) {
  const weight = solid ? "solid" : outlined ? "outlined" : "subtle";
  return (
    <span
      {...props}
      data-tone={tone ?? "neutral"}
      className={[styles.badge({ tone, weight, size }), className].filter(Boolean).join(" ")}
    >
      <span className={styles.label}>{untrustedNode(label ?? children)}</span>
    </span>
  );
}
