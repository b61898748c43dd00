import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BetView, BookRules } from './api';
import type { Leg, Quote } from './legs';
import { MyBets } from './MyBets';
import type { Lang } from './params';
import type { SlipProps } from './Slip';
import { BetSlip } from './Slip';
import { texts } from './texts';

const RULES: BookRules = {
  minStake: 1,
  maxStake: 5000,
  maxStakeHighRate: 500,
  maxPayout: 250000,
  liveDelays: [
    { sport: 'football', seconds: 5 },
    { sport: 'basketball', seconds: 4 },
    { sport: 'tennis', seconds: 3 },
    { sport: 'volleyball', seconds: 3 },
  ],
};

function leg(id: number, over: Partial<Leg> = {}): Leg {
  return {
    selectionId: id,
    eventId: id * 10,
    home: 'Galatasaray',
    away: 'Fenerbahçe',
    live: false,
    sport: 'football',
    marketKey: '1x2',
    line: null,
    selectionKey: '1',
    price: 200,
    ...over,
  };
}

function slip(lang: Lang, legs: Leg[], over: Partial<SlipProps> = {}) {
  return render(
    <BetSlip
      lang={lang}
      t={texts(lang)}
      legs={legs}
      quotes={new Map<number, Quote>()}
      highRate={false}
      rules={RULES}
      placing={false}
      notice={null}
      onRemove={vi.fn()}
      onClear={vi.fn()}
      onAccept={vi.fn()}
      onPlace={vi.fn()}
      {...over}
    />,
  );
}

const stakeInput = () => screen.getByRole('textbox');
const place = (lang: Lang) => screen.getByRole('button', { name: texts(lang)('placeBet') });
/** The texts of the elements an element's aria-describedby names. */
const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('the slip states the book’s rules', () => {
  it('the stake range and the maximum payout, in the player’s language', () => {
    slip('tr', [leg(1)]);
    expect(screen.getByText('Bahis: 1,00 ₺ – 5.000,00 ₺')).toBeTruthy();
    expect(screen.getByText('En yüksek kazanç: 250.000,00 ₺')).toBeTruthy();
    expect(screen.queryByText(/Canlı bahisler/)).toBeNull();
    // The range is the stake field's description.
    expect(describedBy(stakeInput())).toEqual(['Bahis: 1,00 ₺ – 5.000,00 ₺']);
  });

  it('in English, and a High Rate view’s own stake limit', () => {
    slip('en', [leg(1)], { highRate: true });
    expect(screen.getByText('Stake: ₺1.00 – ₺500.00')).toBeTruthy();
    expect(screen.getByText('Maximum payout: ₺250,000.00')).toBeTruthy();
  });

  it('the longest live delay of the live legs’ sports, only when a leg is live', () => {
    const { unmount } = slip('tr', [
      leg(1, { live: true, sport: 'tennis' }),
      leg(2, { live: true, sport: 'basketball' }),
      leg(3, { live: false, sport: 'football' }),
    ]);
    expect(screen.getByText('Canlı bahisler 4 sn bekler')).toBeTruthy();
    unmount();
    // The event's state now (its quote) counts, not the one the leg was picked in.
    slip('en', [leg(1, { live: false, sport: 'football' })], {
      quotes: new Map([[1, { price: 200, offered: true, live: true, sport: 'football' }]]),
    });
    expect(screen.getByText('Live bets are accepted after 5 s')).toBeTruthy();
  });

  it('states no rules before they have loaded, and still takes the bet', () => {
    slip('tr', [leg(1)], { rules: null });
    expect(screen.queryByText(/Bahis:/)).toBeNull();
    expect(place('tr')).toHaveProperty('disabled', false);
  });
});

describe('the slip says why Place Bet is off', () => {
  it('a stake above the most, under the stake field', () => {
    slip('tr', [leg(1)]);
    expect(place('tr')).toHaveProperty('disabled', false);
    fireEvent.change(stakeInput(), { target: { value: '6000' } });
    const why = 'Bir kuponun tutarı en fazla 5.000,00 ₺ olabilir.';
    expect(screen.getByRole('alert').textContent).toBe(why);
    expect(place('tr')).toHaveProperty('disabled', true);
    expect(describedBy(place('tr'))).toEqual([why]);
    expect(stakeInput().getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(stakeInput())).toContain(why);
  });

  it('a stake below the least, and no stake at all', () => {
    slip('en', [leg(1)]);
    fireEvent.change(stakeInput(), { target: { value: '0.50' } });
    expect(describedBy(place('en'))).toEqual(['The stake must be at least ₺1.00.']);
    fireEvent.change(stakeInput(), { target: { value: '' } });
    expect(describedBy(place('en'))).toEqual(['Enter a valid stake.']);
    expect(place('en')).toHaveProperty('disabled', true);
  });

  it('a system’s stake in all above the most', () => {
    slip('en', [leg(1), leg(2), leg(3)]);
    fireEvent.click(screen.getByRole('button', { name: 'System' }));
    // 2.000 ₺ on each of a 2/3 system's three combos: one bet of 6.000 ₺.
    fireEvent.change(stakeInput(), { target: { value: '2000' } });
    expect(describedBy(place('en'))).toEqual(['The stake of a bet can be at most ₺5,000.00.']);
  });

  it('a return above the maximum payout, next to the return', () => {
    slip('tr', [leg(1, { price: 10000 }), leg(2, { price: 1000 })]);
    // A combo at 100,00 × 10,00: 300 ₺ returns 300.000 ₺.
    fireEvent.change(stakeInput(), { target: { value: '300' } });
    const why = 'Bir kupon en fazla 250.000,00 ₺ kazandırabilir. Tutarı düşürün.';
    const potential = screen.getByText('Olası kazanç').closest('div')!;
    expect(potential.className).toContain('over');
    expect(within(potential).getByText('300.000,00 ₺')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(why);
    expect(place('tr')).toHaveProperty('disabled', true);
    expect(describedBy(place('tr'))).toEqual([why]);
    fireEvent.change(stakeInput(), { target: { value: '250' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(place('tr')).toHaveProperty('disabled', false);
    expect(place('tr').getAttribute('aria-describedby')).toBeNull();
  });
});

describe('a selection reads as its team or outcome', () => {
  it('on the slip', () => {
    slip('tr', [
      leg(1),
      leg(2, { selectionKey: 'X' }),
      leg(3, { selectionKey: 'over', marketKey: 'total_2.5', line: 2.5 }),
    ]);
    const names = [...document.querySelectorAll('.leg-sel')].map((e) => e.textContent);
    expect(names).toEqual(['Galatasaray', 'Beraberlik', 'Üst 2,5']);
    expect(
      screen.getByRole('button', { name: 'Kaldır: Galatasaray – Fenerbahçe, Beraberlik' }),
    ).toBeTruthy();
  });

  it('in My Bets', () => {
    const legOf = (market: string, selection: string, line: number | null = null) => ({
      eventId: 1,
      home: 'Liverpool',
      away: 'Arsenal',
      eventState: 'scheduled',
      market,
      line,
      selection,
      price: 2.1,
      result: 'open',
      score: [0, 0],
    });
    const bet: BetView = {
      id: 7,
      kind: '{"kind":"combo"}',
      legs: [legOf('1x2', '2'), legOf('double_chance', '1X'), legOf('total_2.5', 'under', 2.5)],
      payout: 0,
      placedAt: '2026-11-24T18:00:00Z',
      potential: 92.61,
      stake: 10,
      state: 'open',
    };
    render(
      <MyBets
        lang="en"
        t={texts('en')}
        bets={[bet]}
        loggedIn
        busy={null}
        confirm={null}
        notice={null}
        onCashOut={vi.fn()}
      />,
    );
    const names = [...document.querySelectorAll('.bet-leg strong')].map((e) => e.textContent);
    expect(names).toEqual(['Arsenal', 'Liverpool or Draw', 'Under 2.5']);
  });
});
