import { describe, expect, it } from 'vitest';
import {
  MINUTE_MS,
  SESSION_WARNING_MS,
  checksDue,
  clockText,
  hoursAndMinutes,
  initialSeen,
  limitPhase,
  nextCheckAt,
  nextPhaseAt,
} from './schedule';

const start = Date.UTC(2025, 4, 12, 9, 0);
const at = (minutes: number, seconds = 0) => start + minutes * MINUTE_MS + seconds * 1000;

describe('reality check schedule', () => {
  it('is due at every full interval since the login', () => {
    expect(checksDue(start, 15, at(0))).toBe(0);
    expect(checksDue(start, 15, at(14, 59))).toBe(0);
    expect(checksDue(start, 15, at(15))).toBe(1);
    expect(checksDue(start, 15, at(44))).toBe(2);
    expect(checksDue(start, 60, at(125))).toBe(2);
  });

  it('is never due when off, or before the login', () => {
    expect(checksDue(start, null, at(500))).toBe(0);
    expect(checksDue(start, 0, at(500))).toBe(0);
    expect(checksDue(start, 15, start - MINUTE_MS)).toBe(0);
  });

  it('comes next one interval after the last seen', () => {
    expect(nextCheckAt(start, 15, 0)).toBe(at(15));
    expect(nextCheckAt(start, 30, 2)).toBe(at(90));
  });

  it('remembers what was seen in this session and interval only', () => {
    const remembered = { startedAt: start, minutes: 15, seen: 1 };
    // A reload at minute 31 still shows the check due at 30.
    expect(initialSeen(remembered, start, 15, at(31))).toBe(1);
    // Another interval, or another session: the checks already due are not shown on arrival.
    expect(initialSeen(remembered, start, 30, at(31))).toBe(1);
    expect(initialSeen(remembered, start + 1, 15, at(47))).toBe(3);
    expect(initialSeen(null, start, 15, at(5))).toBe(0);
  });
});

describe('session time limit', () => {
  const endsAt = at(60);

  it('runs, warns five minutes before, then ends', () => {
    expect(limitPhase(null, at(10))).toBe('none');
    expect(limitPhase(endsAt, at(10))).toBe('running');
    expect(limitPhase(endsAt, endsAt - SESSION_WARNING_MS)).toBe('warning');
    expect(limitPhase(endsAt, at(59, 59))).toBe('warning');
    expect(limitPhase(endsAt, endsAt)).toBe('ended');
  });

  it('knows when its phase changes next', () => {
    expect(nextPhaseAt(endsAt, at(10))).toBe(at(55));
    expect(nextPhaseAt(endsAt, at(56))).toBe(endsAt);
    expect(nextPhaseAt(endsAt, at(61))).toBeNull();
    expect(nextPhaseAt(null, at(61))).toBeNull();
  });
});

describe('elapsed time', () => {
  it('reads as a clock', () => {
    expect(clockText(0)).toBe('0:00:00');
    expect(clockText(5 * MINUTE_MS + 3000)).toBe('0:05:03');
    expect(clockText(12 * 60 * MINUTE_MS)).toBe('12:00:00');
    expect(clockText(-5)).toBe('0:00:00');
  });

  it('splits into hours and minutes', () => {
    expect(hoursAndMinutes(65 * MINUTE_MS + 59_000)).toEqual({ hours: 1, minutes: 5 });
    expect(hoursAndMinutes(59_000)).toEqual({ hours: 0, minutes: 0 });
  });
});
