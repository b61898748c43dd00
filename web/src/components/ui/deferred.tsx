import { useEffect, useState, type ReactNode } from 'react';
import { whenIdle } from '@/lib/idle';

/**
 * Below-the-fold parts of the first page (the footer, the home page's lower sections) render
 * after the first paint, one part per idle moment, top to bottom: the first render stays small,
 * and the phone's main thread is never held for the whole page at once (issue 11's total blocking
 * time). Only the app's start is spread out: once the queue has drained, a part mounted later (a
 * navigation, the back button restoring a scroll position) renders at once. The unit tests render
 * everything at once.
 */

type Turn = () => void;

const queue: Turn[] = [];
let scheduled = false;
let started = import.meta.env.MODE === 'test';

/** A turn waits for an idle moment at most this long. */
const TURN_WAIT_MS = 120;

function drain() {
  const turn = queue.shift();
  turn?.();
  if (queue.length > 0) whenIdle(drain, TURN_WAIT_MS);
  else {
    scheduled = false;
    started = true;
  }
}

function takeTurn(turn: Turn): () => void {
  queue.push(turn);
  if (!scheduled) {
    scheduled = true;
    whenIdle(drain, TURN_WAIT_MS);
  }
  return () => {
    const at = queue.indexOf(turn);
    if (at >= 0) queue.splice(at, 1);
  };
}

type DeferredProps = {
  children: ReactNode;
  /** The reserved height until the part renders (about its own, so the page keeps its length). */
  minHeight: number;
};

export function Deferred({ children, minHeight }: DeferredProps) {
  const [shown, setShown] = useState(started);
  useEffect(() => {
    if (shown) return;
    return takeTurn(() => setShown(true));
  }, [shown]);
  return shown ? <>{children}</> : <div style={{ minHeight }} aria-hidden="true" />;
}
