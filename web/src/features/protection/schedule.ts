/**
 * When the session's reminders come (issue 31), from the server's figures and the clock: the
 * reality check at every full interval since the login, the session time limit's warning five
 * minutes before its end and the logout at the end. Pure functions of the moments (epoch ms), so
 * a test (or Playwright's clock) moves time and nothing else.
 */

export const MINUTE_MS = 60_000;

/** The session time limit is announced this long before it ends. */
export const SESSION_WARNING_MS = 5 * MINUTE_MS;

/** How many reality checks were due by `now`: one at every full interval since `startedAt`. */
export function checksDue(startedAt: number, minutes: number | null, now: number): number {
  if (!minutes || minutes <= 0 || now <= startedAt) return 0;
  return Math.floor((now - startedAt) / (minutes * MINUTE_MS));
}

/** When the check after the first `seen` ones is due. */
export function nextCheckAt(startedAt: number, minutes: number, seen: number): number {
  return startedAt + (seen + 1) * minutes * MINUTE_MS;
}

/** What the reality check of a session remembers: how many of its checks the player has seen. */
export type SeenChecks = { startedAt: number; minutes: number; seen: number };

/**
 * How many checks count as seen when the page (re)starts or the interval changes: the number
 * remembered for this session and interval, else those already due (a check is shown when its
 * moment comes, not on arrival: the interval just switched on, a new tab).
 */
export function initialSeen(
  remembered: SeenChecks | null,
  startedAt: number,
  minutes: number,
  now: number,
): number {
  if (remembered && remembered.startedAt === startedAt && remembered.minutes === minutes) {
    return remembered.seen;
  }
  return checksDue(startedAt, minutes, now);
}

export type LimitPhase = 'none' | 'running' | 'warning' | 'ended';

/** Where a session with a time limit ending at `endsAt` stands at `now`. */
export function limitPhase(endsAt: number | null | undefined, now: number): LimitPhase {
  if (endsAt === null || endsAt === undefined) return 'none';
  if (now >= endsAt) return 'ended';
  if (now >= endsAt - SESSION_WARNING_MS) return 'warning';
  return 'running';
}

/** When the phase changes next (null: it does not). */
export function nextPhaseAt(endsAt: number | null | undefined, now: number): number | null {
  switch (limitPhase(endsAt, now)) {
    case 'running':
      return (endsAt as number) - SESSION_WARNING_MS;
    case 'warning':
      return endsAt as number;
    default:
      return null;
  }
}

/** Elapsed time as h:mm:ss (`0:05:03`, `12:00:00`), for the game window's clock. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Elapsed time in whole hours and minutes, for words ("1 h 5 min"). */
export function hoursAndMinutes(ms: number): { hours: number; minutes: number } {
  const minutes = Math.max(0, Math.floor(ms / MINUTE_MS));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
