/** Shared SVG gradients of the symbol art (ids prefixed `g-`, defined once in the sprite). */

const linear = (id: string, stops: [number, string][], x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops
    .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;

const radial = (id: string, stops: [number, string][], cx = 0.35, cy = 0.3) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="0.75">${stops
    .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
    .join('')}</radialGradient>`;

export const DEFS = [
  linear('g-gold', [
    [0, '#fff6c4'],
    [0.45, '#ffc83d'],
    [1, '#b86b00'],
  ]),
  linear(
    'g-gold-h',
    [
      [0, '#b86b00'],
      [0.5, '#ffe08a'],
      [1, '#b86b00'],
    ],
    1,
    0,
  ),
  linear('g-red', [
    [0, '#ff9aa4'],
    [0.45, '#e8213f'],
    [1, '#7d0718'],
  ]),
  linear('g-green', [
    [0, '#a9f5bc'],
    [0.5, '#27b35b'],
    [1, '#0a5a2b'],
  ]),
  linear('g-blue', [
    [0, '#bfe3ff'],
    [0.5, '#3a8cf0'],
    [1, '#113a80'],
  ]),
  linear('g-purple', [
    [0, '#efd0ff'],
    [0.5, '#a356e8'],
    [1, '#4b168a'],
  ]),
  linear('g-silver', [
    [0, '#ffffff'],
    [0.5, '#c8d3df'],
    [1, '#6c7d8f'],
  ]),
  linear(
    'g-silver-h',
    [
      [0, '#7d8ea0'],
      [0.5, '#ffffff'],
      [1, '#8fa0b2'],
    ],
    1,
    0,
  ),
  linear('g-orange', [
    [0, '#ffe2a8'],
    [0.5, '#ff9a1f'],
    [1, '#b34e00'],
  ]),
  linear('g-yellow', [
    [0, '#fffbd0'],
    [0.5, '#ffe23a'],
    [1, '#c99a00'],
  ]),
  linear('g-brown', [
    [0, '#f2bf7a'],
    [0.5, '#c77a2c'],
    [1, '#7a3f0c'],
  ]),
  linear('g-tea', [
    [0, '#ff7a3d'],
    [1, '#8a1405'],
  ]),
  linear('g-cream', [
    [0, '#ffffff'],
    [0.6, '#f3e7cf'],
    [1, '#c9b48c'],
  ]),
  linear(
    'g-stone',
    [
      [0, '#e8dcc8'],
      [0.5, '#b9a283'],
      [1, '#6f5a3e'],
    ],
    1,
    0,
  ),
  linear('g-sky', [
    [0, '#0b1a3d'],
    [1, '#2a3f7a'],
  ]),
  linear('g-water', [
    [0, '#3aa0ff'],
    [1, '#0c3c7a'],
  ]),
  linear('g-melon', [
    [0, '#ff7b8a'],
    [1, '#d6193a'],
  ]),
  linear(
    'g-rainbow',
    [
      [0, '#ff5c6c'],
      [0.25, '#ffb020'],
      [0.5, '#1fd17a'],
      [0.75, '#3aa0ff'],
      [1, '#a356e8'],
    ],
    1,
    1,
  ),
  // Cappadocia: tuff rock, basalt caps, Avanos clay and the dawn sky.
  linear(
    'g-tuff',
    [
      [0, '#f6e3c3'],
      [0.45, '#e2bb88'],
      [1, '#9c6a3c'],
    ],
    1,
    0,
  ),
  linear('g-basalt', [
    [0, '#8a7a70'],
    [1, '#3a2c26'],
  ]),
  linear('g-clay', [
    [0, '#ffb385'],
    [0.45, '#d9622b'],
    [1, '#7a2c0c'],
  ]),
  linear(
    'g-clay-h',
    [
      [0, '#8a3410'],
      [0.4, '#f08a52'],
      [1, '#7a2c0c'],
    ],
    1,
    0,
  ),
  linear('g-dawn', [
    [0, '#3b1d5c'],
    [0.5, '#c2466e'],
    [1, '#ffb45c'],
  ]),
  linear('g-horse', [
    [0, '#c98a52'],
    [0.5, '#8a4f22'],
    [1, '#4a2408'],
  ]),
  radial(
    'r-sun',
    [
      [0, '#fffbe0'],
      [0.45, '#ffd23f'],
      [1, '#ff7a1f'],
    ],
    0.5,
    0.6,
  ),
  radial('r-ruby', [
    [0, '#ffd0d6'],
    [0.4, '#ff2d55'],
    [1, '#6a0014'],
  ]),
  radial('r-emerald', [
    [0, '#d8ffe6'],
    [0.4, '#18c964'],
    [1, '#03461f'],
  ]),
  radial('r-sapphire', [
    [0, '#d9ecff'],
    [0.4, '#2b7bff'],
    [1, '#0a2266'],
  ]),
  radial(
    'r-moon',
    [
      [0, '#fffbe0'],
      [0.6, '#ffe68a'],
      [1, '#d6a53a'],
    ],
    0.4,
    0.35,
  ),
  radial(
    'r-glow',
    [
      [0, 'rgba(255,220,120,0.95)'],
      [0.5, 'rgba(255,176,32,0.35)'],
      [1, 'rgba(255,176,32,0)'],
    ],
    0.5,
    0.5,
  ),
  radial(
    'r-glow-blue',
    [
      [0, 'rgba(150,210,255,0.9)'],
      [0.5, 'rgba(58,160,255,0.3)'],
      [1, 'rgba(58,160,255,0)'],
    ],
    0.5,
    0.5,
  ),
  radial('r-cherry', [
    [0, '#ffb3bd'],
    [0.35, '#e8112d'],
    [1, '#5c0010'],
  ]),
  radial('r-grape', [
    [0, '#e7c4ff'],
    [0.4, '#8a2be2'],
    [1, '#2e0557'],
  ]),
  radial('r-lemon', [
    [0, '#fffde0'],
    [0.45, '#ffe11a'],
    [1, '#c48a00'],
  ]),
  radial('r-fig', [
    [0, '#d9a3d6'],
    [0.45, '#7a2a72'],
    [1, '#2c0a2a'],
  ]),
].join('');

/** Points of a star centred on (cx, cy): `n` tips at radius r1, the inner corners at r2. */
export function star(cx: number, cy: number, r1: number, r2: number, n = 5, turn = -90): string {
  const pts: string[] = [];
  for (let i = 0; i < n * 2; i++) {
    const r = i % 2 === 0 ? r1 : r2;
    const a = ((turn + (i * 180) / n) * Math.PI) / 180;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}
