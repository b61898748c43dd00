import { describe, expect, it } from 'vitest';
import { markPopupSeen, shouldShowPopup } from './popup-dialog';

const popup = { id: 1, url: '/promotions', images: [{ url: '/a.svg' }, { url: '/b.svg' }] };

describe('popup once per content', () => {
  it('is shown until seen, and again when its content changes', () => {
    expect(shouldShowPopup(popup)).toBe(true);
    markPopupSeen(popup);
    expect(shouldShowPopup(popup)).toBe(false);
    expect(shouldShowPopup({ ...popup, url: '/casino/live' })).toBe(true);
  });

  it('is not shown without images', () => {
    expect(shouldShowPopup({ ...popup, images: [] })).toBe(false);
    expect(shouldShowPopup(null)).toBe(false);
  });
});
