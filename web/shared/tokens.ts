/**
 * The design tokens' colours (shared/tokens.css) for what script draws itself: a canvas, an SVG
 * built in code, the confetti, a page's `theme-color`. CSS reads the custom properties instead;
 * tokens.test.ts keeps the two the same.
 */
export const colours = {
  surfacePage: '#0e1621',
  surfaceRaised: '#15212f',
  surfaceCard: '#1b2a3b',
  line: '#26374a',
  textPrimary: '#eef3f8',
  textSecondary: '#9fb1c4',
  textMuted: '#8799ad',
  accent: '#1fd17a',
  accentHover: '#37e08c',
  accentInk: '#06220f',
  gold: '#ffb020',
  goldInk: '#2b1c00',
  danger: '#ff5c6c',
  info: '#3aa0ff',
} as const;
