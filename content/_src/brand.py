import os
import math
from common import *
M = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'media')
GR = ('<linearGradient id="kg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5dffb0"/><stop offset="1" stop-color="#0fa85a"/></linearGradient>')

def mark(size, dark='#0e1621'):
    # a safe door with a dial: rounded square + dial ring + handle ticks, drawn in 64-unit space
    s = f'<g transform="scale({size/64})">'
    s += '<rect x="2" y="2" width="60" height="60" rx="16" fill="url(#kg)"/>'
    s += '<rect x="2" y="2" width="60" height="26" rx="14" fill="#fff" fill-opacity=".14"/>'
    s += f'<circle cx="32" cy="32" r="17" fill="none" stroke="{dark}" stroke-width="5"/>'
    for i in range(8):
        s += f'<rect x="30.5" y="9" width="3" height="5" rx="1.5" fill="{dark}" transform="rotate({i*45} 32 32)"/>'
    s += f'<circle cx="32" cy="32" r="6" fill="{dark}"/>'
    s += f'<rect x="30" y="18" width="4" height="10" rx="2" fill="{dark}" transform="rotate(40 32 32)"/>'
    return s + '</g>'

def write(path, s):
    open(f'{M}/{path}', 'w').write(s)

# header logo 160x40
s = svg_open(160, 40, 'Kasa') + '<defs>' + GR + '<linearGradient id="tg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5dffb0"/><stop offset="1" stop-color="#1fd17a"/></linearGradient></defs>'
s += f'<g transform="translate(2 2)">{mark(36)}</g>'
s += '<text x="48" y="30" font-size="27" font-weight="900" letter-spacing="1.5" fill="url(#tg)">KASA</text>'
write('logo.svg', s + '</svg>\n')
write('logo-mark.svg', svg_open(64, 64, 'Kasa') + '<defs>' + GR + '</defs>' + mark(64) + '</svg>\n')
# app icon 512 (full-bleed, maskable safe zone)
s = svg_open(512, 512, 'Kasa') + '<defs>' + GR + '<radialGradient id="bgg" cx=".5" cy=".35" r=".75"><stop offset="0" stop-color="#1b2a3b"/><stop offset="1" stop-color="#0e1621"/></radialGradient></defs>'
s += '<rect width="512" height="512" fill="url(#bgg)"/>'
s += f'<g transform="translate(128 104)">{mark(256)}</g>'
s += '<text x="256" y="430" text-anchor="middle" font-size="64" font-weight="900" letter-spacing="8" fill="#1fd17a">KASA</text>'
write('app-icon.svg', s + '</svg>\n')
# placeholder banner
s = svg_open(1040, 600, 'Yükleniyor') + '<defs>' + GR + '<linearGradient id="pb" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1b2a3b"/><stop offset="1" stop-color="#15212f"/></linearGradient></defs>'
s += '<rect width="1040" height="600" fill="url(#pb)"/>'
s += '<rect x="64" y="150" width="380" height="44" rx="12" fill="#26374a"/><rect x="64" y="214" width="300" height="44" rx="12" fill="#26374a"/>'
s += '<rect x="64" y="290" width="420" height="20" rx="10" fill="#26374a" opacity=".7"/><rect x="64" y="370" width="190" height="56" rx="28" fill="#26374a"/>'
s += '<circle cx="770" cy="300" r="170" fill="#26374a" opacity=".5"/>'
s += f'<g transform="translate(706 236)" opacity=".35">{mark(128, "#15212f")}</g>'
write('placeholder-banner.svg', s + '</svg>\n')
# default provider / category image
s = svg_open(96, 96, 'Oyun') + '<defs><linearGradient id="d" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#26374a"/><stop offset="1" stop-color="#1b2a3b"/></linearGradient></defs>'
s += '<rect x="2" y="2" width="92" height="92" rx="20" fill="url(#d)" stroke="#26374a" stroke-width="2"/>'
s += '<rect x="20" y="34" width="56" height="32" rx="16" fill="none" stroke="#9fb1c4" stroke-width="4"/>'
s += '<path d="M34 42 V58 M26 50 H42" stroke="#9fb1c4" stroke-width="4" stroke-linecap="round"/>'
s += '<circle cx="58" cy="46" r="3.5" fill="#1fd17a"/><circle cx="66" cy="54" r="3.5" fill="#ffb020"/>'
write('default-provider.svg', s + '</svg>\n')
print('brand ok')

# jackpot plates 360x120
def plate(fname, title, c1, c2, icon, acc):
    s = svg_open(360, 120, title) + f'<defs><linearGradient id="j" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="{c1}"/><stop offset="1" stop-color="{c2}"/></linearGradient>'
    s += '<linearGradient id="gGold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe27a"/><stop offset=".5" stop-color="#ffb020"/><stop offset="1" stop-color="#c97400"/></linearGradient></defs>'
    s += '<rect width="360" height="120" rx="16" fill="url(#j)"/>'
    s += '<rect x="1" y="1" width="358" height="118" rx="15" fill="none" stroke="#ffffff" stroke-opacity=".15" stroke-width="2"/>'
    for i in range(6):
        s += f'<circle cx="{300 + (i%3)*18}" cy="{18 + (i//3)*84}" r="{3 + i%2}" fill="#fff" opacity=".2"/>'
    s += f'<g transform="translate(62 60)">{icon}</g>'
    s += f'<text x="124" y="58" font-size="{fit(title.upper(), 30, 200)}" font-weight="900" fill="#ffffff" letter-spacing="1">{esc(title.upper())}</text>'
    s += f'<text x="124" y="84" font-size="14" font-weight="700" fill="{acc}" letter-spacing="3">JACKPOT</text>'
    write(f'jackpots/{fname}.svg', s + '</svg>\n')
cash = ''.join(f'<rect x="-34" y="{-10 - i*10}" width="68" height="34" rx="5" fill="#2fbf71" stroke="#0b6b3a" stroke-width="2"/>' for i in range(3)) + '<circle cx="0" cy="-13" r="9" fill="none" stroke="#0b6b3a" stroke-width="2.5"/>' + '<rect x="-34" y="10" width="68" height="10" fill="#ffb020"/>'
clover = ''.join(f'<circle cx="{14*math.cos(math.radians(a)):.1f}" cy="{14*math.sin(math.radians(a)):.1f}" r="15" fill="#1fd17a"/>' for a in (-90, 0, 90, 180)) + '<circle r="8" fill="#0fa85a"/><path d="M4 10 Q10 30 22 38" stroke="#0fa85a" stroke-width="5" fill="none" stroke-linecap="round"/>'
crownp = '<path d="M-38 22 L-44 -22 L-20 -2 L0 -34 L20 -2 L44 -22 L38 22Z" fill="url(#gGold)" stroke="#a85f00" stroke-width="2.5" stroke-linejoin="round"/><circle cx="0" cy="8" r="6" fill="#ff5c6c"/>'
pyr = '<path d="M0 -38 L44 30 H-44Z" fill="url(#gGold)"/><path d="M0 -38 L44 30 H10Z" fill="#c97400"/><path d="M-30 8 H30 M-18 -12 H18" stroke="#a85f00" stroke-width="2"/>'
plate('high-cash', 'High Cash', '#0b4a2c', '#0e1621', cash, '#ffb020')
plate('clover-chance', 'Clover Chance', '#0f3b20', '#102a1b', clover, '#5dffb0')
plate('shining-crown', 'Shining Crown', '#4a1a5e', '#1a0f2e', crownp, '#ffb020')
plate('egypt-quest', 'Egypt Quest', '#5a3a0a', '#1f1606', pyr, '#ffe27a')
print('jackpots ok')
