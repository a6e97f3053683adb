import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../tokens/contract.css.ts";

// A stack is usually a flex or grid item itself; without this, one long unbroken word (a URL, a
// hash from a scan) would widen it past its parent instead of wrapping.
export const root = style({ minWidth: 0 });

// Lists keep their semantics but lose the browser's bullets and indent: the stack spaces them.
export const list = style({ listStyle: "none", margin: 0, padding: 0 });

export const dividers = style({});

/**
 * A divider sits halfway between two children: the gap above it, the same space again below it
 * (as padding), so a divided stack keeps the rhythm of its `space`.
 */
export const dividerSpace = styleVariants(vars.space, () => ({}));

for (const [name, value] of Object.entries(vars.space)) {
  globalStyle(`${dividers}${dividerSpace[name as keyof typeof vars.space]} > * + *`, {
    paddingTop: value,
    borderTop: `${vars.borderWidth.standard} solid ${vars.color.border.subtle}`,
  });
}
