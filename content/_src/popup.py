import os
from common import *
from art import ART_DEFS, ARTS
import banners as B

ART = ('trial-bonus', 'gift', '#0b2a22', '#0e1621', '#1fd17a', '#1fd17a')
MEDIA = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'media', 'popup')
# The popup's texts by language; Turkish art in media/popup, each other language's in media/popup/<lang>/.
TEXTS = {
    'tr': {'kicker': 'YENİ ÜYELERE ÖZEL', 'lines': ['50 ₺ Deneme', 'Bonusu'],
           'sub': 'Kayıt ol, yatırım yapmadan oynamaya başla',
           'sub_lines': ['Kayıt ol, yatırım yapmadan', 'oynamaya başla'], 'cta': 'Hemen Kayıt Ol',
           'amount': '50 ₺', 'free': 'BEDAVA',
           'terms': '18+ · Yalnızca yeni üyeler içindir. Şartlar ve koşullar geçerlidir.', 'out': MEDIA},
    'en': {'kicker': 'FOR NEW MEMBERS ONLY', 'lines': ['₺50 Trial', 'Bonus'],
           'sub': 'Sign up and start playing without a deposit',
           'sub_lines': ['Sign up and start playing', 'without a deposit'], 'cta': 'Sign Up Now',
           'amount': '₺50', 'free': 'FREE',
           'terms': '18+ · New members only. Terms and conditions apply.', 'out': os.path.join(MEDIA, 'en')},
}

def badge(x, y, r, tx):
    s = f'<g transform="translate({x} {y}) rotate(12)">'
    pts = []
    import math
    for i in range(32):
        rr = r if i % 2 == 0 else r * 0.86
        a = math.pi * 2 * i / 32
        pts.append(f'{rr*math.cos(a):.1f},{rr*math.sin(a):.1f}')
    s += f'<polygon points="{" ".join(pts)}" fill="url(#gGold)" stroke="#a85f00" stroke-width="2"/>'
    s += f'<text y="{-r*0.08:.1f}" text-anchor="middle" font-size="{r*0.42:.1f}" font-weight="900" fill="#3a1d00">{esc(tx["amount"])}</text>'
    s += f'<text y="{r*0.3:.1f}" text-anchor="middle" font-size="{r*0.2:.1f}" font-weight="800" fill="#3a1d00">{esc(tx["free"])}</text>'
    return s + '</g>'

def make(variant, lang):
    tx = TEXTS[lang]
    b = ART + (tx['kicker'], tx['lines'], tx['sub'], tx['cta'], [])
    TERMS = tx['terms']
    if variant == 'sm':
        w, h, ax, ay, sc = 600, 800, 300, 270, 0.95
    elif variant == 'xl':
        w, h, ax, ay, sc = 1000, 600, 690, 320, 0.95
    else:
        w, h, ax, ay, sc = 800, 600, 580, 290, 0.8
    s = svg_open(w, h, f"{' '.join(tx['lines'])} — {tx['sub']}")
    s += B.defs(b, w, h, ax, ay) + B.background(b, w, h, ax, ay, 5)
    s += f'<rect x="3" y="3" width="{w-6}" height="{h-6}" rx="22" fill="none" stroke="#1fd17a" stroke-opacity=".45" stroke-width="3"/>'
    s += f'<g transform="translate({ax} {ay}) scale({sc})">{ARTS["gift"]()}</g>'
    if variant == 'sm':
        s += badge(500, 92, 66, tx)
        s += f'<rect x="0" y="420" width="{w}" height="{h-420}" fill="url(#panel)"/>'
        s += f'<g text-anchor="middle">'
        kick = b[6]
        s += f'<text x="{w/2}" y="500" font-size="20" font-weight="700" letter-spacing="3" fill="#1fd17a">{esc(kick)}</text>'
        s += f'<text x="{w/2}" y="570" font-size="{fit(b[7][0], 66, 520)}" font-weight="900" fill="url(#head)" filter="url(#tShadow)">{esc(b[7][0])}</text>'
        s += f'<text x="{w/2}" y="636" font-size="66" font-weight="900" fill="#1fd17a" filter="url(#tShadow)">{esc(b[7][1])}</text>'
        s += f'<text x="{w/2}" y="682" font-size="{fit(b[8], 21, 540)}" font-weight="500" fill="#c9d6e3">{esc(b[8])}</text></g>'
        cw = est_w(b[9], 22) * 1.06 + 22 * 2.9
        s += B.cta((w - cw) / 2, 704, b[9], 22, 54, '#1fd17a')
        s += f'<text x="{w/2}" y="{h-14}" text-anchor="middle" font-size="12" fill="#9fb1c4">{esc(TERMS)}</text>'
    else:
        x = 56
        colw = 420 if variant == 'xl' else 340
        s += badge(w - 90, 95, 62 if variant == 'xl' else 54, tx)
        s += B.pill_text(x, 120, b[6], 17, '#1fd17a', 36)
        s += B.headline(x, 240, b[7], 70 if variant == 'xl' else 58, 76 if variant == 'xl' else 64, colw, '#1fd17a')
        yb = 240 + (76 if variant == 'xl' else 64)
        sub = b[8]
        if variant == 'lg':
            s += f'<text x="{x}" y="{yb+46}" font-size="20" font-weight="500" fill="#c9d6e3">{esc(tx["sub_lines"][0])}</text>'
            s += f'<text x="{x}" y="{yb+72}" font-size="20" font-weight="500" fill="#c9d6e3">{esc(tx["sub_lines"][1])}</text>'
            s += B.cta(x, yb + 100, b[9], 21, 54, '#1fd17a')
        else:
            s += f'<text x="{x}" y="{yb+50}" font-size="{fit(sub, 22, colw + 60)}" font-weight="500" fill="#c9d6e3">{esc(sub)}</text>'
            s += B.cta(x, yb + 86, b[9], 22, 58, '#1fd17a')
        s += f'<text x="{x}" y="{h-26}" font-size="13" fill="#9fb1c4">{esc(TERMS)}</text>'
    s += '</svg>\n'
    os.makedirs(tx['out'], exist_ok=True)
    open(f"{tx['out']}/trial-bonus-{variant}.svg", 'w').write(s)

for lang in TEXTS:
    for v in ('sm', 'lg', 'xl'):
        make(v, lang)
print('ok')
