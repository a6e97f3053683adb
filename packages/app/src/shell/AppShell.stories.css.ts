import { style } from "@vanilla-extract/css";

// The product's narrowest viewport. A stage size for the narrow-layout stories, not a style of the
// shell, so it is a story-local class rather than a kit token.
export const phoneFrame = style({ width: "390px" });
