import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from "react";
import {
  listOffsetAfterWheel,
  listOffsetAt,
  maxListOffset,
  type ScrollScale,
  scrollScaleOf,
  scrollTopFor,
} from "./gridMath.ts";

interface BoxState {
  /** The box's scroll position as the browser reports it. */
  scrollTop: number;
  viewportHeight: number;
  /** At the browser's own end of the range: the list's end, whatever its rounding of the box's height. */
  atEnd: boolean;
  /**
   * The list offset the grid last scrolled to, with the scroll position it wrote for it. The browser
   * stores that position rounded, and at a large scale a rounded pixel is many pixels of the list:
   * while the box stays within a pixel of the write, the list offset asked for is the one shown, so
   * a key's target row lands exactly at the view's edge.
   */
  asked: { listOffset: number; scrollTop: number } | null;
}

export interface ScaledScroll {
  scale: ScrollScale;
  /** How far into the list (px) the view's top is. */
  listOffset: number;
  /** The box's scroll position the view was worked out from. */
  scrollTop: number;
  /** Scrolls the box so the view's top is `listOffset` px into the list. */
  scrollToListOffset(listOffset: number): void;
}

const initial: BoxState = { scrollTop: 0, viewportHeight: 0, atEnd: false, asked: null };

/**
 * The scroll box of a list taller than a browser lays out (see `ScrollScale` in gridMath.ts), while
 * `enabled`: follows its scroll position and height, and maps them onto the list. A wheel step moves
 * the list one for one; a drag of the scrollbar or a touch moves the box, and so the list by the
 * scale. Every scroll re-renders, since at a scale other than 1 the rows move against the box's content.
 */
export function useScaledScroll(
  box: RefObject<HTMLElement | null>,
  rowCount: number,
  enabled: boolean,
): ScaledScroll | null {
  const [state, setState] = useState<BoxState>(initial);

  const read = useCallback(() => {
    const element = box.current;
    if (!element) return;
    setState((previous) => {
      const { scrollTop, clientHeight: viewportHeight, scrollHeight } = element;
      const atEnd = scrollTop > 0 && scrollTop >= scrollHeight - viewportHeight - 0.5;
      const asked = previous.asked && Math.abs(previous.asked.scrollTop - scrollTop) <= 1 ? previous.asked : null;
      if (
        previous.scrollTop === scrollTop &&
        previous.viewportHeight === viewportHeight &&
        previous.atEnd === atEnd &&
        previous.asked === asked
      ) {
        return previous;
      }
      return { scrollTop, viewportHeight, atEnd, asked };
    });
  }, [box]);

  const scrollToListOffset = useCallback(
    (listOffset: number) => {
      const element = box.current;
      if (!element) return;
      const current = scrollScaleOf(rowCount, element.clientHeight);
      const scrollTop = scrollTopFor(listOffset, current);
      element.scrollTop = scrollTop;
      setState({
        scrollTop: element.scrollTop,
        viewportHeight: element.clientHeight,
        atEnd: false,
        asked: { listOffset: Math.max(0, Math.min(maxListOffset(current), listOffset)), scrollTop },
      });
    },
    [box, rowCount],
  );

  const scale = scrollScaleOf(rowCount, state.viewportHeight);
  const listOffset = state.asked
    ? state.asked.listOffset
    : state.atEnd
      ? maxListOffset(scale)
      : listOffsetAt(state.scrollTop, scale);
  const latest = useRef({ listOffset, rowCount });
  latest.current = { listOffset, rowCount };

  useLayoutEffect(() => {
    const element = box.current;
    if (!enabled || !element) return undefined;
    read();
    // The wheel moves the list as far as it says (see `listOffsetAfterWheel`), not by the scale.
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || Math.abs(event.deltaY) <= Math.abs(event.deltaX)) return;
      const from = latest.current.listOffset;
      const to = listOffsetAfterWheel(
        from,
        event.deltaY,
        event.deltaMode,
        scrollScaleOf(latest.current.rowCount, element.clientHeight),
      );
      // At an end the wheel is the page's again.
      if (to === from) return;
      event.preventDefault();
      scrollToListOffset(to);
    };
    element.addEventListener("scroll", read, { passive: true });
    element.addEventListener("wheel", onWheel, { passive: false });
    const observer = new ResizeObserver(read);
    observer.observe(element);
    return () => {
      element.removeEventListener("scroll", read);
      element.removeEventListener("wheel", onWheel);
      observer.disconnect();
    };
  }, [box, enabled, read, scrollToListOffset]);

  if (!enabled) return null;
  return { scale, listOffset, scrollTop: state.scrollTop, scrollToListOffset };
}
