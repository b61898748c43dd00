import { describe, expect, it } from 'vitest';
import { foldSearch, matchesSearch } from './search-text';

describe('search text', () => {
  it('folds Turkish case and accents', () => {
    expect(foldSearch('İSTANBUL')).toBe('istanbul');
    expect(foldSearch('ISIK')).toBe('isik');
    expect(foldSearch('ışık')).toBe('isik');
    expect(foldSearch('Çılgın  Şeker')).toBe('cilgin seker');
  });
  it('matches every word', () => {
    expect(matchesSearch('Sultan Altını kasa', 'altini')).toBe(true);
    expect(matchesSearch('Sultan Altını kasa', 'SULTAN kasa')).toBe(true);
    expect(matchesSearch('Sultan Altını kasa', 'gates')).toBe(false);
    expect(matchesSearch('anything', '  ')).toBe(true);
  });
});
