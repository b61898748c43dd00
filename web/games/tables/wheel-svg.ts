/**
 * A wheel drawn in SVG (no HTML strings): `count` equal segments around the origin, segment 0
 * centred at the top, the others clockwise; the rotor turns with an SVG transform attribute. And
 * what the roulette and the Lucky Wheel do with theirs between rounds (TurningWheel).
 */
import { colours } from '@shared/tokens';
import { h } from '../kit/dom';
import { easeOut, landingRotation } from './wheel-logic';

const NS = 'http://www.w3.org/2000/svg';

export interface Segment {
  fill: string;
  label: string;
  /** The label's colour. */
  ink?: string;
}

function el<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

function point(r: number, deg: number): [number, number] {
  const a = ((deg - 90) * Math.PI) / 180;
  return [r * Math.cos(a), r * Math.sin(a)];
}

export interface WheelDrawing {
  svg: SVGSVGElement;
  rotor: SVGGElement;
  /** Drawn over the rotor, not turning (the pointer, the ball track…). */
  overlay: SVGGElement;
  /** The segment paths, by index. */
  paths: SVGPathElement[];
}

/** The wheel: outer radius 100, labels between `inner` and the rim. */
export function drawWheel(
  segments: Segment[],
  { inner = 40, labelRadius = 82, fontSize = 9, className = 'wheel' } = {},
): WheelDrawing {
  const svg = el('svg', { viewBox: '-110 -110 220 220', class: className });
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const rotor = el('g', {});
  const size = 360 / segments.length;
  const paths: SVGPathElement[] = [];
  rotor.append(el('circle', { r: 104, fill: '#3a2a12', stroke: colours.gold, 'stroke-width': 3 }));
  segments.forEach((s, i) => {
    const a0 = i * size - size / 2;
    const a1 = a0 + size;
    const [x0, y0] = point(100, a0);
    const [x1, y1] = point(100, a1);
    const [x2, y2] = point(inner, a1);
    const [x3, y3] = point(inner, a0);
    const d = `M${x0.toFixed(2)} ${y0.toFixed(2)}A100 100 0 0 1 ${x1.toFixed(2)} ${y1.toFixed(2)}L${x2.toFixed(2)} ${y2.toFixed(2)}A${inner} ${inner} 0 0 0 ${x3.toFixed(2)} ${y3.toFixed(2)}Z`;
    const path = el('path', { d, fill: s.fill, stroke: colours.surfacePage, 'stroke-width': 0.8 });
    paths.push(path);
    rotor.append(path);
    const [tx, ty] = point(labelRadius, i * size);
    const text = el('text', {
      x: tx.toFixed(2),
      y: ty.toFixed(2),
      'font-size': fontSize,
      'font-weight': 800,
      fill: s.ink ?? '#fff',
      'text-anchor': 'middle',
      'dominant-baseline': 'central',
      transform: `rotate(${(i * size).toFixed(2)} ${tx.toFixed(2)} ${ty.toFixed(2)})`,
    });
    text.textContent = s.label;
    rotor.append(text);
  });
  rotor.append(
    el('circle', {
      r: inner,
      fill: colours.surfaceRaised,
      stroke: colours.gold,
      'stroke-width': 2,
    }),
  );
  const overlay = el('g', {});
  svg.append(rotor, overlay);
  return { svg, rotor, overlay, paths };
}

/** The pointer at the top of a wheel. */
export function pointer(): SVGPathElement {
  return el('path', {
    d: 'M-9 -111L9 -111L0 -92Z',
    fill: '#ffd36b',
    stroke: '#2b1c00',
    'stroke-width': 1.5,
  });
}

/** A circle (a ball, a hub…). */
export function circle(attrs: Record<string, string | number>): SVGCircleElement {
  return el('circle', attrs);
}

/** An SVG text. */
export function svgText(attrs: Record<string, string | number>, text: string): SVGTextElement {
  const t = el('text', attrs);
  t.textContent = text;
  return t;
}

/** Turns a group to `deg` (clockwise). */
export function rotate(group: SVGGElement, deg: number) {
  group.setAttribute('transform', `rotate(${deg.toFixed(3)})`);
}

/**
 * Runs `frame(u)` (u eased from 0 to 1) for `ms`; resolves at the end, or at once when `skip()`
 * says so (then frame(1)).
 */
export function animate(ms: number, frame: (u: number) => void, skip: () => boolean) {
  return new Promise<void>((resolve) => {
    if (ms <= 0) {
      frame(1);
      resolve();
      return;
    }
    const t0 = performance.now();
    const step = (now: number) => {
      const u = skip() ? 1 : Math.min(1, (now - t0) / ms);
      frame(easeOut(u));
      if (u < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}

/**
 * A wheel between rounds (the roulette's and the Lucky Wheel's): its rotor's angle, a skip asked
 * for while it turns, and the last results beside it (newest first, 12 at most) as pills.
 */
export class TurningWheel<R> {
  private rotation = 0;
  /** Set while the wheel turns: it lands at once. */
  skip = false;
  private readonly historyEl = h('ol', { class: 'rl-history' });
  private history: R[] = [];

  constructor(
    private readonly rotor: SVGGElement,
    private readonly pill: (result: R) => HTMLElement,
  ) {}

  /**
   * Turns the rotor in `ms` (0: at once) onto segment `index` of `count` under the pointer, after
   * `turns` whole turns and a little off the segment's middle (up to `spread` of it either way, at
   * random); `alongside(u)` moves something else with it (the roulette's ball).
   */
  async turnTo(
    index: number,
    count: number,
    turns: number,
    spread: number,
    ms: number,
    alongside?: (u: number) => void,
  ): Promise<void> {
    const from = this.rotation % 360;
    const to = landingRotation(from, index, count, turns, (Math.random() - 0.5) * spread);
    await animate(
      ms,
      (u) => {
        this.rotation = from + (to - from) * u;
        rotate(this.rotor, this.rotation);
        alongside?.(u);
      },
      () => this.skip,
    );
    this.rotation = to;
  }

  /** The last results under their title. */
  historySection(title: string): HTMLElement {
    return h(
      'section',
      { class: 'rl-last', 'aria-label': title },
      h('h2', { class: 'rl-last__title', text: title }),
      this.historyEl,
    );
  }

  /** Adds a round's result to the last results (none: draws them as they are). */
  addResult(result?: R) {
    if (result !== undefined) this.history = [result, ...this.history].slice(0, 12);
    const items = this.history.map(this.pill);
    if (items.length === 0) items.push(h('li', { class: 'rl-pill rl-pill--empty', text: '–' }));
    this.historyEl.replaceChildren(...items);
  }
}
