/**
 * A tiny element builder (attributes, properties and children, no HTML strings), icons, icon
 * buttons and tables of texts.
 */

type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (name === 'class') el.className = String(value);
    else if (name === 'text') el.textContent = String(value);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

export function append(el: Element, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child);
  }
}

/** A cell of a table of texts: its text, or its text and class. */
export type TextCell = string | { text: string; class: string };

/** A table of texts: a header row of `head` (none when it is empty), then a row of each of `rows`. */
export function textTable(cls: string, head: string[], rows: TextCell[][]): HTMLTableElement {
  const table = h('table', { class: cls });
  if (head.length > 0)
    table.append(h('thead', {}, h('tr', {}, ...head.map((text) => h('th', { text })))));
  const body = h('tbody');
  for (const row of rows)
    body.append(
      h(
        'tr',
        {},
        ...row.map((c) =>
          typeof c === 'string' ? h('td', { text: c }) : h('td', { class: c.class, text: c.text }),
        ),
      ),
    );
  table.append(body);
  return table;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An icon (24 × 24, stroked with currentColor) from path data. */
export function icon(paths: string[], className = 'icon'): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', className);
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  for (const d of paths) {
    const path = document.createElementNS(SVG_NS, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  return svg;
}

/** A button showing an icon, its label for screen readers and as its tooltip. */
export function iconButton(
  cls: string,
  paths: string[],
  label: string,
  onClick: () => void,
): HTMLButtonElement {
  const b = h('button', { class: cls, type: 'button', 'aria-label': label, title: label });
  b.append(icon(paths));
  b.addEventListener('click', onClick);
  return b;
}

export const ICONS = {
  info: ['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20Z', 'M12 16v-5', 'M12 8h.01'],
  shield: ['M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10Z', 'm9 12 2 2 4-4'],
  soundOn: ['M11 5 6 9H2v6h4l5 4V5Z', 'M15.5 8.5a5 5 0 0 1 0 7', 'M19 5a10 10 0 0 1 0 14'],
  soundOff: ['M11 5 6 9H2v6h4l5 4V5Z', 'm22 9-6 6', 'm16 9 6 6'],
  minus: ['M5 12h14'],
  plus: ['M12 5v14', 'M5 12h14'],
  auto: ['M21 12a9 9 0 1 1-3-6.7L21 8', 'M21 3v5h-5'],
  stop: ['M7 7h10v10H7z'],
  close: ['M18 6 6 18', 'm6 6 12 12'],
  spin: ['M21 12a9 9 0 1 1-3-6.7L21 8', 'M21 3v5h-5'],
};
