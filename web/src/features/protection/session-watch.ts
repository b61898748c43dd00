import { createStore } from '@/lib/create-store';
import { readJson, writeJson } from '@/lib/storage';
import {
  checksDue,
  initialSeen,
  limitPhase,
  nextCheckAt,
  nextPhaseAt,
  type LimitPhase,
  type SeenChecks,
} from './schedule';

/**
 * The session's reminders as timers outside React (issue 31): the reality check opens at every
 * full interval since the login until the player answers it; the session time limit warns five
 * minutes before its end and ends the session at its end. The components start a watch with the
 * server's figures and show what the stores say; the moments are read from `Date.now()` (which
 * Playwright's clock moves).
 */

/** Local storage: how many reality checks of this session the player has answered. */
export const REALITY_SEEN_KEY = 'realityCheckSeen';

/** Whether a reality check is open (the app layer lets a game's dialog go of the focus). */
export const realityCheckStore = createStore(false);

type RealityWatch = { startedAt: number; minutes: number; seen: number; timer?: number };

let reality: RealityWatch | null = null;

function scheduleCheck(watch: RealityWatch): void {
  window.clearTimeout(watch.timer);
  const wait = nextCheckAt(watch.startedAt, watch.minutes, watch.seen) - Date.now();
  watch.timer = window.setTimeout(
    () => {
      if (reality === watch) realityCheckStore.set(true);
    },
    Math.max(0, wait),
  );
}

/**
 * Watches the reality check of a session that started at `startedAt` (epoch ms), every `minutes`
 * (null: off). A check already due when the watch starts is not shown then, unless this session
 * and interval were answered before (a reload shows the one it missed). Returns the stop.
 */
export function watchRealityCheck(startedAt: number, minutes: number | null): () => void {
  if (!minutes || minutes <= 0) {
    realityCheckStore.set(false);
    return () => {};
  }
  const remembered = readJson<SeenChecks>(REALITY_SEEN_KEY);
  const watch: RealityWatch = {
    startedAt,
    minutes,
    seen: initialSeen(remembered, startedAt, minutes, Date.now()),
  };
  reality = watch;
  scheduleCheck(watch);
  return () => {
    window.clearTimeout(watch.timer);
    if (reality === watch) {
      reality = null;
      realityCheckStore.set(false);
    }
  };
}

/** The player answered the open check (Continue): the next one comes a full interval later. */
export function answerRealityCheck(): void {
  realityCheckStore.set(false);
  const watch = reality;
  if (!watch) return;
  watch.seen = Math.max(watch.seen + 1, checksDue(watch.startedAt, watch.minutes, Date.now()));
  writeJson(REALITY_SEEN_KEY, {
    startedAt: watch.startedAt,
    minutes: watch.minutes,
    seen: watch.seen,
  } satisfies SeenChecks);
  scheduleCheck(watch);
}

/** Where the session time limit stands (none without one). */
export const sessionLimitStore = createStore<LimitPhase>('none');

/**
 * Watches a session time limit ending at `endsAt` (epoch ms; null: none): the store moves to
 * 'warning' five minutes before and to 'ended' at the end, when `onEnd` runs. Returns the stop.
 */
export function watchSessionLimit(
  endsAt: number | null | undefined,
  onEnd: () => void,
): () => void {
  let timer: number | undefined;
  let stopped = false;
  const step = () => {
    if (stopped) return;
    const now = Date.now();
    const phase = limitPhase(endsAt, now);
    sessionLimitStore.set(phase);
    if (phase === 'ended') {
      onEnd();
      return;
    }
    const next = nextPhaseAt(endsAt, now);
    if (next !== null) timer = window.setTimeout(step, Math.max(0, next - now));
  };
  step();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    sessionLimitStore.set('none');
  };
}
