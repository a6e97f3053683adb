import { useState } from "react";
import { Row, type RowProps } from "react-aria-components";

/** A row's own link: the one in its row header, as a list that opens a detail page has. */
const rowLinkSelector = '[role="rowheader"] a[href]';

/**
 * A table body row that takes the hover surface when it holds a row link, as rows with a row action
 * do. react-aria marks hover only on rows with an action or selection, so a list whose rows open only
 * through the link in their main cell would not look clickable. The row stays no target of its own:
 * the link is what opens the page (`data-link-hovered` styles the surface, never a click handler).
 */
export function BodyRow<T extends object>(props: RowProps<T>) {
  const [isLinkHovered, setLinkHovered] = useState(false);
  return (
    <Row
      {...props}
      data-link-hovered={isLinkHovered || undefined}
      onPointerEnter={(event) => {
        // As react-aria's hover: a touch has no hover, and would leave the surface on after a tap.
        if (event.pointerType !== "touch") setLinkHovered(event.currentTarget.querySelector(rowLinkSelector) !== null);
      }}
      onPointerLeave={() => setLinkHovered(false)}
    />
  );
}
