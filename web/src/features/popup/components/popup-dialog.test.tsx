import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  POPUP_RECHECK_MS,
  POPUP_SETTLE_MS,
  PopupDialog,
  markPopupSeen,
  popupImageFor,
  shouldShowPopup,
} from './popup-dialog';

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

describe('popup image', () => {
  it('is the one the picture shows at each breakpoint (0 default, 1 from 1200 px, 2 from 992 px)', () => {
    const three = { images: [{ url: '/sm.svg' }, { url: '/xl.svg' }, { url: '/lg.svg' }] };
    expect(popupImageFor(three, 390)).toBe('/sm.svg');
    expect(popupImageFor(three, 991)).toBe('/sm.svg');
    expect(popupImageFor(three, 992)).toBe('/lg.svg');
    expect(popupImageFor(three, 1440)).toBe('/xl.svg');
    expect(popupImageFor({ images: [{ url: '/only.svg' }] }, 1440)).toBe('/only.svg');
  });
});

describe('popup timing', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.getElementById('other-modal')?.remove();
  });

  function renderPopup(props: { ready: boolean; blocked: boolean }) {
    return render(
      <MemoryRouter>
        <PopupDialog popup={popup} {...props} />
      </MemoryRouter>,
    );
  }

  it('waits while blocked (a dialog open, the route loading), then opens after the page settled', () => {
    vi.useFakeTimers();
    const view = renderPopup({ ready: true, blocked: true });
    act(() => void vi.advanceTimersByTime(POPUP_SETTLE_MS * 3));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(shouldShowPopup(popup)).toBe(true);
    view.rerender(
      <MemoryRouter>
        <PopupDialog popup={popup} ready blocked={false} />
      </MemoryRouter>,
    );
    act(() => void vi.advanceTimersByTime(POPUP_SETTLE_MS - 1));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(shouldShowPopup(popup)).toBe(false);
  });

  it('never opens on top of another modal (a sheet, a deep-linked login)', () => {
    vi.useFakeTimers();
    const other = document.createElement('div');
    other.id = 'other-modal';
    other.setAttribute('aria-modal', 'true');
    document.body.append(other);
    renderPopup({ ready: true, blocked: false });
    act(() => void vi.advanceTimersByTime(POPUP_SETTLE_MS + POPUP_RECHECK_MS * 4));
    expect(screen.queryByRole('dialog')).toBeNull();
    other.remove();
    act(() => void vi.advanceTimersByTime(POPUP_RECHECK_MS));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('a dialog opening over it closes it for good (it was seen)', () => {
    vi.useFakeTimers();
    const view = renderPopup({ ready: true, blocked: false });
    act(() => void vi.advanceTimersByTime(POPUP_SETTLE_MS));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    view.rerender(
      <MemoryRouter>
        <PopupDialog popup={popup} ready blocked />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    view.rerender(
      <MemoryRouter>
        <PopupDialog popup={popup} ready blocked={false} />
      </MemoryRouter>,
    );
    act(() => void vi.advanceTimersByTime(POPUP_SETTLE_MS * 2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
