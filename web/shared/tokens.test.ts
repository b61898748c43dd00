import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { colours } from './tokens';

describe('design tokens', () => {
  it("script's colours are tokens.css's custom properties", () => {
    const css = readFileSync(join(__dirname, 'tokens.css'), 'utf8');
    for (const [name, value] of Object.entries(colours)) {
      const property = `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
      expect(css, property).toContain(`${property}: ${value};`);
    }
  });
});
