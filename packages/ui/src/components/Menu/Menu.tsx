import type { ReactNode } from "react";
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  composeRenderProps,
  Separator,
} from "react-aria-components";
import type { RecipeVariant } from "../shared/recipeVariant.ts";
import * as styles from "./Menu.css.ts";

export type MenuProps<T> = AriaMenuProps<T>;

/** A list of actions or links, with react-aria's keyboard and typeahead behaviour. */
export function Menu<T extends object>({ className, ...props }: MenuProps<T>) {
  return <AriaMenu {...props} className={[styles.menu, className].filter(Boolean).join(" ")} />;
}

export interface MenuItemProps<T> extends AriaMenuItemProps<T> {
  /** Icon before the label. */
  icon?: ReactNode;
  /**
   * `critical` for destructive actions.
   * @default "neutral"
   */
  tone?: RecipeVariant<typeof styles.item, "tone">;
}

export function MenuItem<T extends object>({ icon, tone, className, children, ...props }: MenuItemProps<T>) {
  const textValue = props.textValue ?? (typeof children === "string" ? children : undefined);
  return (
    <AriaMenuItem
      {...props}
      {...(textValue ? { textValue } : {})}
      className={composeRenderProps(className, (prev) => [styles.item({ tone }), prev].filter(Boolean).join(" "))}
    >
      {composeRenderProps(children, (content) => (
        <>
          {icon ? (
            <span className={styles.icon} aria-hidden="true">
              {icon}
            </span>
          ) : null}
          {content}
        </>
      ))}
    </AriaMenuItem>
  );
}

export function MenuSeparator() {
  return <Separator className={styles.separator} />;
}
