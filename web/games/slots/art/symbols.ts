/**
 * The studio's own symbol art: SVG bodies drawn in a 100 × 100 box, one set per theme (Sultan's
 * Gold, Bosphorus Nights, Anatolian Fruits, Kapadokya Ways) plus the card royals and a fallback,
 * all using the gradients of defs.ts. Wild and scatter carry a word (from the dictionary, so the
 * page speaks one language) on a glowing badge so they stand out on the reels.
 */
import { star } from './defs';

export interface Labels {
  wild: string;
  scatter: string;
}

type Draw = (labels: Labels) => string;

const OUTLINE = 'stroke="#2a1400" stroke-width="2" stroke-linejoin="round"';

/** A word on a ribbon across the bottom of a special symbol. */
const ribbon = (word: string, fill: string, ink: string) => {
  const size = word.length > 5 ? 15 : 18;
  return `<path d="M6 66 H94 L88 77 L94 88 H6 L12 77 Z" fill="${fill}" stroke="#2a1400" stroke-width="2"/>
<text x="50" y="83" text-anchor="middle" font-family="Inter Variable, Inter, system-ui, sans-serif" font-weight="900" font-size="${size}" letter-spacing="1" fill="${ink}">${word}</text>`;
};

const glow = (id = 'r-glow') => `<circle cx="50" cy="46" r="48" fill="url(#${id})"/>`;

// ---------- Sultan's Gold ----------

const tulip: Draw = () => `
<path d="M50 94 C50 80 50 68 50 56" stroke="#0a5a2b" stroke-width="6" fill="none" stroke-linecap="round"/>
<path d="M50 84 C34 82 22 70 18 54 C34 57 46 66 50 84Z" fill="url(#g-green)" stroke="#06351a" stroke-width="1.5"/>
<path d="M50 78 C66 76 78 64 82 48 C66 52 54 60 50 78Z" fill="url(#g-green)" stroke="#06351a" stroke-width="1.5"/>
<path d="M50 60 C32 58 24 40 28 14 C38 24 44 30 50 34 C56 30 62 24 72 14 C76 40 68 58 50 60Z" fill="url(#g-red)" ${OUTLINE}/>
<path d="M50 58 C41 48 40 28 50 8 C60 28 59 48 50 58Z" fill="url(#g-red)" ${OUTLINE}/>
<path d="M46 20 C44 30 45 40 48 48" stroke="#ffd0d6" stroke-width="2.5" fill="none" stroke-linecap="round" opacity=".7"/>`;

const crescent: Draw = () => `
<path d="M66 12 A38 38 0 1 0 90 72 A31 31 0 0 1 66 12 Z" fill="url(#g-gold)" ${OUTLINE}/>
<polygon points="${star(70, 44, 15, 6)}" fill="url(#g-gold)" ${OUTLINE}/>
<path d="M30 30 A26 26 0 0 0 30 70" stroke="#fff6c4" stroke-width="3" fill="none" stroke-linecap="round" opacity=".6"/>`;

const lamp: Draw = () => `
<path d="M50 10 C58 20 58 28 50 32 C42 28 42 20 50 10Z" fill="url(#g-orange)" stroke="#7a2d00" stroke-width="1.5"/>
<path d="M50 16 C53 22 53 26 50 28 C47 26 47 22 50 16Z" fill="#fff3b0"/>
<path d="M14 56 C10 48 16 44 24 50 L36 56" fill="none" stroke="url(#g-gold)" stroke-width="6" stroke-linecap="round"/>
<path d="M80 50 C92 42 96 56 86 64" fill="none" stroke="url(#g-gold)" stroke-width="6" stroke-linecap="round"/>
<path d="M24 52 C26 38 40 34 50 34 C62 34 80 38 84 52 C86 66 70 74 50 74 C32 74 22 66 24 52Z" fill="url(#g-gold)" ${OUTLINE}/>
<ellipse cx="50" cy="36" rx="14" ry="5" fill="url(#g-gold-h)" ${OUTLINE}/>
<path d="M38 74 L34 86 H66 L62 74Z" fill="url(#g-gold)" ${OUTLINE}/>
<rect x="28" y="84" width="44" height="8" rx="3" fill="url(#g-gold-h)" ${OUTLINE}/>
<circle cx="50" cy="56" r="7" fill="url(#r-ruby)" stroke="#4a0010" stroke-width="1.5"/>
<path d="M32 50 C36 44 44 42 50 42" stroke="#fff6c4" stroke-width="3" fill="none" stroke-linecap="round" opacity=".8"/>`;

const dagger: Draw = () => `
<g transform="rotate(-35 50 50)">
<path d="M50 4 C60 18 62 34 56 52 H44 C38 34 40 18 50 4Z" fill="url(#g-silver-h)" stroke="#2b3642" stroke-width="2" stroke-linejoin="round"/>
<path d="M50 10 V48" stroke="#8fa0b2" stroke-width="1.5"/>
<path d="M28 52 C36 48 64 48 72 52 C70 60 30 60 28 52Z" fill="url(#g-gold)" ${OUTLINE}/>
<circle cx="28" cy="53" r="5" fill="url(#r-emerald)" stroke="#022" stroke-width="1.5"/>
<circle cx="72" cy="53" r="5" fill="url(#r-emerald)" stroke="#022" stroke-width="1.5"/>
<rect x="43" y="58" width="14" height="26" rx="5" fill="url(#g-red)" ${OUTLINE}/>
<path d="M43 66 H57 M43 74 H57" stroke="url(#g-gold)" stroke-width="3"/>
<circle cx="50" cy="90" r="7" fill="url(#g-gold)" ${OUTLINE}/>
<circle cx="50" cy="54" r="4.5" fill="url(#r-ruby)" stroke="#400" stroke-width="1.2"/>
</g>`;

const sultan: Draw = () => `
<path d="M58 6 C70 10 72 22 62 30 C66 20 62 14 58 6Z" fill="url(#g-cream)" stroke="#6b5637" stroke-width="1.5"/>
<path d="M14 56 C12 30 30 18 50 18 C70 18 88 30 86 56 C80 64 20 64 14 56Z" fill="url(#g-cream)" stroke="#5c4a2c" stroke-width="2"/>
<path d="M20 40 C36 48 64 48 80 40 M16 50 C34 58 66 58 84 50 M26 30 C40 36 60 36 74 30" stroke="#c9b48c" stroke-width="2.5" fill="none"/>
<path d="M16 58 C20 70 80 70 84 58 L84 66 C78 80 22 80 16 66Z" fill="url(#g-red)" ${OUTLINE}/>
<path d="M26 70 C34 96 66 96 74 70" fill="#f0c9a0" stroke="#5c3a1c" stroke-width="2"/>
<path d="M30 78 C36 98 64 98 70 78 C62 86 38 86 30 78Z" fill="#2a1a10"/>
<path d="M38 76 C44 80 56 80 62 76" stroke="#2a1a10" stroke-width="3" fill="none" stroke-linecap="round"/>
<path d="M44 28 L50 12 L56 28 Z" fill="url(#g-gold)" ${OUTLINE}/>
<ellipse cx="50" cy="36" rx="9" ry="11" fill="url(#g-gold)" ${OUTLINE}/>
<ellipse cx="50" cy="36" rx="5" ry="6.5" fill="url(#r-emerald)" stroke="#022" stroke-width="1"/>
<circle cx="50" cy="8" r="4" fill="url(#r-ruby)"/>`;

const gems: Draw = () => `
<polygon points="50,8 70,22 62,44 38,44 30,22" fill="url(#r-sapphire)" stroke="#061a4a" stroke-width="2" stroke-linejoin="round"/>
<polygon points="50,8 58,22 50,44 42,22" fill="#ffffff" opacity=".25"/>
<polygon points="28,46 46,56 42,82 20,88 10,64" fill="url(#r-emerald)" stroke="#02351a" stroke-width="2" stroke-linejoin="round"/>
<polygon points="28,46 34,58 24,76 16,62" fill="#ffffff" opacity=".25"/>
<polygon points="72,44 90,62 80,88 58,84 54,58" fill="url(#r-ruby)" stroke="#4a0010" stroke-width="2" stroke-linejoin="round"/>
<polygon points="72,44 78,60 68,78 60,62" fill="#ffffff" opacity=".28"/>
<polygon points="${star(24, 22, 7, 2, 4)}" fill="#fff"/>
<polygon points="${star(84, 30, 6, 1.8, 4)}" fill="#fff"/>`;

const sultanScatter: Draw = ({ scatter }) => `${glow('r-glow-blue')}
<rect x="12" y="40" width="6" height="28" fill="url(#g-gold)" ${OUTLINE}/><path d="M12 40 L15 24 L18 40Z" fill="url(#g-gold)" ${OUTLINE}/>
<rect x="82" y="40" width="6" height="28" fill="url(#g-gold)" ${OUTLINE}/><path d="M82 40 L85 24 L88 40Z" fill="url(#g-gold)" ${OUTLINE}/>
<path d="M22 66 C22 40 36 26 50 26 C64 26 78 40 78 66Z" fill="url(#g-blue)" ${OUTLINE}/>
<path d="M50 26 V14" stroke="#b86b00" stroke-width="3"/>
<path d="M46 8 A6 6 0 1 0 54 14 A5 5 0 0 1 46 8Z" fill="url(#g-gold)"/>
<path d="M30 56 C32 44 40 36 48 34" stroke="#bfe3ff" stroke-width="3" fill="none" stroke-linecap="round" opacity=".8"/>
${ribbon(scatter, 'url(#g-purple)', '#ffffff')}`;

const scimitar: Draw = () => `
<path d="M34 66 C40 40 60 18 94 6 C86 22 72 34 62 46 C54 56 48 66 44 74 Z" fill="url(#g-silver-h)" stroke="#2b3642" stroke-width="2" stroke-linejoin="round"/>
<path d="M40 66 C48 44 64 26 88 12" stroke="#ffffff" stroke-width="1.6" fill="none" opacity=".75"/>
<path d="M22 62 C30 62 48 76 52 82 C46 86 30 72 22 62Z" fill="url(#g-gold)" ${OUTLINE}/>
<circle cx="22" cy="62" r="5" fill="url(#r-emerald)" stroke="#022" stroke-width="1.5"/>
<circle cx="52" cy="83" r="5" fill="url(#r-emerald)" stroke="#022" stroke-width="1.5"/>
<path d="M36 76 L20 92" stroke="#5a0612" stroke-width="11" stroke-linecap="round"/>
<path d="M36 76 L20 92" stroke="url(#g-red)" stroke-width="8" stroke-linecap="round"/>
<path d="M31 79 L27 83 M26 84 L22 88" stroke="#ffc83d" stroke-width="2.5" stroke-linecap="round"/>
<circle cx="16" cy="95" r="6" fill="url(#g-gold)" ${OUTLINE}/>
<circle cx="37" cy="72" r="4.5" fill="url(#r-ruby)" stroke="#400" stroke-width="1.2"/>`;

const ring: Draw = () => `
<ellipse cx="50" cy="64" rx="30" ry="26" fill="none" stroke="#7a4300" stroke-width="13"/>
<ellipse cx="50" cy="64" rx="30" ry="26" fill="none" stroke="url(#g-gold)" stroke-width="9"/>
<path d="M26 52 C30 44 38 40 46 40" stroke="#fff6c4" stroke-width="2.5" fill="none" stroke-linecap="round" opacity=".8"/>
<path d="M34 40 L40 30 H60 L66 40 L50 48Z" fill="url(#g-gold)" ${OUTLINE}/>
<polygon points="50,6 70,18 66,34 34,34 30,18" fill="url(#r-ruby)" stroke="#4a0010" stroke-width="2" stroke-linejoin="round"/>
<polygon points="50,6 58,18 50,34 42,18" fill="#fff" opacity=".3"/>
<path d="M30 18 H70" stroke="#ffd0d6" stroke-width="1.5" opacity=".6"/>
<polygon points="${star(80, 12, 7, 2, 4)}" fill="#fff"/>`;

const coffee: Draw = () => `
<ellipse cx="50" cy="84" rx="42" ry="10" fill="url(#g-gold)" ${OUTLINE}/>
<ellipse cx="50" cy="82" rx="30" ry="5" fill="#b86b00" opacity=".5"/>
<path d="M72 44 C88 42 88 64 70 64" fill="none" stroke="url(#g-gold)" stroke-width="6" stroke-linecap="round"/>
<path d="M24 36 H76 L70 74 C66 82 34 82 30 74Z" fill="url(#g-cream)" stroke="#5c4a2c" stroke-width="2" stroke-linejoin="round"/>
<path d="M27 48 H73 M29 60 H71" stroke="url(#g-gold)" stroke-width="3"/>
<path d="M31 54 l4 -4 l4 4 l4 -4 l4 4 l4 -4 l4 4 l4 -4 l4 4 l4 -4 l4 4" stroke="#c8213f" stroke-width="2" fill="none"/>
<ellipse cx="50" cy="36" rx="26" ry="5" fill="#3a1d0c" stroke="#5c4a2c" stroke-width="2"/>
<ellipse cx="46" cy="35" rx="10" ry="2" fill="#8a5a32" opacity=".8"/>
<path d="M40 26 C36 20 44 16 40 8 M56 26 C52 20 60 16 56 8" stroke="#e6f2ff" stroke-width="2.5" fill="none" stroke-linecap="round" opacity=".6"/>`;

const tughra: Draw = ({ wild }) => `${glow()}
<circle cx="50" cy="40" r="36" fill="url(#g-red)" ${OUTLINE}/>
<circle cx="50" cy="40" r="30" fill="none" stroke="url(#g-gold)" stroke-width="2.5"/>
<g fill="none" stroke="url(#g-gold)" stroke-linecap="round" stroke-width="4">
<path d="M46 58 V14 M55 58 V12 M64 58 V16"/>
<path d="M46 14 C50 12 52 16 50 20 M55 12 C59 10 61 14 59 18 M64 16 C68 14 70 18 68 22"/>
<path d="M62 54 C44 60 22 54 24 42 C26 32 40 34 42 44 C43 52 32 54 30 46"/>
<path d="M62 54 C40 66 16 56 18 40"/>
<path d="M64 50 C72 48 80 44 84 38"/>
</g>
<circle cx="50" cy="8" r="4" fill="url(#g-gold)" stroke="#2a1400" stroke-width="1.5"/>
${ribbon(wild, 'url(#g-gold)', '#3a1200')}`;

// ---------- Bosphorus Nights ----------

const ferry: Draw = () => `
<path d="M6 82 C18 76 30 88 42 82 C54 76 66 88 78 82 C86 78 92 80 96 82 V96 H6Z" fill="url(#g-water)"/>
<path d="M8 60 H92 L84 80 H18Z" fill="url(#g-silver)" stroke="#1d2733" stroke-width="2" stroke-linejoin="round"/>
<path d="M12 68 H89" stroke="#1b2a3b" stroke-width="4"/>
<rect x="22" y="44" width="58" height="16" rx="2" fill="url(#g-cream)" stroke="#1d2733" stroke-width="2"/>
<g fill="#3aa0ff">${[28, 38, 48, 58, 68].map((x) => `<rect x="${x}" y="48" width="6" height="6" rx="1"/>`).join('')}</g>
<rect x="30" y="34" width="34" height="10" rx="2" fill="url(#g-cream)" stroke="#1d2733" stroke-width="2"/>
<path d="M50 34 L52 14 H62 L64 34Z" fill="#fff" stroke="#1d2733" stroke-width="2"/>
<path d="M52.6 18 H61.4" stroke="#1b2a3b" stroke-width="4"/>
<path d="M57 12 C60 6 68 6 72 2" stroke="#c9d3de" stroke-width="3" fill="none" stroke-linecap="round" opacity=".7"/>`;

const tower: Draw = () => `
<path d="M50 4 L68 34 H32Z" fill="url(#g-sky)" stroke="#c9d3de" stroke-width="2" stroke-linejoin="round"/>
<path d="M50 4 L50 -2" stroke="#ffc83d" stroke-width="2"/>
<rect x="28" y="34" width="44" height="8" rx="2" fill="url(#g-stone)" stroke="#3d2f1c" stroke-width="2"/>
<path d="M32 42 H68 L66 94 H34Z" fill="url(#g-stone)" stroke="#3d2f1c" stroke-width="2" stroke-linejoin="round"/>
<g fill="#ffd25a">${[38, 47, 56].map((x) => `<rect x="${x}" y="46" width="6" height="9" rx="3"/>`).join('')}</g>
<g fill="#ffd25a" opacity=".85"><rect x="46" y="62" width="8" height="11" rx="4"/><rect x="46" y="79" width="8" height="11" rx="4"/></g>
<path d="M33 58 H67 M34 76 H66" stroke="#6f5a3e" stroke-width="1.5"/>`;

const simit: Draw = () => `
<ellipse cx="50" cy="54" rx="42" ry="36" fill="url(#g-brown)" stroke="#4a2205" stroke-width="2"/>
<ellipse cx="50" cy="54" rx="16" ry="12" fill="#0e1621" stroke="#4a2205" stroke-width="2"/>
<path d="M16 44 C26 30 44 24 62 26" stroke="#f7d9a8" stroke-width="3" fill="none" stroke-linecap="round" opacity=".6"/>
<g fill="#fff4d6">${[
  [22, 50],
  [30, 36],
  [44, 28],
  [60, 30],
  [74, 38],
  [82, 52],
  [76, 68],
  [62, 80],
  [44, 82],
  [28, 72],
  [36, 62],
  [66, 62],
  [52, 38],
  [38, 44],
]
  .map(
    ([x, y], i) =>
      `<ellipse cx="${x}" cy="${y}" rx="2.4" ry="1.4" transform="rotate(${i * 37} ${x} ${y})"/>`,
  )
  .join('')}</g>`;

const tea: Draw = () => `
<ellipse cx="50" cy="88" rx="40" ry="9" fill="url(#g-silver)" stroke="#3a4654" stroke-width="2"/>
<ellipse cx="50" cy="86" rx="24" ry="4" fill="#c8d3df"/>
<path d="M30 14 H70 C70 30 60 40 60 52 C60 66 68 72 66 84 H34 C32 72 40 66 40 52 C40 40 30 30 30 14Z" fill="rgba(220,240,255,.35)" stroke="#e6f2ff" stroke-width="2.5" stroke-linejoin="round"/>
<path d="M33 24 H67 C66 34 58 42 58 52 C58 64 65 72 64 82 H36 C35 72 42 64 42 52 C42 42 34 34 33 24Z" fill="url(#g-tea)"/>
<ellipse cx="50" cy="24" rx="17" ry="3" fill="#ff9a5c"/>
<path d="M36 28 C38 34 40 38 42 44" stroke="#ffd7bf" stroke-width="2.5" fill="none" stroke-linecap="round" opacity=".8"/>
<path d="M46 8 C42 4 48 0 44 -4 M56 8 C52 4 58 0 54 -4" stroke="#e6f2ff" stroke-width="2" fill="none" opacity=".6"/>`;

const seagull: Draw = () => `
<path d="M8 40 C22 26 38 28 48 46 C58 28 76 22 94 34 C80 34 66 40 56 54 L44 54 C36 44 22 38 8 40Z" fill="url(#g-silver)" stroke="#2b3642" stroke-width="2" stroke-linejoin="round"/>
<path d="M8 40 C14 36 18 35 22 35 M94 34 C88 32 84 32 80 33" stroke="#1d2733" stroke-width="4" stroke-linecap="round"/>
<ellipse cx="50" cy="58" rx="16" ry="10" fill="#ffffff" stroke="#2b3642" stroke-width="2"/>
<circle cx="64" cy="52" r="8" fill="#ffffff" stroke="#2b3642" stroke-width="2"/>
<path d="M71 51 L84 54 L71 57Z" fill="url(#g-yellow)" stroke="#7a5a00" stroke-width="1.5"/>
<circle cx="66" cy="50" r="1.8" fill="#111"/>
<path d="M44 68 L42 80 M52 68 L54 80" stroke="#ff9a1f" stroke-width="3" stroke-linecap="round"/>
<path d="M4 92 C20 86 30 96 46 90 C62 84 74 96 96 90" stroke="#3aa0ff" stroke-width="3" fill="none" opacity=".7"/>`;

const moon: Draw = () => `
<circle cx="50" cy="50" r="46" fill="url(#r-glow)" opacity=".8"/>
<circle cx="50" cy="50" r="34" fill="url(#r-moon)" stroke="#8a6200" stroke-width="2"/>
<circle cx="38" cy="40" r="7" fill="#e8c46a" opacity=".8"/>
<circle cx="60" cy="60" r="9" fill="#e8c46a" opacity=".7"/>
<circle cx="62" cy="36" r="4" fill="#e8c46a" opacity=".7"/>
<circle cx="40" cy="64" r="4" fill="#e8c46a" opacity=".6"/>
<polygon points="${star(86, 14, 6, 2, 4)}" fill="#fff"/>
<polygon points="${star(12, 84, 5, 1.6, 4)}" fill="#fff"/>`;

const maidenTower: Draw = ({ wild }) => `${glow()}
<path d="M4 60 C20 54 30 64 50 60 C70 56 80 64 96 60 V68 H4Z" fill="url(#g-water)"/>
<path d="M26 60 H74 V52 H26Z" fill="url(#g-stone)" stroke="#3d2f1c" stroke-width="2"/>
<path d="M40 52 V24 H60 V52Z" fill="url(#g-cream)" stroke="#3d2f1c" stroke-width="2"/>
<path d="M38 24 C38 14 62 14 62 24Z" fill="url(#g-gold)" stroke="#3d2f1c" stroke-width="2"/>
<path d="M50 14 V4" stroke="#ffc83d" stroke-width="2.5"/>
<rect x="46" y="30" width="8" height="10" rx="4" fill="#ffd25a"/>
<path d="M28 52 H38 V40 H32Z M62 52 H72 L68 40 H62Z" fill="url(#g-cream)" stroke="#3d2f1c" stroke-width="1.5"/>
${ribbon(wild, 'url(#g-blue)', '#ffffff')}`;

const lantern: Draw = () => `
<path d="M50 2 V10" stroke="url(#g-gold)" stroke-width="3"/>
<circle cx="50" cy="12" r="4" fill="none" stroke="url(#g-gold)" stroke-width="3"/>
<path d="M32 28 L50 16 L68 28Z" fill="url(#g-gold)" ${OUTLINE}/>
<rect x="30" y="28" width="40" height="6" rx="2" fill="url(#g-gold-h)" ${OUTLINE}/>
<path d="M32 34 H68 L64 78 H36Z" fill="url(#r-glow)" stroke="url(#g-gold)" stroke-width="3" stroke-linejoin="round"/>
<path d="M32 34 H68 L64 78 H36Z" fill="rgba(255,200,90,.35)"/>
<path d="M50 34 V78 M41 34 L43 78 M59 34 L57 78" stroke="url(#g-gold)" stroke-width="2"/>
<path d="M50 44 C56 52 56 60 50 66 C44 60 44 52 50 44Z" fill="#fff3b0"/>
<rect x="32" y="78" width="36" height="7" rx="2" fill="url(#g-gold-h)" ${OUTLINE}/>
<path d="M40 85 L50 96 L60 85Z" fill="url(#g-gold)" ${OUTLINE}/>`;

const evilEye: Draw = () => `
<circle cx="50" cy="50" r="42" fill="url(#g-blue)" stroke="#0a2266" stroke-width="2.5"/>
<circle cx="50" cy="50" r="28" fill="#ffffff" stroke="#0a2266" stroke-width="1.5"/>
<circle cx="50" cy="50" r="18" fill="#5ab4ff"/>
<circle cx="50" cy="50" r="10" fill="#0b1020"/>
<circle cx="44" cy="44" r="4" fill="#fff" opacity=".9"/>
<path d="M20 34 C26 22 38 14 52 12" stroke="#d9ecff" stroke-width="4" fill="none" stroke-linecap="round" opacity=".6"/>`;

const blueStar: Draw = () => `
<polygon points="${star(50, 52, 44, 19)}" fill="url(#g-blue)" stroke="#e3ecff" stroke-width="2.5" stroke-linejoin="round"/>
<polygon points="${star(50, 52, 24, 10)}" fill="url(#g-silver)" opacity=".85"/>
<polygon points="${star(84, 14, 6, 2, 4)}" fill="#fff"/>`;

// ---------- Anatolian Fruits ----------

const cherries: Draw = () => `
<path d="M30 64 C34 40 48 22 66 10 M70 62 C68 42 66 26 66 10" stroke="#2f6b1f" stroke-width="4" fill="none" stroke-linecap="round"/>
<path d="M66 10 C78 4 92 8 94 18 C82 22 72 18 66 10Z" fill="url(#g-green)" stroke="#0a4a1a" stroke-width="1.5"/>
<circle cx="30" cy="70" r="20" fill="url(#r-cherry)" stroke="#3d0008" stroke-width="2"/>
<circle cx="70" cy="68" r="20" fill="url(#r-cherry)" stroke="#3d0008" stroke-width="2"/>
<ellipse cx="23" cy="62" rx="5" ry="3.5" fill="#fff" opacity=".7" transform="rotate(-30 23 62)"/>
<ellipse cx="63" cy="60" rx="5" ry="3.5" fill="#fff" opacity=".7" transform="rotate(-30 63 60)"/>`;

const lemon: Draw = () => `
<path d="M8 52 C12 26 40 14 62 18 C78 20 90 34 94 50 C90 70 72 84 48 84 C26 84 10 72 8 52Z" fill="url(#r-lemon)" stroke="#7a5a00" stroke-width="2"/>
<path d="M6 52 L0 50 M94 48 L100 46" stroke="#7a5a00" stroke-width="4" stroke-linecap="round"/>
<path d="M60 16 C66 6 78 4 86 8 C80 16 70 18 60 16Z" fill="url(#g-green)" stroke="#0a4a1a" stroke-width="1.5"/>
<path d="M24 40 C30 30 42 26 52 26" stroke="#fffde0" stroke-width="4" fill="none" stroke-linecap="round" opacity=".8"/>
<g fill="#c48a00" opacity=".35"><circle cx="40" cy="60" r="1.5"/><circle cx="60" cy="66" r="1.5"/><circle cx="70" cy="44" r="1.5"/><circle cx="30" cy="52" r="1.5"/></g>`;

const grapes: Draw = () => `
<path d="M50 22 C50 14 54 8 60 4" stroke="#5a3a10" stroke-width="4" fill="none" stroke-linecap="round"/>
<path d="M52 16 C60 6 80 6 88 16 C78 24 62 24 52 16Z" fill="url(#g-green)" stroke="#0a4a1a" stroke-width="1.5"/>
${[
  [34, 30],
  [50, 28],
  [66, 30],
  [26, 46],
  [42, 44],
  [58, 44],
  [74, 46],
  [34, 60],
  [50, 60],
  [66, 60],
  [42, 75],
  [58, 75],
  [50, 89],
]
  .map(
    ([x, y]) =>
      `<circle cx="${x}" cy="${y}" r="9.5" fill="url(#r-grape)" stroke="#1c0238" stroke-width="1.5"/><circle cx="${x - 3}" cy="${y - 3}" r="2.2" fill="#fff" opacity=".55"/>`,
  )
  .join('')}`;

const fig: Draw = () => `
<path d="M50 10 C46 18 46 24 48 28" stroke="#5a3a10" stroke-width="4" fill="none" stroke-linecap="round"/>
<path d="M48 26 C40 34 22 46 20 64 C18 82 34 94 50 94 C66 94 82 82 80 64 C78 46 60 34 52 26Z" fill="url(#r-fig)" stroke="#1a0418" stroke-width="2"/>
<path d="M50 26 C54 40 56 60 52 90" stroke="#b56aae" stroke-width="1.5" fill="none" opacity=".6"/>
<path d="M36 50 C30 60 30 70 34 80" stroke="#e0b8dc" stroke-width="3" fill="none" stroke-linecap="round" opacity=".6"/>
<path d="M56 60 C70 56 84 66 86 80 C74 86 60 80 56 60Z" fill="#e8405a" stroke="#6a0a20" stroke-width="1.5"/>
<g fill="#ffd7a8">${[
  [66, 68],
  [72, 74],
  [64, 76],
  [76, 80],
  [70, 80],
]
  .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="1.3"/>`)
  .join('')}</g>
<path d="M40 12 C48 4 60 6 64 12 C56 18 46 18 40 12Z" fill="url(#g-green)" stroke="#0a4a1a" stroke-width="1.5"/>`;

const watermelon: Draw = () => `
<path d="M4 40 A46 46 0 0 0 96 40 Z" fill="url(#g-green)" stroke="#06351a" stroke-width="2"/>
<path d="M10 40 A40 40 0 0 0 90 40 Z" fill="#f4ffe8"/>
<path d="M14 40 A36 36 0 0 0 86 40 Z" fill="url(#g-melon)"/>
<g fill="#1a0a0a">${[
  [30, 52],
  [44, 60],
  [58, 60],
  [70, 52],
  [38, 70],
  [62, 70],
  [50, 48],
]
  .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="2.2" ry="3.6"/>`)
  .join('')}</g>
<path d="M20 44 H80" stroke="#ffb3bd" stroke-width="3" stroke-linecap="round" opacity=".6"/>`;

const bell: Draw = () => `
<circle cx="50" cy="10" r="6" fill="url(#g-gold)" ${OUTLINE}/>
<path d="M50 14 C28 14 24 36 22 54 C20 68 12 74 10 80 H90 C88 74 80 68 78 54 C76 36 72 14 50 14Z" fill="url(#g-gold)" ${OUTLINE}/>
<rect x="8" y="78" width="84" height="8" rx="4" fill="url(#g-gold-h)" ${OUTLINE}/>
<circle cx="50" cy="90" r="7" fill="url(#g-orange)" ${OUTLINE}/>
<path d="M34 30 C30 40 30 54 28 64" stroke="#fff6c4" stroke-width="4" fill="none" stroke-linecap="round" opacity=".8"/>`;

const seven: Draw = () => `
<path d="M18 14 H84 V28 C66 46 56 66 54 92 H32 C34 66 46 44 62 30 H18Z" fill="url(#g-red)" stroke="#ffc83d" stroke-width="5" stroke-linejoin="round"/>
<path d="M18 14 H84 V28 C66 46 56 66 54 92 H32 C34 66 46 44 62 30 H18Z" fill="none" stroke="#3d0008" stroke-width="1.5" stroke-linejoin="round"/>
<path d="M24 19 H76" stroke="#ffb3bd" stroke-width="3" stroke-linecap="round" opacity=".7"/>`;

const apricot: Draw = () => `
<path d="M50 20 C50 14 52 8 56 4" stroke="#5a3a10" stroke-width="4" fill="none" stroke-linecap="round"/>
<path d="M54 12 C62 2 80 4 86 12 C76 20 62 20 54 12Z" fill="url(#g-green)" stroke="#0a4a1a" stroke-width="1.5"/>
<circle cx="50" cy="56" r="38" fill="url(#g-orange)" stroke="#7a3300" stroke-width="2"/>
<path d="M50 20 C42 36 42 70 50 94" stroke="#c95a00" stroke-width="2.5" fill="none" opacity=".7"/>
<ellipse cx="34" cy="44" rx="9" ry="6" fill="#ffe9c2" opacity=".7" transform="rotate(-35 34 44)"/>
<circle cx="66" cy="66" r="8" fill="#ff6a3d" opacity=".35"/>`;

const pomegranate: Draw = () => `
<path d="M38 22 L40 8 L46 16 L50 4 L54 16 L60 8 L62 22Z" fill="url(#g-red)" stroke="#3d0008" stroke-width="2" stroke-linejoin="round"/>
<circle cx="50" cy="58" r="38" fill="url(#r-cherry)" stroke="#3d0008" stroke-width="2"/>
<path d="M62 40 C78 44 86 60 80 76 C70 84 58 80 54 70 C50 58 52 46 62 40Z" fill="#ffe3c8" stroke="#5c0010" stroke-width="1.5"/>
<g fill="#e8112d" stroke="#7a0010" stroke-width=".8">${[
  [62, 50],
  [70, 52],
  [76, 60],
  [62, 60],
  [70, 62],
  [64, 70],
  [74, 70],
  [58, 66],
]
  .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="3.4" ry="4.2"/>`)
  .join('')}</g>
<ellipse cx="30" cy="42" rx="9" ry="6" fill="#fff" opacity=".45" transform="rotate(-40 30 42)"/>`;

const basket: Draw = ({ scatter }) => `${glow('r-glow-blue')}
<circle cx="34" cy="32" r="12" fill="url(#r-cherry)" stroke="#3d0008" stroke-width="1.5"/>
<circle cx="62" cy="26" r="13" fill="url(#g-orange)" stroke="#7a3300" stroke-width="1.5"/>
<circle cx="48" cy="22" r="10" fill="url(#r-grape)" stroke="#1c0238" stroke-width="1.5"/>
<path d="M58 18 C62 10 72 8 78 12 C72 18 64 20 58 18Z" fill="url(#g-green)"/>
<path d="M22 40 C22 14 78 14 78 40" fill="none" stroke="url(#g-brown)" stroke-width="5"/>
<path d="M12 40 H88 L80 68 H20Z" fill="url(#g-brown)" stroke="#4a2205" stroke-width="2" stroke-linejoin="round"/>
<path d="M16 48 H84 M18 56 H82 M30 40 L34 68 M50 40 V68 M70 40 L66 68" stroke="#7a3f0c" stroke-width="2"/>
${ribbon(scatter, 'url(#g-purple)', '#ffffff')}`;

const fruitsStar: Draw = ({ wild }) => `${glow()}
<polygon points="${star(50, 38, 38, 16)}" fill="url(#g-yellow)" ${OUTLINE}/>
<polygon points="${star(50, 40, 20, 8)}" fill="url(#g-gold)" stroke="#7a4a00" stroke-width="1.5"/>
<path d="M34 24 L44 26" stroke="#fffbd0" stroke-width="3" stroke-linecap="round" opacity=".8"/>
${ribbon(wild, 'url(#g-red)', '#ffffff')}`;

const moonScatter: Draw = ({
  scatter,
}) => `<circle cx="50" cy="40" r="46" fill="url(#r-glow)" opacity=".9"/>
<circle cx="50" cy="38" r="30" fill="url(#r-moon)" stroke="#8a6200" stroke-width="2"/>
<circle cx="40" cy="30" r="6" fill="#e8c46a" opacity=".8"/>
<circle cx="60" cy="46" r="7" fill="#e8c46a" opacity=".7"/>
<circle cx="62" cy="26" r="3.5" fill="#e8c46a" opacity=".7"/>
<polygon points="${star(88, 10, 6, 2, 4)}" fill="#fff"/>
<polygon points="${star(12, 16, 5, 1.6, 4)}" fill="#fff"/>
${ribbon(scatter, 'url(#g-purple)', '#ffffff')}`;

// ---------- Kapadokya (Cappadocia) ----------

const balloon: Draw = ({ wild }) => `${glow()}
<path d="M50 2 C74 2 88 18 86 32 C84 44 66 50 60 55 H40 C34 50 16 44 14 32 C12 18 26 2 50 2Z" fill="url(#g-red)" ${OUTLINE}/>
<path d="M50 2 C36 6 26 20 27 32 C28 42 38 50 43 55 H57 C62 50 72 42 73 32 C74 20 64 6 50 2Z" fill="url(#g-blue)" stroke="#2a1400" stroke-width="1.5"/>
<path d="M50 2 C43 8 39 20 40 32 C41 42 45 50 47 55 H53 C55 50 59 42 60 32 C61 20 57 8 50 2Z" fill="url(#g-gold)" stroke="#2a1400" stroke-width="1.5"/>
<path d="M20 36 C36 42 64 42 80 36" stroke="url(#g-gold-h)" stroke-width="3" fill="none"/>
<path d="M22 20 C26 12 34 7 42 5" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round" opacity=".55"/>
<path d="M41 55 L44 59 M59 55 L56 59 M50 55 V59" stroke="#3a1d0c" stroke-width="1.5"/>
<path d="M47 56 C48 52 52 52 53 56" fill="#ffd23f" opacity=".9"/>
<rect x="42" y="58" width="16" height="8" rx="2" fill="url(#g-brown)" ${OUTLINE}/>
<path d="M42 62 H58 M47 58 V66 M53 58 V66" stroke="#7a3f0c" stroke-width="1"/>
${ribbon(wild, 'url(#g-gold)', '#3a1200')}`;

const sunrise: Draw = ({ scatter }) => `${glow()}
<rect x="8" y="6" width="84" height="62" rx="12" fill="url(#g-dawn)" stroke="#2a1400" stroke-width="2"/>
<g fill="#ffe9a8" opacity=".3">${[-160, -140, -120, -100, -80, -60, -40, -20]
  .map((a) => {
    const p = (d: number) => {
      const r = ((a + d) * Math.PI) / 180;
      return `${(50 + 42 * Math.cos(r)).toFixed(1)},${(54 + 42 * Math.sin(r)).toFixed(1)}`;
    };
    return `<polygon points="50,54 ${p(-5)} ${p(5)}"/>`;
  })
  .join('')}</g>
<circle cx="50" cy="54" r="19" fill="url(#r-sun)"/>
<ellipse cx="28" cy="20" rx="3.5" ry="4" fill="url(#g-red)"/>
<ellipse cx="70" cy="15" rx="3" ry="3.5" fill="url(#g-gold)"/>
<path d="M8 58 C30 54 70 54 92 58 V68 H8Z" fill="url(#g-tuff)"/>
<path d="M12 68 L19 36 C20 32 24 32 25 36 L32 68Z" fill="url(#g-tuff)" stroke="#5c3a1c" stroke-width="1.5" stroke-linejoin="round"/>
<ellipse cx="22" cy="35" rx="6" ry="3.5" fill="url(#g-basalt)"/>
<path d="M38 68 L45 48 C46 45 49 45 50 48 L57 68Z" fill="url(#g-tuff)" stroke="#5c3a1c" stroke-width="1.5" stroke-linejoin="round"/>
<ellipse cx="47.5" cy="47" rx="5" ry="3" fill="url(#g-basalt)"/>
<path d="M62 68 L71 30 C72 26 76 26 77 30 L88 68Z" fill="url(#g-tuff)" stroke="#5c3a1c" stroke-width="1.5" stroke-linejoin="round"/>
<ellipse cx="74" cy="29" rx="7" ry="4" fill="url(#g-basalt)"/>
<path d="M72 62 V57 C72 54 76 54 76 57 V62Z M20 60 V56 C20 54 23 54 23 56 V60Z" fill="#3a1d0c"/>
${ribbon(scatter, 'url(#g-purple)', '#ffffff')}`;

const chimney: Draw = () => `
<path d="M60 96 L69 48 C70 42 78 42 79 48 L90 96Z" fill="url(#g-tuff)" stroke="#5c3a1c" stroke-width="2" stroke-linejoin="round" opacity=".9"/>
<path d="M64 46 C64 36 84 36 84 46 C80 50 68 50 64 46Z" fill="url(#g-basalt)" stroke="#2a1a10" stroke-width="2"/>
<path d="M16 96 C23 80 29 60 33 38 C34 32 36 29 40 28 H58 C62 29 64 32 65 38 C69 60 75 80 82 96Z" fill="url(#g-tuff)" stroke="#5c3a1c" stroke-width="2" stroke-linejoin="round"/>
<path d="M36 36 H62" stroke="#9c6a3c" stroke-width="3" opacity=".55"/>
<path d="M26 29 C26 10 72 10 72 29 C66 36 32 36 26 29Z" fill="url(#g-basalt)" stroke="#2a1a10" stroke-width="2"/>
<path d="M35 19 C41 14 51 13 58 15" stroke="#d8c8bc" stroke-width="2.5" fill="none" stroke-linecap="round" opacity=".7"/>
<path d="M43 96 V83 C43 77 53 77 53 83 V96Z" fill="#3a1d0c"/>
<path d="M40 56 V50 C40 46 46 46 46 50 V56Z M52 68 V63 C52 60 57 60 57 63 V68Z" fill="#3a1d0c"/>
<path d="M29 70 C33 75 33 84 29 90 M67 62 C63 69 65 79 69 86" stroke="#b0804c" stroke-width="2" fill="none" opacity=".75"/>
<path d="M38 44 C36 56 34 68 30 80" stroke="#fff3dc" stroke-width="3" fill="none" stroke-linecap="round" opacity=".45"/>`;

const horse: Draw = () => `
<path d="M60 22 C72 30 82 52 88 82 L95 76 C91 52 80 28 66 15Z" fill="#2a140a" stroke="#1a0a04" stroke-width="1.5" stroke-linejoin="round"/>
<path d="M84 98 C84 72 78 48 64 28 L70 7 L57 20 L52 7 L46 22 C38 22 30 28 26 34 C20 42 14 50 11 58 C9 64 12 70 19 71 C25 72 29 68 35 67 C41 66 46 63 50 60 C53 72 52 86 48 98Z" fill="url(#g-horse)" stroke="#2a1400" stroke-width="2" stroke-linejoin="round"/>
<path d="M53 17 C46 19 41 25 41 31 C46 28 51 25 56 23Z" fill="#2a140a"/>
<path d="M36 33 C30 41 24 51 20 61 C22 63 25 63 26 61 C30 51 34 43 40 35Z" fill="#f5e6d0" opacity=".9"/>
<ellipse cx="43" cy="36" rx="3.5" ry="3" fill="#111"/>
<circle cx="42" cy="35" r="1" fill="#fff"/>
<ellipse cx="16" cy="62" rx="2.6" ry="1.6" fill="#2a1400" transform="rotate(-30 16 62)"/>
<path d="M13 67 C18 69 22 68 26 67" stroke="#2a1400" stroke-width="1.5" fill="none"/>
<path d="M29 41 C34 48 39 56 44 62 M22 51 C30 53 37 50 44 43 M44 62 C46 52 50 41 57 29" stroke="url(#g-gold)" stroke-width="3" fill="none" stroke-linecap="round"/>
<circle cx="44" cy="62" r="3.6" fill="url(#r-ruby)" stroke="#400" stroke-width="1"/>
<path d="M44 66 L42 76 M46 66 L47 76" stroke="#e8213f" stroke-width="2" stroke-linecap="round"/>
<path d="M60 42 C65 54 69 66 71 82" stroke="#e0a878" stroke-width="3" fill="none" stroke-linecap="round" opacity=".45"/>`;

const pottery: Draw = () => `
<ellipse cx="50" cy="91" rx="30" ry="5" fill="#000" opacity=".3"/>
<path d="M60 22 C84 12 96 40 77 50" fill="none" stroke="#4a1804" stroke-width="10" stroke-linecap="round"/>
<path d="M60 22 C84 12 96 40 77 50" fill="none" stroke="url(#g-clay)" stroke-width="6" stroke-linecap="round"/>
<path d="M38 14 H62 L60 26 C80 34 84 58 74 76 C68 89 32 89 26 76 C16 58 20 34 40 26Z" fill="url(#g-clay-h)" stroke="#4a1804" stroke-width="2" stroke-linejoin="round"/>
<ellipse cx="50" cy="14" rx="15" ry="4.5" fill="url(#g-clay)" stroke="#4a1804" stroke-width="2"/>
<ellipse cx="50" cy="14" rx="10" ry="2.5" fill="#3a1204"/>
<path d="M23 45 C40 51 60 51 77 45 M23 63 C40 69 60 69 77 63" stroke="#f6e3c3" stroke-width="3" fill="none"/>
<path d="M27 55 l5 -4 l5 4 l5 -4 l5 4 l5 -4 l5 4 l5 -4 l5 4 l5 -4" stroke="#3a1204" stroke-width="2" fill="none" stroke-linejoin="round"/>
<path d="M41 30 H59" stroke="#f6e3c3" stroke-width="2" opacity=".8"/>
<path d="M31 36 C27 44 27 56 31 68" stroke="#ffd9bf" stroke-width="4" fill="none" stroke-linecap="round" opacity=".55"/>`;

const carpet: Draw = () => `
<g stroke="#f3e7cf" stroke-width="2" stroke-linecap="round">${[
  20, 26, 32, 38, 44, 50, 56, 62, 68, 74, 80,
]
  .map((x) => `<path d="M${x} 5 V12 M${x} 88 V95"/>`)
  .join('')}</g>
<rect x="14" y="11" width="72" height="78" rx="3" fill="url(#g-red)" stroke="#3a0a0a" stroke-width="2"/>
<rect x="20" y="17" width="60" height="66" rx="2" fill="#1d2a5c" stroke="url(#g-gold)" stroke-width="4"/>
<path d="M17 14 H83 V86 H17Z" stroke="#f3e7cf" stroke-width="1.5" stroke-dasharray="3 3" fill="none"/>
<polygon points="50,23 72,50 50,77 28,50" fill="url(#g-red)" stroke="url(#g-gold)" stroke-width="3" stroke-linejoin="round"/>
<polygon points="50,36 61,50 50,64 39,50" fill="url(#g-gold)" stroke="#3a0a0a" stroke-width="1.5" stroke-linejoin="round"/>
<polygon points="50,44 55,50 50,56 45,50" fill="#1d2a5c"/>
<g fill="#f3e7cf">${[
  [28, 26],
  [72, 26],
  [28, 74],
  [72, 74],
]
  .map(([x, y]) => `<polygon points="${x},${y - 4} ${x + 4},${y} ${x},${y + 4} ${x - 4},${y}"/>`)
  .join('')}</g>
<path d="M50 23 V17 M50 77 V83 M28 50 H20 M72 50 H80" stroke="url(#g-gold)" stroke-width="2.5"/>`;

// ---------- Card royals and the fallback ----------

const letter =
  (text: string, fill: string): Draw =>
  () =>
    `<text x="50" y="${text.length > 1 ? 70 : 72}" text-anchor="middle" font-family="Inter Variable, Inter, system-ui, sans-serif" font-weight="900" font-size="${text.length > 1 ? 52 : 66}" fill="${fill}" stroke="#1a0f00" stroke-width="2.5" paint-order="stroke">${text}</text>`;

/** The art of each key, per theme. Keys are compared without case or punctuation. */
export const THEME_ART: Record<string, Record<string, Draw>> = {
  sultan: {
    tulip,
    crescent,
    lamp,
    dagger,
    sultan,
    gems,
    gem: gems,
    scimitar,
    sword: scimitar,
    ring,
    coffee,
    tughra,
    palace: sultanScatter,
    wild: tughra,
    scatter: sultanScatter,
  },
  bosphorus: {
    ferry,
    tower,
    galata: tower,
    simit,
    tea,
    teaglass: tea,
    seagull,
    gull: seagull,
    moon,
    lantern,
    evileye: evilEye,
    nazar: evilEye,
    star: blueStar,
    maidentower: maidenTower,
    wild: maidenTower,
    scatter: moonScatter,
  },
  fruits: {
    cherries,
    cherry: cherries,
    lemon,
    grapes,
    grape: grapes,
    fig,
    watermelon,
    melon: watermelon,
    bell,
    seven,
    '7': seven,
    apricot,
    pomegranate,
    basket,
    star: fruitsStar,
    wild: fruitsStar,
    scatter: basket,
  },
  cappadocia: {
    balloon,
    hotairballoon: balloon,
    sunrise,
    sunset: sunrise,
    chimney,
    fairychimney: chimney,
    horse,
    pottery,
    pot: pottery,
    carpet,
    kilim: carpet,
    rug: carpet,
    wild: balloon,
    scatter: sunrise,
  },
};

/** Art shared by every theme (royals), found when the theme has no such key. */
export const COMMON_ART: Record<string, Draw> = {
  ace: letter('A', 'url(#g-red)'),
  a: letter('A', 'url(#g-red)'),
  king: letter('K', 'url(#g-blue)'),
  k: letter('K', 'url(#g-blue)'),
  queen: letter('Q', 'url(#g-purple)'),
  q: letter('Q', 'url(#g-purple)'),
  jack: letter('J', 'url(#g-green)'),
  j: letter('J', 'url(#g-green)'),
  ten: letter('10', 'url(#g-orange)'),
  '10': letter('10', 'url(#g-orange)'),
  nine: letter('9', 'url(#g-silver)'),
  '9': letter('9', 'url(#g-silver)'),
};

/** A symbol this client has no art for: its initial on a gold badge. */
export const fallbackArt = (name: string): Draw =>
  letter((name.trim()[0] ?? '?').toUpperCase(), 'url(#g-gold)');
