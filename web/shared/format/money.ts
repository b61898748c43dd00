/**
 * Money in the player's language (DESIGN.md): Turkish lira, `1.234,56 ₺` in Turkish (the sign
 * after the amount), `₺1,234.56` in English. The server counts in kuruş (hundredths of a lira) for
 * bets and wins and in lira for balances.
 *
 * Written out, not by Intl.NumberFormat: creating a currency format costs a phone some 50 ms, in
 * the middle of the site's first render (the jackpots show amounts). money.test.ts holds it to
 * Intl's currency format of the language, for any amount.
 */

/**
 * `amount` to `digits` decimals as Intl rounds it (half away from zero, from the shortest decimal
 * that reads back as the number: 1.005 is 1.01), zeros after the second decimal dropped, its whole
 * part grouped by thousands with `group`; the sign only when the rounded amount is not zero.
 */
function plainAmount(
  amount: number,
  group: string,
  decimal: string,
  digits: number,
): [sign: string, text: string] {
  const shortest = Math.abs(amount).toString();
  let scaled: string;
  if (/e/i.test(shortest)) {
    // Below 1e-6 (nothing at the decimals shown) or from 1e21 on (a whole number).
    scaled =
      Math.abs(amount) < 1 ? '0' : (BigInt(Math.abs(amount)) * 10n ** BigInt(digits)).toString();
  } else {
    const [whole, fraction = ''] = shortest.split('.');
    const up = (fraction[digits] ?? '0') >= '5' ? 1n : 0n;
    scaled = (BigInt(whole + fraction.slice(0, digits).padEnd(digits, '0')) + up).toString();
  }
  scaled = scaled.padStart(digits + 1, '0');
  const whole = scaled.slice(0, -digits).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const fraction = scaled.slice(-digits).replace(/(?<=\d{2})0+$/, '');
  const sign = amount < 0 && /[1-9]/.test(scaled) ? '-' : '';
  return [sign, `${whole}${decimal}${fraction}`];
}

/**
 * Lira in the language: `1.234,56 ₺` in Turkish, `₺1,234.56` in English. `maxDigits`: the most
 * decimals shown (2 by default; more for a fraction of a kuruş, as a game's pay per way at a small
 * bet: `0,005 ₺`). '' for an amount that is not a finite number.
 */
export function formatLira(lira: number, lang: string, maxDigits = 2): string {
  if (!Number.isFinite(lira)) return '';
  const digits = Math.max(2, maxDigits);
  if (lang === 'tr') {
    const [sign, text] = plainAmount(lira, '.', ',', digits);
    return `${sign}${text} ₺`;
  }
  const [sign, text] = plainAmount(lira, ',', '.', digits);
  return `${sign}₺${text}`;
}

/** Kuruş (integer hundredths) as lira in the language. */
export function formatKurus(kurus: number, lang: string): string {
  return formatLira(kurus / 100, lang);
}
