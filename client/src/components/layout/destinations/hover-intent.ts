import { useEffect, useRef, type RefObject } from 'react';

export interface Point {
  x: number;
  y: number;
}
export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Slack around the corridor, in px: a hand never moves in a perfectly straight line. */
const SLACK = 12;
/** A pointer that stops on its way for this long has changed its mind. */
export const HOVER_REST_MS = 400;

function side(p: Point, a: Point, b: Point): number {
  return (p.x - b.x) * (a.y - b.y) - (a.x - b.x) * (p.y - b.y);
}

function inTriangle(p: Point, a: Point, b: Point, c: Point): boolean {
  const d1 = side(p, a, b);
  const d2 = side(p, b, c);
  const d3 = side(p, c, a);
  const hasNeg = d1 < 0 || d2 < 0 || d3 < 0;
  const hasPos = d1 > 0 || d2 > 0 || d3 > 0;
  return !(hasNeg && hasPos);
}

/**
 * True while a pointer that left the menu at `exit` is still on its way into the popup `panel`
 * below: inside the triangle from the exit point to the popup's top corners (widened by a little
 * slack). Any straight path from the exit to a point of the popup runs inside it.
 */
export function headingInto(p: Point, exit: Point, panel: Box): boolean {
  if (exit.y >= panel.top) return false;
  const apex = { x: exit.x, y: exit.y - SLACK };
  const left = { x: panel.left - SLACK, y: panel.top + SLACK };
  const right = { x: panel.right + SLACK, y: panel.top + SLACK };
  return inTriangle(p, apex, left, right);
}

/**
 * Closing a hover menu when the pointer leaves it, unless the pointer is on its way into the
 * popup: `leave(exit)` starts watching the pointer and calls `onClose` once it moves outside the
 * corridor to the popup or rests for a moment; `stay()` (the pointer is back in) stops watching.
 */
export function useHoverIntent(panel: RefObject<HTMLElement | null>, onClose: () => void) {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const stop = useRef<(() => void) | null>(null);

  const stay = () => {
    stop.current?.();
    stop.current = null;
  };

  const leave = (exit: Point) => {
    stay();
    const el = panel.current;
    const rect = el && !el.hidden ? el.getBoundingClientRect() : null;
    const box: Box | null = rect && rect.width > 0 ? rect : null;
    let timer = 0;
    const close = () => {
      stay();
      onCloseRef.current();
    };
    const onMove = (e: PointerEvent) => {
      if (!box || !headingInto({ x: e.clientX, y: e.clientY }, exit, box)) return close();
      window.clearTimeout(timer);
      timer = window.setTimeout(close, HOVER_REST_MS);
    };
    document.addEventListener('pointermove', onMove, true);
    timer = window.setTimeout(close, HOVER_REST_MS);
    stop.current = () => {
      document.removeEventListener('pointermove', onMove, true);
      window.clearTimeout(timer);
    };
  };

  useEffect(() => () => stop.current?.(), []);
  return { leave, stay };
}
