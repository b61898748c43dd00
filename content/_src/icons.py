import os
import math
from common import *
from art import suit_path, chip, ART_DEFS
M = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'media')

def icon(name, title, body, defs=''):
    s = svg_open(64, 64, title) + '<defs>' + defs + '</defs>' + body + '</svg>\n'
    open(f'{M}/categories/{name}.svg', 'w').write(s)

G = lambda gid, a, b: f'<linearGradient id="{gid}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="{a}"/><stop offset="1" stop-color="{b}"/></linearGradient>'

icon('popular', 'Popüler', '<path d="M32 4 C36 16 48 22 48 38 A16 16 0 0 1 16 38 C16 28 22 24 24 16 C27 22 30 24 31 26 C33 20 34 12 32 4Z" fill="url(#f)"/>'
     '<path d="M32 30 C34 36 40 38 40 45 A8 8 0 0 1 24 45 C24 40 28 38 29 34 C30 36 31 36 32 30Z" fill="#fff3c4"/>', G('f', '#ffcf4a', '#ff5c2e'))
icon('new', 'Yeni', star4(28, 34, 22, 'url(#f)') + star4(50, 14, 9, '#ffe27a') + star4(52, 46, 6, '#fff'), G('f', '#5dffb0', '#0fa85a'))
icon('slots', 'Slotlar', '<path d="M20 40 C22 26 30 16 44 10 M44 40 C42 30 42 20 44 10" stroke="#1fd17a" stroke-width="3.5" fill="none" stroke-linecap="round"/>'
     '<path d="M44 10 C50 6 58 8 60 14 C54 16 48 14 44 10Z" fill="#1fd17a"/>'
     '<circle cx="18" cy="46" r="12" fill="url(#f)"/><circle cx="44" cy="46" r="12" fill="url(#f)"/>'
     '<circle cx="14" cy="42" r="3.5" fill="#fff" opacity=".7"/><circle cx="40" cy="42" r="3.5" fill="#fff" opacity=".7"/>', G('f', '#ff6b7d', '#b0183a'))
bars = ''.join(f'<rect x="{6+i*9}" y="{56-h}" width="7" height="{h}" rx="2" fill="url(#f)"/>' for i, h in enumerate((18, 30, 24, 42, 34, 48)))
icon('megaways', 'Megaways', bars + '<path d="M6 22 L20 12 L32 18 L54 4" stroke="#ffb020" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/>', G('f', '#7cc4ff', '#1663c7'))
icon('jackpot', 'Jackpot', '<path d="M8 46 L4 14 L20 28 L32 8 L44 28 L60 14 L56 46Z" fill="url(#f)" stroke="#a85f00" stroke-width="2" stroke-linejoin="round"/>'
     '<rect x="8" y="46" width="48" height="10" rx="3" fill="url(#f)" stroke="#a85f00" stroke-width="2"/><circle cx="32" cy="36" r="5" fill="#ff5c6c"/>'
     '<circle cx="18" cy="38" r="3.5" fill="#3aa0ff"/><circle cx="46" cy="38" r="3.5" fill="#1fd17a"/>', G('f', '#ffe27a', '#e88a00'))
def die(x, y, r, pips):
    s = f'<g transform="translate({x} {y}) rotate({r})"><rect x="-13" y="-13" width="26" height="26" rx="6" fill="url(#f)" stroke="#9fb1c4" stroke-width="1"/>'
    for px, py in pips:
        s += f'<circle cx="{px*7}" cy="{py*7}" r="2.8" fill="#b0183a"/>'
    return s + '</g>'
icon('table', 'Masa Oyunları', die(22, 38, -12, [(-1, -1), (0, 0), (1, 1)]) + die(43, 26, 14, [(-1, -1), (1, -1), (-1, 1), (1, 1), (0, 0)]), G('f', '#ffffff', '#d6dde6'))
icon('crash', 'Crash', '<path d="M6 58 H58" stroke="#6b7f94" stroke-width="2"/><path d="M6 58 V6" stroke="#6b7f94" stroke-width="2"/>'
     '<path d="M8 54 C26 52 38 40 50 16" stroke="url(#f)" stroke-width="4.5" fill="none" stroke-linecap="round"/>'
     '<path d="M44 14 L56 6 L54 20Z" fill="#ff5c6c"/>' + star4(22, 20, 6, '#ffb020'), '<linearGradient id="f" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#1fd17a"/><stop offset="1" stop-color="#ffb020"/></linearGradient>')
wheel = '<circle cx="32" cy="32" r="28" fill="url(#f)"/><circle cx="32" cy="32" r="24" fill="#3a1d0b"/>'
for i in range(18):
    a0 = 2*math.pi*i/18; a1 = 2*math.pi*(i+1)/18
    col = '#0fa85a' if i == 0 else ('#d3173a' if i % 2 else '#151a22')
    wheel += f'<path d="M{32+23*math.cos(a0):.1f} {32+23*math.sin(a0):.1f} A23 23 0 0 1 {32+23*math.cos(a1):.1f} {32+23*math.sin(a1):.1f} L{32+14*math.cos(a1):.1f} {32+14*math.sin(a1):.1f} A14 14 0 0 0 {32+14*math.cos(a0):.1f} {32+14*math.sin(a0):.1f}Z" fill="{col}"/>'
wheel += '<circle cx="32" cy="32" r="14" fill="#7a4a1c"/><circle cx="32" cy="32" r="6" fill="url(#f)"/><circle cx="44" cy="18" r="3" fill="#fff"/>'
icon('roulette', 'Canlı Rulet', wheel, G('f', '#ffe27a', '#c97400'))
def mini_card(x, y, r, kind, col):
    return (f'<g transform="translate({x} {y}) rotate({r})"><rect x="-13" y="-18" width="26" height="36" rx="4" fill="#fdfdfd" stroke="#c9d6e3"/>'
            f'<g transform="translate(0 2)">{suit_path(kind, 18, col)}</g></g>')
icon('blackjack', 'Canlı Blackjack', mini_card(24, 34, -12, 'spade', '#151a22') + mini_card(40, 32, 10, 'heart', '#d3173a')
     + '<rect x="30" y="46" width="30" height="14" rx="7" fill="#1fd17a"/><text x="45" y="57" text-anchor="middle" font-size="11" font-weight="800" fill="#06220f">21</text>')
icon('baccarat', 'Canlı Bakara', chip(24, 40, 16, '#d3173a') + chip(42, 28, 16, '#1663c7', 20) + chip(34, 16, 12, '#ffb020', 0, '#5a3000'))
print('categories ok')

# ---------------- providers ----------------
def prov(fname, title, body, defs=''):
    s = svg_open(200, 60, title) + (f'<defs>{defs}</defs>' if defs else '') + body + '</svg>\n'
    open(f'{M}/providers/{fname}.svg', 'w').write(s)
L, S, A, Gd, I = '#eef3f8', '#9fb1c4', '#1fd17a', '#ffb020', '#3aa0ff'
def T(x, y, text, size, weight, fill, extra=''):
    return f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" fill="{fill}" {extra}>{esc(text)}</text>'
def mixed(x, y, parts, maxw=186, anchor='start'):
    # parts: [(text, weight, fill, extra)]; one text element with tspans, size fitted
    full = ''.join(p[0] for p in parts)
    size = min(parts[0][4] if len(parts[0]) > 4 else 30, fit(full, 30, maxw))
    sp = ''.join(f'<tspan font-weight="{p[1]}" fill="{p[2]}" {p[3]}>{esc(p[0])}</tspan>' for p in parts)
    return f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}">{sp}</text>'

prov('softgamings', 'SoftGamings', mixed(100, 40, [('Soft', 300, S, ''), ('Gamings', 800, L, '')], anchor='middle'))
prov('hub88', 'Hub88', T(12, 41, 'HUB', 30, 800, L, 'letter-spacing="4"') + '<rect x="102" y="12" width="62" height="38" rx="10" fill="none" stroke="#1fd17a" stroke-width="3"/>' + T(133, 41, '88', 28, 800, A, 'text-anchor="middle"'))
prov('egt-digital', 'EGT Digital', T(100, 34, 'EGT', 30, 900, L, 'text-anchor="middle" letter-spacing="2"') + T(100, 52, 'D I G I T A L', 12, 700, Gd, 'text-anchor="middle"'))
prov('amusnet', 'Amusnet', T(96, 40, 'amusnet', fit('amusnet', 32, 170), 800, L, 'text-anchor="middle" letter-spacing="-0.5"') + f'<circle cx="182" cy="18" r="5" fill="{Gd}"/>')
grid = ''.join(f'<rect x="{8+(i%3)*9}" y="{17+(i//3)*9}" width="7" height="7" rx="1.5" fill="{I if (i in (0,4,8)) else S}"/>' for i in range(9))
prov('everymatrix', 'EveryMatrix', grid + f'<text x="42" y="39" font-size="{fit("EVERYMATRIX", 22, 152)}">' + f'<tspan font-weight="300" fill="{S}">EVERY</tspan><tspan font-weight="800" fill="{L}">MATRIX</tspan></text>')
prov('digitain', 'Digitain', T(100, 38, 'digitain', 32, 600, L, 'text-anchor="middle"') + f'<rect x="48" y="46" width="104" height="4" rx="2" fill="{I}"/>')
prov('pragmatic-play', 'Pragmatic Play', T(100, 32, 'PRAGMATIC', fit('PRAGMATIC', 28, 184), 900, L, 'text-anchor="middle" font-style="italic"') + T(100, 51, 'P L A Y', 13, 700, Gd, 'text-anchor="middle"'))
prov('evolution', 'Evolution', f'<path d="M20 14 H180 M20 48 H180" stroke="{S}" stroke-width="1.5"/>' + T(100, 38, 'EVOLUTION', fit('EVOLUTION', 22, 128), 600, L, 'text-anchor="middle" letter-spacing="5"'))
prov('netent', 'NetEnt', mixed(100, 42, [('Net', 900, L, 'font-style="italic"'), ('Ent', 900, A, 'font-style="italic"', 34)], anchor='middle'))
prov('playn-go', "Play'n GO", T(14, 40, "Play’n", 28, 500, L) + f'<circle cx="148" cy="30" r="24" fill="none" stroke="{A}" stroke-width="3.5"/>' + T(148, 40, 'GO', 24, 900, A, 'text-anchor="middle"'))
prov('red-tiger', 'Red Tiger', f'<path d="M8 44 L20 16 H28 L16 44Z M22 44 L34 16 H38 L26 44Z" fill="#ff5c6c"/>' + f'<text x="46" y="40" font-size="{fit("RED TIGER", 26, 150)}" font-weight="900"><tspan fill="#ff5c6c">RED</tspan><tspan fill="{L}"> TIGER</tspan></text>')
prov('nolimit-city', 'Nolimit City', T(100, 36, 'NOLIMIT', fit('NOLIMIT', 30, 184), 900, L, 'text-anchor="middle" letter-spacing="1"') + T(100, 54, 'CITY', 13, 700, A, 'text-anchor="middle" letter-spacing="6"'))
prov('relax-gaming', 'Relax Gaming', mixed(100, 40, [('relax', 800, L, ''), (' gaming', 300, S, '')], anchor='middle'))
prov('push-gaming', 'Push Gaming', f'<path d="M10 18 L22 30 L10 42 M22 18 L34 30 L22 42" stroke="{Gd}" stroke-width="4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>' + f'<text x="44" y="39" font-size="{fit("PUSH GAMING", 24, 148)}" font-style="italic"><tspan font-weight="900" fill="{L}">PUSH</tspan><tspan font-weight="400" fill="{S}"> GAMING</tspan></text>')
prov('spribe', 'Spribe', star4(28, 30, 14, Gd) + T(112, 41, 'SPRIBE', fit('SPRIBE', 30, 140), 800, L, 'text-anchor="middle" letter-spacing="3"'))
prov('ezugi', 'Ezugi', f'<circle cx="30" cy="30" r="17" fill="none" stroke="{I}" stroke-width="4"/><circle cx="30" cy="30" r="6" fill="{I}"/>' + T(118, 41, 'ezugi', 32, 800, L, 'text-anchor="middle" letter-spacing="1"'))
print('providers ok')
