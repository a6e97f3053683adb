import { style } from "@vanilla-extract/css";

// As an item of another flex or grid box, the row may shrink and wrap instead of overflowing it.
export const root = style({ minWidth: 0 });

// Lists keep their semantics but lose the browser's bullets and indent: the row spaces them.
export const list = style({ listStyle: "none", margin: 0, padding: 0 });
