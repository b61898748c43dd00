/**
 * The symbol sprite: one hidden <svg> holding the gradients and a <symbol> per slot symbol
 * (`sym-{id}`), which every reel cell shows with <use>. The art is chosen by the symbol's key in
 * the slot's theme, then the royals, then by kind (wild/scatter), then a lettered fallback.
 */
import type { SlotSymbol } from '../types';
import { DEFS } from './defs';
import { COMMON_ART, THEME_ART, fallbackArt, type Labels } from './symbols';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Keys compared without case, spaces or punctuation ('Tea glass' → 'teaglass'). */
export function normalKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The art family of a slot's theme (or code): 'sultan', 'bosphorus', 'fruits' or 'cappadocia'. */
export function themeOf(theme: string, code = ''): string {
  const text = `${theme} ${code}`.toLowerCase();
  if (/sultan|palace|ottoman|saray/.test(text)) return 'sultan';
  if (/cappadoc|kapadok|goreme|göreme/.test(text)) return 'cappadocia';
  if (/bosph|bogaz|boğaz|istanbul|night|gece/.test(text)) return 'bosphorus';
  if (/fruit|meyve|anatol/.test(text)) return 'fruits';
  return 'sultan';
}

export function artFor(symbol: SlotSymbol, theme: string, labels: Labels): string {
  const art = THEME_ART[theme] ?? THEME_ART.sultan;
  // The wild and the scatter always get the theme's badged art, so they stand out.
  if (symbol.kind === 'wild') return art.wild(labels);
  if (symbol.kind === 'scatter') return art.scatter(labels);
  const keys = [symbol.key, symbol.name?.en ?? ''].map(normalKey).filter(Boolean);
  for (const key of keys) {
    const draw = art[key] ?? COMMON_ART[key];
    if (draw) return draw(labels);
  }
  // A key with a theme prefix or suffix ('sultan-tulip', 'tulip_symbol').
  for (const key of keys) {
    const found = Object.keys(art).find((k) => k.length > 2 && key.includes(k));
    if (found) return art[found](labels);
  }
  return fallbackArt(symbol.name?.en || symbol.key)(labels);
}

/** What the sprite needs of a slot (the line slot's SlotInfo and the ways slot's WaysInfo alike). */
export interface SpriteInfo {
  theme: string;
  code: string;
  symbols: SlotSymbol[];
}

/** Builds (or rebuilds) the sprite for a slot and adds it to the document. */
export function installSprite(info: SpriteInfo, labels: Labels): void {
  document.getElementById('slot-sprite')?.remove();
  const theme = themeOf(info.theme, info.code);
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.id = 'slot-sprite';
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('width', '0');
  svg.setAttribute('height', '0');
  svg.setAttribute('class', 'sprite');
  const symbols = info.symbols
    .map(
      (s) =>
        `<symbol id="sym-${s.id}" viewBox="0 0 100 100" overflow="visible">${artFor(s, theme, labels)}</symbol>`,
    )
    .join('');
  svg.innerHTML = `<defs>${DEFS}</defs>${symbols}`;
  document.body.prepend(svg);
}

/** An <svg> showing symbol `id` from the sprite. */
export function symbolSvg(id: number, className = 'sym'): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('class', className);
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const use = document.createElementNS(SVG_NS, 'use');
  use.setAttribute('href', `#sym-${id}`);
  svg.append(use);
  return svg;
}
