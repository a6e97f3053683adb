import { style, styleVariants } from "@vanilla-extract/css";

/**
 * Stages for stories, not styles of any component: a fixed or maximum width shows how a component
 * truncates, wraps or fits a phone-width column, and a few grids lay out variant galleries. The
 * sizes describe the stage a story needs, so they are not tokens; spacing still comes from the
 * space scale through Stack, Inline and sprinkles.
 */
const widths = [
  "6rem",
  "10rem",
  "11rem",
  "12rem",
  "14rem",
  "16rem",
  "18rem",
  "20rem",
  "24rem",
  "26rem",
  "28rem",
  "32rem",
  "36rem",
  "48rem",
  // Phone widths: the product's narrowest viewport and a smaller handset.
  "360px",
  "390px",
] as const;

type Width = (typeof widths)[number];

const byWidth = <T>(make: (width: Width) => T) =>
  Object.fromEntries(widths.map((width) => [width, make(width)])) as Record<Width, T>;

/** A stage of exactly this width (never wider than the viewport). */
export const frameWidth = styleVariants(byWidth((width) => ({ width, maxWidth: "100%" })));

/** A stage at most this wide. */
export const frameMaxWidth = styleVariants(byWidth((maxWidth) => ({ maxWidth })));

/** A stage this tall, for app-frame pieces such as a sidebar that fill their parent's height. */
export const frameHeight = styleVariants({ "44rem": { height: "44rem" } });

/** Gallery grids: columns of at least a width that fill the row, or a fixed count of content-sized ones. */
export const frameColumns = styleVariants({
  ...byWidth((min) => ({ display: "grid", gridTemplateColumns: `repeat(auto-fit, minmax(${min}, 1fr))` })),
  "2 equal": { display: "grid", gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
  "3 content": { display: "grid", gridTemplateColumns: "repeat(3, max-content)" },
  "6 content": { display: "grid", gridTemplateColumns: "repeat(6, max-content)" },
});

/**
 * A paragraph that wraps anywhere, as the app's own containers do: stories of text components show
 * that their output wraps in such a parent without any help from the component.
 */
export const wrapAnywhere = style({ overflowWrap: "anywhere", margin: 0 });
