import { hashString } from './hash';
import { STORAGE_KEYS, readString, writeString } from './storage';

/**
 * The visitor's fingerprint (local storage key fingerprint), sent as `x-fingerprint` on every
 * call. The app marks it pending at start, and the fingerprint feature determines it (the
 * server's collector, else the local hash below); a call made meanwhile waits for it, at most
 * `FINGERPRINT_WAIT_MS`, and then uses the locally computed one. So no call ever goes out
 * without it, the first visit's bootstrap, login and registration included.
 */

export type FingerprintResult = { visitorId: string; components: Record<string, unknown> };

/** The collector runs at most 1 s (spec section 9); its script must load first. */
export const FINGERPRINT_WAIT_MS = 2500;

let memory: string | null = null;
let pending = false;
const waiters = new Set<(value: string) => void>();

export function getFingerprint(): string | null {
  return readString(STORAGE_KEYS.fingerprint) ?? memory;
}

export function setFingerprint(value: string): void {
  memory = value;
  pending = false;
  writeString(STORAGE_KEYS.fingerprint, value);
  for (const resolve of [...waiters]) resolve(value);
}

function canvasHash(): string {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 60;
    const ctx = canvas.getContext('2d');
    if (!ctx) return 'no-canvas';
    ctx.textBaseline = 'top';
    ctx.font = "16px 'Arial'";
    ctx.fillStyle = '#f60';
    ctx.fillRect(100, 1, 62, 20);
    ctx.fillStyle = '#069';
    ctx.fillText('Kasa ₺ 🎰 çğıöşü', 2, 15);
    return hashString(canvas.toDataURL());
  } catch {
    return 'no-canvas';
  }
}

/** The browser traits that cost nothing to read. */
function plainTraits(): Record<string, unknown> {
  return {
    userAgent: navigator.userAgent,
    language: navigator.language,
    platform: navigator.platform,
    screen: `${window.screen?.width ?? 0}x${window.screen?.height ?? 0}`,
    colorDepth: window.screen?.colorDepth ?? 0,
    hardwareConcurrency: navigator.hardwareConcurrency ?? 0,
  };
}

function visitorIdOf(components: Record<string, unknown>): string {
  const json = JSON.stringify(components);
  return hashString(json) + hashString(json, 7);
}

/**
 * The time zone's name: Temporal's where the browser has it (it costs nothing), else Intl's (a
 * first Intl.DateTimeFormat loads the zone and locale data: some 20 ms on a fast machine).
 */
export function timeZoneName(): string {
  const temporal = (globalThis as { Temporal?: { Now: { timeZoneId(): string } } }).Temporal;
  return temporal?.Now.timeZoneId() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The local fallback: a hash of stable browser traits, the time zone and a canvas drawing. */
export function computeLocalFingerprint(): FingerprintResult {
  // The order the components always had (their JSON is hashed): a visitor's fallback stays the same.
  const { hardwareConcurrency, ...traits } = plainTraits();
  const components: Record<string, unknown> = {
    ...traits,
    timezone: timeZoneName(),
    hardwareConcurrency,
    canvas: canvasHash(),
  };
  return { visitorId: visitorIdOf(components), components };
}

/**
 * A hash of the traits that cost nothing to read, for the collector's own call: drawing on a
 * canvas and loading the time zones cost a phone some 150 ms of its first load, and the collector
 * about to run does both anyway.
 */
export function quickFingerprint(): string {
  return visitorIdOf(plainTraits());
}

let local: string | null = null;

/** The locally computed fingerprint (computed once). */
export function localFingerprint(): string {
  local ??= computeLocalFingerprint().visitorId;
  return local;
}

/** Whether the fingerprint is being determined (and not known yet). */
export function isFingerprintPending(): boolean {
  return pending && !getFingerprint();
}

/** The fingerprint is being determined: calls wait for it (the app's start sets this). */
export function markFingerprintPending(): void {
  if (!getFingerprint()) pending = true;
}

/**
 * The fingerprint as soon as it is known: at once when it is; while it is pending, when the
 * fingerprint feature sets it, else after `timeoutMs` the locally computed one (then kept);
 * when nothing determines it, the locally computed one at once.
 */
export function whenFingerprint(timeoutMs = FINGERPRINT_WAIT_MS): Promise<string> {
  const known = getFingerprint();
  if (known) return Promise.resolve(known);
  if (!pending) return Promise.resolve(localFingerprint());
  return new Promise((resolve) => {
    const done = (value: string) => {
      window.clearTimeout(timer);
      waiters.delete(done);
      resolve(value);
    };
    waiters.add(done);
    const timer = window.setTimeout(() => {
      if (waiters.has(done)) setFingerprint(getFingerprint() ?? localFingerprint());
    }, timeoutMs);
  });
}

/** Forgets the in-memory copy (tests). */
export function resetFingerprintMemory(): void {
  memory = null;
  pending = false;
  local = null;
}
