/**
 * The flight graph on a canvas: the multiplier curve (time across, multiplier up, scales growing
 * with the flight), the area under it, the plane at its tip tilted along it, and the plane flying
 * off when the round crashes. Without motion (prefers-reduced-motion) the plane does not bob and,
 * at the crash, simply disappears.
 */
import { colours } from '@shared/tokens';

export interface GraphFrame {
  phase: 'betting' | 'running' | 'crashed';
  /** ms of flight drawn. */
  elapsed: number;
  /** The multiplier the curve reaches. */
  multiplier: number;
  growth: number;
  /** ms since the crash (crashed only). */
  sinceCrash: number;
  reduced: boolean;
  /** ms, for the plane's bob. */
  clock: number;
}

// A side view of a small propeller plane facing right, 64 × 32 units, nose at x = 64.
const BODY =
  'M4 16 C8 11 18 10 34 10 L52 11 C58 12 62 14 62 17 C62 20 58 22 52 22 L18 22 C10 22 5 20 4 16 Z';
const TAIL = 'M4 16 L1 3 L9 3 L16 12 Z';
const WING = 'M24 17 L44 17 L36 29 L30 29 Z';
const WINDOW = 'M44 13 L52 13.5 C54 14 55 15 55 16 L44 16 Z';
const PROP = 'M62 5 C64 5 65 9 64 16 C65 23 64 27 62 27 C61 23 61 9 62 5 Z';

export class Graph {
  readonly canvas: HTMLCanvasElement;
  private ctx: CanvasRenderingContext2D | null;
  private width = 0;
  private height = 0;
  private dpr = 1;
  private paths: Record<'body' | 'tail' | 'wing' | 'window' | 'prop', Path2D> | null = null;

  constructor(container: HTMLElement) {
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'cgraph';
    this.canvas.setAttribute('aria-hidden', 'true');
    container.append(this.canvas);
    this.ctx = this.canvas.getContext('2d');
    if (typeof Path2D !== 'undefined')
      this.paths = {
        body: new Path2D(BODY),
        tail: new Path2D(TAIL),
        wing: new Path2D(WING),
        window: new Path2D(WINDOW),
        prop: new Path2D(PROP),
      };
    const resize = () => this.resize();
    if (typeof ResizeObserver !== 'undefined') new ResizeObserver(resize).observe(container);
    else addEventListener('resize', resize);
    resize();
  }

  private resize() {
    const rect = this.canvas.getBoundingClientRect();
    this.dpr = Math.min(2, globalThis.devicePixelRatio || 1);
    this.width = Math.max(1, Math.round(rect.width));
    this.height = Math.max(1, Math.round(rect.height));
    this.canvas.width = Math.round(this.width * this.dpr);
    this.canvas.height = Math.round(this.height * this.dpr);
  }

  draw(f: GraphFrame) {
    const ctx = this.ctx;
    if (!ctx) return;
    const W = this.width;
    const H = this.height;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, W, H);
    const small = W < 480;
    // Scales: at least 10 s and 2x, growing ahead of the flight.
    const tMax = Math.max(10_000, f.elapsed * 1.2);
    const mMax = Math.max(2, 1 + (f.multiplier - 1) * 1.25);
    const yMarks = niceSteps(1, mMax, small ? 4 : 5);
    const marks = yMarks[0] === 1 ? yMarks : [1, ...yMarks];
    ctx.font = `600 ${small ? 10 : 11}px system-ui, sans-serif`;
    // Room for the widest multiplier label.
    const left =
      Math.ceil(Math.max(...marks.map((m) => ctx.measureText(`${trim(m)}x`).width))) + 12;
    const bottom = 24;
    const top = 16;
    const right = small ? 14 : 24;
    const plotW = Math.max(10, W - left - right);
    const plotH = Math.max(10, H - top - bottom);
    const x = (t: number) => left + (t / tMax) * plotW;
    const y = (m: number) => top + plotH - ((m - 1) / (mMax - 1)) * plotH;

    // Grid and labels.
    ctx.fillStyle = colours.textMuted;
    ctx.strokeStyle = 'rgba(159, 177, 196, 0.12)';
    ctx.lineWidth = 1;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'right';
    for (const m of marks) {
      const yy = Math.round(y(m)) + 0.5;
      ctx.beginPath();
      ctx.moveTo(left, yy);
      ctx.lineTo(W - right, yy);
      ctx.stroke();
      ctx.fillText(`${trim(m)}x`, left - 6, yy);
    }
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (const s of niceSteps(0, tMax / 1000, small ? 4 : 6)) {
      const xx = Math.round(x(s * 1000)) + 0.5;
      ctx.beginPath();
      ctx.moveTo(xx, top);
      ctx.lineTo(xx, top + plotH);
      ctx.stroke();
      ctx.fillText(`${trim(s)}s`, xx, top + plotH + 6);
    }

    if (f.phase === 'betting') {
      const scale = small ? 0.85 : 1.25;
      this.plane(ctx, left + 58 * scale, top + plotH - 10 * scale, -0.08, scale, 1);
      return;
    }

    // The curve (continuous between its points; the multiplier shown is the floored one).
    const steps = Math.max(24, Math.round(plotW / 6));
    const pts: [number, number][] = [];
    for (let i = 0; i <= steps; i++) {
      const t = (f.elapsed * i) / steps;
      pts.push([x(t), y(Math.min(Math.exp(f.growth * t), f.multiplier + 0.0099))]);
    }
    const crashed = f.phase === 'crashed';
    const colour = crashed ? colours.textMuted : colours.danger;
    const area = ctx.createLinearGradient(0, top, 0, top + plotH);
    area.addColorStop(0, crashed ? 'rgba(135, 153, 173, 0.25)' : 'rgba(255, 92, 108, 0.45)');
    area.addColorStop(1, crashed ? 'rgba(135, 153, 173, 0.02)' : 'rgba(255, 92, 108, 0.04)');
    ctx.beginPath();
    ctx.moveTo(pts[0][0], top + plotH);
    for (const [px, py] of pts) ctx.lineTo(px, py);
    ctx.lineTo(pts[pts.length - 1][0], top + plotH);
    ctx.closePath();
    ctx.fillStyle = area;
    ctx.fill();
    ctx.beginPath();
    pts.forEach(([px, py], i) => (i === 0 ? ctx.moveTo(px, py) : ctx.lineTo(px, py)));
    ctx.strokeStyle = colour;
    ctx.lineWidth = small ? 3 : 4;
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    ctx.stroke();

    // The plane at the tip, tilted along the curve; flying off after the crash.
    const [tx, ty] = pts[pts.length - 1];
    const [px, py] = pts[Math.max(0, pts.length - 4)];
    let angle = Math.atan2(ty - py, tx - px);
    if (!Number.isFinite(angle) || (tx === px && ty === py)) angle = -0.1;
    angle = Math.max(-1.1, Math.min(0, angle));
    const scale = small ? 0.85 : 1.25;
    // The plane stays whole inside the plot at take-off (its tail would stick out behind the axis).
    const ax = Math.max(tx, left + 58 * scale);
    const ay = Math.min(ty, top + plotH - 10 * scale);
    if (!crashed) {
      const bob = f.reduced ? 0 : Math.sin(f.clock / 260) * 2;
      this.plane(ctx, ax, ay + bob, angle, scale, 1);
    } else if (!f.reduced && f.sinceCrash < 900) {
      const u = f.sinceCrash / 900;
      const ease = u * u;
      this.plane(
        ctx,
        ax + ease * W * 0.7,
        ay - ease * H * 0.9,
        angle - 0.35 * u,
        scale,
        1 - u * 0.6,
      );
    }
  }

  /** The plane with its tail at (x, y)'s left: the nose sits on the point. */
  private plane(
    ctx: CanvasRenderingContext2D,
    x: number,
    y: number,
    angle: number,
    scale: number,
    alpha: number,
  ) {
    const p = this.paths;
    ctx.save();
    ctx.globalAlpha = alpha;
    ctx.translate(x, y);
    ctx.rotate(angle);
    ctx.scale(scale, scale);
    ctx.translate(-60, -20);
    if (p) {
      ctx.fillStyle = '#d0283c';
      ctx.fill(p.tail);
      ctx.fillStyle = colours.danger;
      ctx.fill(p.body);
      ctx.fillStyle = '#a51d2d';
      ctx.fill(p.wing);
      ctx.fillStyle = '#cfe6ff';
      ctx.fill(p.window);
      ctx.fillStyle = 'rgba(238, 243, 248, 0.75)';
      ctx.fill(p.prop);
    } else {
      ctx.fillStyle = colours.danger;
      ctx.fillRect(4, 10, 58, 12);
    }
    ctx.restore();
  }
}

/** Round steps (1, 2, 2.5, 5 × 10^k) from `from` up to `to`, about `count` of them. */
export function niceSteps(from: number, to: number, count: number): number[] {
  const span = to - from;
  if (!(span > 0)) return [from];
  const raw = span / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((k) => k * mag).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.ceil(from / step) * step; v <= to + 1e-9; v += step)
    out.push(Math.round(v * 1000) / 1000);
  return out;
}

function trim(v: number): string {
  return String(Math.round(v * 100) / 100);
}
