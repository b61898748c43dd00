import { describe, expect, it } from 'vitest';
import type { SelectionOf } from './texts';
import { selectionName, texts } from './texts';

const tr = texts('tr');
const en = texts('en');
const of = (market: string, line: number | null = null, lang: 'tr' | 'en' = 'tr'): SelectionOf => ({
  lang,
  market,
  line,
  home: 'Galatasaray',
  away: 'Fenerbahçe',
});

describe('a selection’s name', () => {
  it('alone is the short label the price buttons show', () => {
    expect(selectionName(tr, '1')).toBe('1');
    expect(selectionName(tr, 'X')).toBe('X');
    expect(selectionName(tr, 'over')).toBe('Üst');
    expect(selectionName(en, 'yes')).toBe('Yes');
    expect(selectionName(tr, '2-1')).toBe('2-1');
  });

  it('of a match result is the home side, the draw or the away side', () => {
    expect(selectionName(tr, '1', of('1x2'))).toBe('Galatasaray');
    expect(selectionName(tr, 'X', of('1x2'))).toBe('Beraberlik');
    expect(selectionName(tr, '2', of('1x2'))).toBe('Fenerbahçe');
    expect(selectionName(en, 'X', of('1x2', null, 'en'))).toBe('Draw');
    expect(selectionName(en, '2', of('winner', null, 'en'))).toBe('Fenerbahçe');
  });

  it('of a handicap is the side with its line', () => {
    expect(selectionName(tr, '1', of('handicap_-1', -1))).toBe('Galatasaray (-1)');
    expect(selectionName(tr, '2', of('handicap_-1', null))).toBe('Fenerbahçe (+1)');
    expect(selectionName(tr, 'X', of('handicap_-1', -1))).toBe('Beraberlik');
    expect(selectionName(tr, '1', of('set_handicap', -1.5))).toBe('Galatasaray (-1,5)');
    expect(selectionName(en, '2', of('handicap', -5.5, 'en'))).toBe('Fenerbahçe (+5.5)');
  });

  it('of the other markets is in words', () => {
    expect(selectionName(tr, '1X', of('double_chance'))).toBe('Galatasaray veya Beraberlik');
    expect(selectionName(en, '12', of('double_chance', null, 'en'))).toBe(
      'Galatasaray or Fenerbahçe',
    );
    expect(selectionName(tr, 'X/2', of('ht_ft'))).toBe('Beraberlik / Fenerbahçe');
    expect(selectionName(tr, 'over', of('total_2.5', 2.5))).toBe('Üst 2,5');
    expect(selectionName(en, 'under', of('total_2.5', null, 'en'))).toBe('Under 2.5');
    expect(selectionName(tr, 'under', of('total_sets', 2.5))).toBe('Alt 2,5');
    expect(selectionName(en, 'over', of('total', 160.5, 'en'))).toBe('Over 160.5');
    expect(selectionName(tr, 'yes', of('btts'))).toBe('KG Var');
    expect(selectionName(tr, '2-3', of('goals_band'))).toBe('2-3 gol');
    expect(selectionName(en, '6+', of('goals_band', null, 'en'))).toBe('6+ goals');
    expect(selectionName(tr, '2-1', of('correct_score'))).toBe('2-1');
    expect(selectionName(en, 'other', of('correct_score', null, 'en'))).toBe('Other');
  });
});
