import { styleVariants } from "@vanilla-extract/css";

/**
 * Fixed frames for stories that show how a component behaves in a narrow or wide parent
 * (truncation, wrapping, a phone-width column). They are sizes of the story's stage, not of any
 * component, so they live here rather than in the space scale.
 */
const widths = {
  xsmall: "6rem",
  small: "12rem",
  medium: "14rem",
  large: "18rem",
  xlarge: "24rem",
  xxlarge: "36rem",
  /** The product's narrowest viewport, a phone. */
  phone: "390px",
} as const;

export const frameWidth = styleVariants(widths, (width) => ({ width, maxWidth: "100%" }));

export const frameMaxWidth = styleVariants(widths, (maxWidth) => ({ maxWidth }));
