import { describe, expect, it } from 'vitest';
import { backoff } from './feed';
import {
  mainAction,
  Clock,
  IDLE,
  TICK_MS,
  crashPointFromBits,
  crashPointOf,
  first52Bits,
  formatLimitX,
  formatX,
  multiplierAt,
  panelReduce,
  parseAmount,
  parseTarget,
  previousHash,
  secondsLeft,
  shownElapsed,
  stepAmount,
  tierOf,
  timeFor,
  winOf,
  type PanelEvent,
  type PanelState,
} from './logic';

const G = 0.00006;

describe('the multiplier curve', () => {
  it('is floor(100 e^(growth ms)) / 100 from 1.00', () => {
    expect(multiplierAt(0, G)).toBe(1);
    expect(multiplierAt(-50, G)).toBe(1);
    expect(multiplierAt(100, G)).toBe(1);
    // e^(0.00006 × 10000) = e^0.6 = 1.8221…
    expect(multiplierAt(10_000, G)).toBe(1.82);
    // ln 2 / 0.00006 = 11552.45… ms
    expect(multiplierAt(11_552, G)).toBe(1.99);
    expect(multiplierAt(11_553, G)).toBe(2);
    // e^(0.00006 × 60000) = e^3.6 = 36.598…
    expect(multiplierAt(60_000, G)).toBe(36.59);
  });

  it('gives the first millisecond a multiplier is reached', () => {
    expect(timeFor(1, G)).toBe(0);
    expect(timeFor(2, G)).toBe(11_553);
    for (const m of [1.01, 1.2, 1.5, 2.41, 3.33, 10, 100, 1234.56, 10_000]) {
      const ms = timeFor(m, G);
      expect(multiplierAt(ms, G)).toBeGreaterThanOrEqual(m);
      expect(multiplierAt(ms - 1, G)).toBeLessThan(m);
      // Independently: ln(m) / growth, within a millisecond.
      expect(Math.abs(ms - Math.log(m) / G)).toBeLessThanOrEqual(1);
    }
  });

  it('pays floor(amount × multiplier) in kurus', () => {
    expect(winOf(100, 2.41)).toBe(241);
    expect(winOf(333, 1.01)).toBe(336);
    expect(winOf(1000, 1.07)).toBe(1070);
    expect(winOf(100_000, 10_000)).toBe(1_000_000_000);
  });
});

// An independent SHA-256 and HMAC (FIPS 180-4, RFC 2104) in plain TypeScript, to check the game's
// Web Crypto path against.
const K = Array.from({ length: 64 }, (_, i) => {
  const primes: number[] = [];
  for (let n = 2; primes.length < 64; n++) if (primes.every((p) => n % p)) primes.push(n);
  return Math.floor((Math.cbrt(primes[i]) % 1) * 2 ** 32) >>> 0;
});

function sha256(data: Uint8Array): Uint8Array {
  const primes: number[] = [];
  for (let n = 2; primes.length < 8; n++) if (primes.every((p) => n % p)) primes.push(n);
  const H = primes.map((p) => Math.floor((Math.sqrt(p) % 1) * 2 ** 32) >>> 0);
  const length = data.length;
  const padded = new Uint8Array(Math.ceil((length + 9) / 64) * 64);
  padded.set(data);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 4, (length * 8) >>> 0);
  view.setUint32(padded.length - 8, Math.floor((length * 8) / 2 ** 32));
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  const w = new Array<number>(64);
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, h] = H;
    for (let i = 0; i < 64; i++) {
      const t1 =
        (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      [h, g, f, e, d, c, b, a] = [g, f, e, (d + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
    }
    [a, b, c, d, e, f, g, h].forEach((v, i) => (H[i] = (H[i] + v) >>> 0));
  }
  const out = new Uint8Array(32);
  const ov = new DataView(out.buffer);
  H.forEach((v, i) => ov.setUint32(i * 4, v));
  return out;
}

const utf8 = (s: string) => new TextEncoder().encode(s);
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const unhex = (s: string) => new Uint8Array(s.match(/../g)!.map((x) => parseInt(x, 16)));

function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const block = new Uint8Array(64);
  block.set(key.length > 64 ? sha256(key) : key);
  const inner = new Uint8Array(64 + message.length);
  const outer = new Uint8Array(64 + 32);
  for (let i = 0; i < 64; i++) {
    inner[i] = block[i] ^ 0x36;
    outer[i] = block[i] ^ 0x5c;
  }
  inner.set(message, 64);
  outer.set(sha256(inner), 64);
  return sha256(outer);
}

/** The crash point as the contract writes it, with the pure SHA-256 above (for comparison). */
function reference(hash: string): number {
  const mac = hex(hmacSha256(utf8(hash.toLowerCase()), utf8('kasa-aviator')));
  const h = BigInt(`0x${mac.slice(0, 13)}`);
  const e = 2n ** 52n;
  const hundredths = Number((97n * e) / (e - h));
  return Math.min(10_000, Math.max(1, hundredths / 100));
}

describe('the reference SHA-256 of this test', () => {
  it('meets the standard vectors', () => {
    expect(hex(sha256(utf8('')))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(hex(sha256(utf8('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    // RFC 4231 test case 2.
    expect(hex(hmacSha256(utf8('Jefe'), utf8('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });
});

describe('the crash point of a round hash', () => {
  it('follows max(1, floor(97 × 2^52 / (2^52 − h)) / 100) on chosen bits', () => {
    const e = 2n ** 52n;
    expect(crashPointFromBits(0n)).toBe(1);
    // Half the range: 97 × 2 = 194.
    expect(crashPointFromBits(e / 2n)).toBe(1.94);
    // 2^52 − h = 2^52 / 100 → 97 × 100 = 9700.
    expect(crashPointFromBits(e - e / 100n)).toBe(97);
    // Beyond 10,000x: capped.
    expect(crashPointFromBits(e - 1n)).toBe(10_000);
    // 3 % of the rounds end at once (h below 3 % of the range).
    expect(crashPointFromBits((e * 3n) / 100n - 1n)).toBe(1);
    expect(crashPointFromBits((e * 3n) / 100n + 1n)).toBe(1);
    expect(crashPointFromBits((e * 4n) / 100n)).toBe(1.01);
    expect(() => crashPointFromBits(e)).toThrow();
  });

  it('takes the first 13 hex digits as the 52 bits', () => {
    expect(first52Bits('fffffffffffff0000')).toBe(2n ** 52n - 1n);
    expect(first52Bits('8000000000000abcdef')).toBe(2n ** 51n);
  });

  it('computes HMAC-SHA256(key = hash hex, "kasa-aviator") in the browser as Node does', async () => {
    const hashes = [
      'a3c1f0e2b4d6978877665544332211ffeeddccbbaa99887766554433221100ff',
      hex(sha256(utf8('round 1'))),
      hex(sha256(utf8('round 2'))),
      hex(sha256(utf8('round 3'))),
    ];
    for (const hash of hashes) {
      const point = await crashPointOf(hash);
      expect(point).toBe(reference(hash));
      expect(point).toBeGreaterThanOrEqual(1);
    }
    // Upper case is the same hash.
    expect(await crashPointOf(hashes[0].toUpperCase())).toBe(reference(hashes[0]));
  });

  it("steps the chain: SHA-256 of the hash's 32 bytes", async () => {
    const hash = hex(sha256(utf8('seed')));
    const expected = hex(sha256(unhex(hash)));
    expect(await previousHash(hash)).toBe(expected);
  });
});

describe('the clock offset', () => {
  it('takes the best (largest) server − local sample: travel only delays messages', () => {
    const clock = new Clock();
    expect(clock.offset).toBe(0);
    expect(clock.known).toBe(false);
    // The server is 5 s ahead; messages travel 40, 12 and 90 ms.
    const offset = 5000;
    for (const travel of [40, 12, 90]) {
      const sent = 1_000_000 + travel * 10;
      clock.sample(sent + offset, sent + travel);
    }
    expect(clock.offset).toBe(offset - 12);
    expect(clock.now(2_000_000)).toBe(2_000_000 + offset - 12);
  });

  it('works for a server behind this clock too', () => {
    const clock = new Clock();
    clock.sample(1000, 4020);
    clock.sample(2000, 5003);
    expect(clock.offset).toBe(-3003);
  });

  it('forgets old samples (a clock that jumped)', () => {
    const clock = new Clock(32, 60_000);
    clock.sample(10_500, 10_000); // +500
    clock.sample(100_000, 100_010); // −10, 90 s later
    expect(clock.offset).toBe(-10);
  });

  it('counts down whole seconds to the start', () => {
    expect(secondsLeft(10_000, 4_000)).toBe(6);
    expect(secondsLeft(10_000, 4_001)).toBe(6);
    expect(secondsLeft(10_000, 9_000)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });

  it('draws a tick behind the clock, never past the last tick', () => {
    expect(shownElapsed(10_000, 5_000, { elapsedMs: 4_900 })).toBe(4_900);
    expect(shownElapsed(10_050, 5_000, { elapsedMs: 5_000 })).toBe(5_050 - TICK_MS);
    // The next tick is late: the curve waits at the last one.
    expect(shownElapsed(12_000, 5_000, { elapsedMs: 5_000 })).toBe(5_000);
    expect(shownElapsed(4_000, 5_000, null)).toBe(0);
  });
});

describe('amounts and targets', () => {
  it('steps through 1, 2, 5, 10 … lira within the limits', () => {
    expect(stepAmount(100, 1, 100, 100_000)).toBe(200);
    expect(stepAmount(150, 1, 100, 100_000)).toBe(200);
    expect(stepAmount(150, -1, 100, 100_000)).toBe(100);
    expect(stepAmount(100, -1, 100, 100_000)).toBe(100);
    expect(stepAmount(100_000, 1, 100, 100_000)).toBe(100_000);
    expect(stepAmount(50_000, 1, 100, 100_000)).toBe(100_000);
  });

  it('reads amounts and targets in the language', () => {
    expect(parseAmount('1,50', 'tr')).toBe(150);
    expect(parseAmount('1.234,50 ₺', 'tr')).toBe(123_450);
    expect(parseAmount('₺1,234.50', 'en')).toBe(123_450);
    expect(parseAmount('10', 'en')).toBe(1000);
    expect(parseAmount('1,005', 'tr')).toBeNull();
    expect(parseAmount('abc', 'en')).toBeNull();
    expect(parseAmount('', 'en')).toBeNull();
    expect(parseTarget('2,00', 'tr')).toBe(2);
    expect(parseTarget('1.01', 'en')).toBe(1.01);
    expect(parseTarget('1', 'en')).toBeNull();
    expect(parseTarget('1.005', 'en')).toBeNull();
    expect(parseTarget('10001', 'en')).toBeNull();
    expect(parseTarget('10.000', 'tr')).toBe(10_000);
  });

  it('writes multipliers and colours them by size', () => {
    expect(formatX(2.41, 'tr')).toBe('2,41x');
    expect(formatX(2.41, 'en')).toBe('2.41x');
    expect(formatX(1234.5, 'tr')).toBe('1.234,50x');
    expect(tierOf(1.99)).toBe('low');
    expect(tierOf(2)).toBe('mid');
    expect(tierOf(10)).toBe('high');
  });

  it('reconnects after a growing, jittered wait', () => {
    expect(backoff(0, 0.5)).toBe(500);
    expect(backoff(1, 0.5)).toBe(1000);
    expect(backoff(3, 0.5)).toBe(4000);
    expect(backoff(10, 0.5)).toBe(10_000);
    expect(backoff(0, 0)).toBe(400);
    expect(backoff(0, 1)).toBe(600);
  });
});

describe("a bet panel's state machine", () => {
  const run = (events: PanelEvent[], from: PanelState = IDLE) =>
    events.reduce((s, e) => panelReduce(s, e), from);

  it('idle → placing → placed → cashing → cashed, then idle in the next round', () => {
    let s = run([{ type: 'bet', amount: 500, auto: null }]);
    expect(s).toEqual({ kind: 'placing', amount: 500, auto: null });
    s = run([{ type: 'betOk', roundId: 7, amount: 500, auto: null }], s);
    expect(s).toEqual({ kind: 'placed', roundId: 7, amount: 500, auto: null });
    s = run([{ type: 'round', roundId: 7, phase: 'running' }, { type: 'cashout' }], s);
    expect(s.kind).toBe('cashing');
    s = run([{ type: 'cashedOut', roundId: 7, cashOut: 1.5, win: 750 }], s);
    expect(s).toEqual({ kind: 'cashed', roundId: 7, amount: 500, cashOut: 1.5, win: 750 });
    // The feed repeats the cash-out, the round crashes later: still cashed.
    s = run(
      [
        { type: 'cashedOut', roundId: 7, cashOut: 1.5, win: 750 },
        { type: 'crash', roundId: 7 },
      ],
      s,
    );
    expect(s.kind).toBe('cashed');
    expect(run([{ type: 'round', roundId: 8, phase: 'betting' }], s)).toEqual(IDLE);
  });

  it('placed → lost at the crash; a refused cash-out goes back to placed first', () => {
    let s = run([
      { type: 'bet', amount: 100, auto: null },
      { type: 'betOk', roundId: 3, amount: 100, auto: null },
      { type: 'cashout' },
      { type: 'cashoutFailed' },
    ]);
    expect(s.kind).toBe('placed');
    s = run([{ type: 'crash', roundId: 3 }], s);
    expect(s).toEqual({ kind: 'lost', roundId: 3, amount: 100 });
    expect(run([{ type: 'round', roundId: 4, phase: 'betting' }], s)).toEqual(IDLE);
  });

  it("an auto cash-out on the feed settles a placed bet; another round's crash does not", () => {
    let s = run([
      { type: 'bet', amount: 200, auto: 1.01 },
      { type: 'betOk', roundId: 9, amount: 200, auto: 1.01 },
      { type: 'crash', roundId: 8 },
      { type: 'cashedOut', roundId: 8, cashOut: 2, win: 400 },
    ]);
    expect(s).toEqual({ kind: 'placed', roundId: 9, amount: 200, auto: 1.01 });
    s = run([{ type: 'cashedOut', roundId: 9, cashOut: 1.01, win: 202 }], s);
    expect(s).toEqual({ kind: 'cashed', roundId: 9, amount: 200, cashOut: 1.01, win: 202 });
  });

  it('a refused bet goes back to idle; presses out of turn change nothing', () => {
    expect(run([{ type: 'bet', amount: 100, auto: null }, { type: 'betFailed' }])).toEqual(IDLE);
    expect(run([{ type: 'cashout' }])).toEqual(IDLE);
    const placed: PanelState = { kind: 'placed', roundId: 1, amount: 100, auto: null };
    expect(run([{ type: 'bet', amount: 100, auto: null }], placed)).toBe(placed);
  });

  it('a crashed round seen as a phase loses the bet (the crash message missed)', () => {
    const placed: PanelState = { kind: 'placed', roundId: 5, amount: 100, auto: null };
    expect(run([{ type: 'round', roundId: 5, phase: 'crashed' }], placed).kind).toBe('lost');
    // A bet of an earlier round: gone with the next round.
    expect(run([{ type: 'round', roundId: 6, phase: 'running' }], placed)).toEqual(IDLE);
  });

  it('restores the bet of the current round after a reload', () => {
    const bet = { slot: 0, amount: 300, autoCashOut: 2, cashOut: null, win: null };
    expect(run([{ type: 'restore', roundId: 4, phase: 'running', bet }])).toEqual({
      kind: 'placed',
      roundId: 4,
      amount: 300,
      auto: 2,
    });
    expect(run([{ type: 'restore', roundId: 4, phase: 'crashed', bet }]).kind).toBe('lost');
    expect(
      run([
        { type: 'restore', roundId: 4, phase: 'crashed', bet: { ...bet, cashOut: 2, win: 600 } },
      ]),
    ).toEqual({ kind: 'cashed', roundId: 4, amount: 300, cashOut: 2, win: 600 });
  });
});

describe('limits', () => {
  it('writes the highest multiplier without decimals', () => {
    expect(formatLimitX(10_000, 'tr')).toBe('10.000x');
    expect(formatLimitX(10_000, 'en')).toBe('10,000x');
  });
});

describe('the main button during a flight (issue 30: a bet for the next round)', () => {
  it('bets in the betting phase, queues during a flight or after a crash, and takes a queued bet back', () => {
    expect(mainAction('idle', 'betting', false)).toBe('bet');
    expect(mainAction('idle', 'running', false)).toBe('queue');
    expect(mainAction('idle', 'crashed', false)).toBe('queue');
    expect(mainAction('cashed', 'running', false)).toBe('queue');
    expect(mainAction('lost', 'crashed', false)).toBe('queue');
    expect(mainAction('idle', 'running', true)).toBe('unqueue');
    expect(mainAction('placed', 'running', false)).toBe('cashout');
    expect(mainAction('placed', 'betting', false)).toBeNull();
    expect(mainAction('placing', 'betting', false)).toBeNull();
    expect(mainAction('cashing', 'running', false)).toBeNull();
  });
});
