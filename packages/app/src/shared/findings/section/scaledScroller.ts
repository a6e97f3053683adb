import type { Dispatch, RefObject, SetStateAction } from "react";
import {
  listOffsetAfterWheel,
  listOffsetAt,
  listOffsetToReveal,
  maxListOffset,
  rowTop,
  rowWindowOf,
  type ScrollScale,
  scrollScaleOf,
  scrollTopFor,
} from "./scrollScale.ts";

/** Overscan, as the virtualizer's in FindingsGrid: rows rendered beyond each edge of the view. */
const overscan = 8;

/**
 * Starts a controller on `box`'s element and shows it through `show`; the function it answers stops
 * it (and shows none, unless a newer one is shown by then).
 */
export function attach(
  box: RefObject<HTMLElement | null>,
  onChange: () => void,
  show: Dispatch<SetStateAction<ScaledScroller | undefined>>,
): () => void {
  const element = box.current;
  if (!element) return () => undefined;
  const scroller = new ScaledScroller(element, onChange);
  show(scroller);
  return () => {
    scroller.destroy();
    show((shown) => (shown === scroller ? undefined : shown));
  };
}

/**
 * The scroll box of a list taller than a browser lays out (see `ScrollScale`): follows the box's
 * scroll position and height, maps them onto the list, and places the rows. A wheel step moves
 * the list one for one; a drag of the scrollbar or a touch moves the box, and so the list by the
 * scale. `onChange` is called whenever the rows' places change: on every scroll, since at a scale
 * other than 1 the rows move against the box's content. It answers the virtualizer's calls the grid
 * makes (`getVirtualItems`, `range`, `getTotalSize`, `scrollToIndex`), so the grid uses either alike.
 */
export class ScaledScroller {
  private readonly element: HTMLElement;
  private readonly onChange: () => void;
  private readonly observer: ResizeObserver;
  /** The list's rows; the grid sets it as it renders. */
  rowCount = 0;
  /** The rows any part of which is in view, as of the last `getVirtualItems`. */
  range: { startIndex: number; endIndex: number } | null = null;
  private scrollTop = 0;
  private viewportHeight = 0;
  /** At the browser's own end of the range: the list's end, whatever its rounding of the box's height. */
  private atEnd = false;
  /**
   * The list offset the grid last scrolled to, with the scroll position it wrote for it. The browser
   * stores that position rounded, and at a large scale a rounded pixel is many pixels of the list:
   * while the box stays within a pixel of the write, the list offset asked for is the one shown, so
   * a key's target row lands exactly at the view's edge.
   */
  private asked: { listOffset: number; scrollTop: number } | null = null;

  constructor(element: HTMLElement, onChange: () => void) {
    this.element = element;
    this.onChange = onChange;
    element.addEventListener("scroll", this.read, { passive: true });
    element.addEventListener("wheel", this.onWheel, { passive: false });
    this.observer = new ResizeObserver(this.read);
    this.observer.observe(element);
    this.read();
  }

  destroy(): void {
    this.element.removeEventListener("scroll", this.read);
    this.element.removeEventListener("wheel", this.onWheel);
    this.observer.disconnect();
  }

  /** The rows to render, each with where it begins in the box's content (the header row above it). */
  getVirtualItems(): { index: number; start: number }[] {
    const scale = this.scale();
    const drawn = rowWindowOf(this.listOffset(scale), this.scrollTop, scale, this.rowCount, overscan);
    this.range = drawn.visible;
    const items: { index: number; start: number }[] = [];
    for (let index = drawn.first; index <= drawn.last; index += 1) {
      items.push({ index, start: rowTop(index) - drawn.shift });
    }
    return items;
  }

  /** The box's content height, the header included. */
  getTotalSize(): number {
    return this.scale().drawnHeight;
  }

  /** Scrolls the least that brings row `index` fully into view (as the virtualizer's "auto" does). */
  scrollToIndex(index: number, _options?: unknown): void {
    const scale = this.scale();
    this.scrollTo(listOffsetToReveal(index, this.listOffset(scale), scale));
  }

  private scale(): ScrollScale {
    return scrollScaleOf(this.rowCount, this.viewportHeight);
  }

  private listOffset(scale: ScrollScale): number {
    if (this.asked) return this.asked.listOffset;
    return this.atEnd ? maxListOffset(scale) : listOffsetAt(this.scrollTop, scale);
  }

  private scrollTo(listOffset: number): void {
    const { element } = this;
    const scale = scrollScaleOf(this.rowCount, element.clientHeight);
    const scrollTop = scrollTopFor(listOffset, scale);
    element.scrollTop = scrollTop;
    this.scrollTop = element.scrollTop;
    this.viewportHeight = element.clientHeight;
    this.atEnd = false;
    this.asked = { listOffset: Math.max(0, Math.min(maxListOffset(scale), listOffset)), scrollTop };
    this.onChange();
  }

  private readonly read = () => {
    const { scrollTop, clientHeight, scrollHeight } = this.element;
    const atEnd = scrollTop > 0 && scrollTop >= scrollHeight - clientHeight - 0.5;
    const asked = this.asked && Math.abs(this.asked.scrollTop - scrollTop) <= 1 ? this.asked : null;
    if (
      scrollTop === this.scrollTop &&
      clientHeight === this.viewportHeight &&
      atEnd === this.atEnd &&
      asked === this.asked
    ) {
      return;
    }
    this.scrollTop = scrollTop;
    this.viewportHeight = clientHeight;
    this.atEnd = atEnd;
    this.asked = asked;
    this.onChange();
  };

  // The wheel moves the list as far as it says (see `listOffsetAfterWheel`), not by the scale.
  private readonly onWheel = (event: WheelEvent) => {
    if (event.ctrlKey || Math.abs(event.deltaY) <= Math.abs(event.deltaX)) return;
    const scale = this.scale();
    const from = this.listOffset(scale);
    const to = listOffsetAfterWheel(from, event.deltaY, event.deltaMode, scale);
    // At an end the wheel is the page's again.
    if (to === from) return;
    event.preventDefault();
    this.scrollTo(to);
  };
}
