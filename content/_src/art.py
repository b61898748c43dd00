import math
from common import *

ART_DEFS = (coin_grad('gCoin') +
  '<linearGradient id="gGold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe27a"/><stop offset=".5" stop-color="#ffb020"/><stop offset="1" stop-color="#c97400"/></linearGradient>'
  '<linearGradient id="gSilver" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#c9d6e3"/></linearGradient>'
  '<linearGradient id="gRed" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff5c6c"/><stop offset="1" stop-color="#b0183a"/></linearGradient>'
  '<linearGradient id="gGreen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5dffb0"/><stop offset="1" stop-color="#0c9a55"/></linearGradient>'
  '<linearGradient id="gPurple" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c36bff"/><stop offset="1" stop-color="#5b1fb8"/></linearGradient>'
  '<linearGradient id="gBlue" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7cc4ff"/><stop offset="1" stop-color="#1663c7"/></linearGradient>'
  '<filter id="fShadow" x="-30%" y="-30%" width="160%" height="160%"><feDropShadow dx="0" dy="14" stdDeviation="14" flood-color="#000" flood-opacity=".45"/></filter>'
)

def gift():
    s = '<g filter="url(#fShadow)">'
    # box
    s += '<rect x="-120" y="-20" width="240" height="170" rx="14" fill="url(#gGreen)"/>'
    s += '<rect x="-120" y="-20" width="120" height="170" rx="14" fill="#000" fill-opacity=".12"/>'
    s += '<rect x="-140" y="-70" width="280" height="62" rx="14" fill="#3df09a"/>'
    s += '<rect x="-140" y="-70" width="280" height="20" rx="10" fill="#fff" fill-opacity=".25"/>'
    s += '<rect x="-22" y="-70" width="44" height="220" fill="url(#gGold)"/>'
    s += '<rect x="-22" y="-70" width="12" height="220" fill="#fff" fill-opacity=".35"/>'
    # bow
    s += '<path d="M0 -70 C-40 -150 -130 -140 -100 -95 C-85 -75 -40 -72 0 -70Z" fill="url(#gGold)" stroke="#c97400" stroke-width="3"/>'
    s += '<path d="M0 -70 C40 -150 130 -140 100 -95 C85 -75 40 -72 0 -70Z" fill="url(#gGold)" stroke="#c97400" stroke-width="3"/>'
    s += '<circle cx="0" cy="-72" r="18" fill="#ffcf4a" stroke="#c97400" stroke-width="3"/>'
    s += '</g>'
    s += coin(-170, 110, 40, rot=-15) + coin(175, 70, 46, rot=12) + coin(140, -150, 30, rot=20) + coin(-160, -110, 26, rot=-25)
    s += star4(-60, -190, 16) + star4(200, -40, 12) + star4(-200, 20, 10)
    return s

def roulette():
    s = '<g filter="url(#fShadow)">'
    s += '<circle r="195" fill="#4a2a12"/><circle r="188" fill="url(#gGold)"/><circle r="172" fill="#3a1d0b"/>'
    n = 37
    for i in range(n):
        a0 = 2*math.pi*i/n - math.pi/2; a1 = 2*math.pi*(i+1)/n - math.pi/2
        col = '#0fa85a' if i == 0 else ('#d3173a' if i % 2 else '#151a22')
        R, r = 165, 110
        p = (f'M{R*math.cos(a0):.1f} {R*math.sin(a0):.1f} A{R} {R} 0 0 1 {R*math.cos(a1):.1f} {R*math.sin(a1):.1f} '
             f'L{r*math.cos(a1):.1f} {r*math.sin(a1):.1f} A{r} {r} 0 0 0 {r*math.cos(a0):.1f} {r*math.sin(a0):.1f}Z')
        s += f'<path d="{p}" fill="{col}" stroke="#e8b34a" stroke-width="1.5"/>'
    s += '<circle r="110" fill="#5a3414" stroke="url(#gGold)" stroke-width="6"/>'
    s += '<circle r="80" fill="#7a4a1c"/>'
    for i in range(8):
        s += f'<rect x="-6" y="-105" width="12" height="60" rx="6" fill="url(#gGold)" transform="rotate({i*45})"/>'
    s += '<circle r="34" fill="url(#gGold)" stroke="#9a5400" stroke-width="3"/><circle r="12" fill="#fff3c4"/>'
    s += '<circle cx="58" cy="-135" r="12" fill="url(#gSilver)" stroke="#8899aa" stroke-width="1"/>'
    s += '<path d="M-150 -80 A170 170 0 0 1 -60 -160" stroke="#fff" stroke-opacity=".35" stroke-width="8" fill="none" stroke-linecap="round"/>'
    s += '</g>'
    s += chip(-190, 150, 38, '#d3173a', 10) + chip(185, 160, 34, '#1fd17a', -20) + chip(205, -120, 26, '#3aa0ff', 30)
    s += star4(-180, -150, 14) + star4(120, -200, 10)
    return s

def cashback(percent='%20'):
    s = '<g filter="url(#fShadow)">'
    s += '<circle r="175" fill="none" stroke="#3aa0ff" stroke-opacity=".25" stroke-width="30"/>'
    # two arrows around
    s += '<path d="M-150 -60 A160 160 0 0 1 120 -110" fill="none" stroke="url(#gBlue)" stroke-width="26" stroke-linecap="round"/>'
    s += '<path d="M105 -160 L170 -95 L88 -70Z" fill="#7cc4ff"/>'
    s += '<path d="M150 60 A160 160 0 0 1 -120 110" fill="none" stroke="url(#gBlue)" stroke-width="26" stroke-linecap="round"/>'
    s += '<path d="M-105 160 L-170 95 L-88 70Z" fill="#1663c7"/>'
    s += '</g>'
    s += coin(0, 0, 105, label='')
    s += f'<text y="24" text-anchor="middle" font-size="72" font-weight="900" fill="#8a4a00">{percent}</text>'
    s += coin(-175, 135, 30, rot=-15) + coin(190, 10, 24, rot=20)
    s += star4(150, -190, 14) + star4(-200, -40, 11) + star4(60, 200, 10)
    return s

def football():
    s = '<g filter="url(#fShadow)">'
    s += '<circle r="150" fill="url(#gSilver)"/>'
    pts = lambda cx, cy, r, rot: ' '.join(f'{cx+r*math.cos(math.radians(rot+72*i-90)):.1f},{cy+r*math.sin(math.radians(rot+72*i-90)):.1f}' for i in range(5))
    s += f'<polygon points="{pts(0,0,48,0)}" fill="#15212f"/>'
    for i in range(5):
        a = math.radians(72*i - 90 + 36)
        cx, cy = 118*math.cos(a), 118*math.sin(a)
        s += f'<polygon points="{pts(cx,cy,40,72*i+36+180)}" fill="#15212f"/>'
        b = math.radians(72*i - 90)
        s += f'<line x1="{46*math.cos(b):.1f}" y1="{46*math.sin(b):.1f}" x2="{92*math.cos(b):.1f}" y2="{92*math.sin(b):.1f}" stroke="#15212f" stroke-width="5"/>'
    s += '<circle r="150" fill="none" stroke="#0e1621" stroke-opacity=".3" stroke-width="6"/>'
    s += '<path d="M-110 -70 A130 130 0 0 1 -40 -135" stroke="#fff" stroke-width="12" fill="none" stroke-linecap="round" opacity=".8"/>'
    s += '</g>'
    # odds tickets
    for (x, y, r, t, c) in [(-190, 110, -8, '2.45', '#ffb020'), (170, 140, 6, '1.85', '#1fd17a'), (175, -150, 10, '3.20', '#3aa0ff')]:
        s += f'<g transform="translate({x} {y}) rotate({r})" filter="url(#fShadow)"><rect x="-62" y="-30" width="124" height="60" rx="14" fill="#15212f" stroke="{c}" stroke-width="3"/>'
        s += f'<text y="13" text-anchor="middle" font-size="34" font-weight="800" fill="{c}">{t}</text></g>'
    s += star4(-150, -160, 14) + star4(40, -210, 10)
    return s

def reels():
    s = '<g filter="url(#fShadow)">'
    s += '<rect x="-200" y="-150" width="400" height="300" rx="36" fill="url(#gPurple)"/>'
    s += '<rect x="-200" y="-150" width="400" height="60" rx="30" fill="#fff" fill-opacity=".12"/>'
    s += '<rect x="-175" y="-100" width="350" height="200" rx="20" fill="#12061f"/>'
    for i, x in enumerate((-160, -50, 60)):
        s += f'<rect x="{x}" y="-88" width="100" height="176" rx="12" fill="url(#gSilver)"/>'
        s += f'<rect x="{x}" y="-88" width="100" height="40" rx="12" fill="#000" fill-opacity=".18"/>'
        s += f'<rect x="{x}" y="48" width="100" height="40" rx="12" fill="#000" fill-opacity=".18"/>'
        s += f'<text x="{x+50}" y="34" text-anchor="middle" font-size="104" font-weight="900" fill="url(#gRed)" stroke="#7a0b22" stroke-width="3">7</text>'
    s += '<rect x="-180" y="-6" width="360" height="6" fill="#ffb020" opacity=".9"/>'
    # lever
    s += '<rect x="200" y="-20" width="26" height="70" rx="8" fill="#3a1670"/>'
    s += '<rect x="222" y="-140" width="12" height="130" rx="6" fill="url(#gSilver)"/>'
    s += '<circle cx="228" cy="-150" r="24" fill="url(#gRed)"/>'
    # bulbs
    for i in range(9):
        s += f'<circle cx="{-160+i*40}" cy="-125" r="7" fill="#ffe27a"/>'
    s += '<rect x="-120" y="150" width="240" height="34" rx="10" fill="#3a1670"/>'
    s += '</g>'
    s += coin(-210, 160, 32, rot=-15) + coin(-150, 190, 26, rot=12) + coin(215, 170, 30, rot=25)
    s += star4(-220, -170, 16) + star4(170, -200, 12)
    return s

def crown():
    s = coin(-150, 120, 48, rot=-10) + coin(-70, 150, 54, rot=8) + coin(40, 150, 58, rot=-6) + coin(150, 125, 50, rot=15) + coin(-20, 100, 44, rot=0)
    s += '<g filter="url(#fShadow)" transform="translate(0 -40)">'
    s += '<path d="M-160 60 L-180 -110 L-90 -30 L0 -150 L90 -30 L180 -110 L160 60Z" fill="url(#gGold)" stroke="#a85f00" stroke-width="5" stroke-linejoin="round"/>'
    s += '<rect x="-165" y="50" width="330" height="48" rx="10" fill="url(#gGold)" stroke="#a85f00" stroke-width="5"/>'
    s += '<path d="M-150 40 L-162 -70 L-90 -10 L0 -118" stroke="#fff" stroke-opacity=".5" stroke-width="8" fill="none" stroke-linecap="round"/>'
    for x, c in ((-90, '#ff5c6c'), (0, '#3aa0ff'), (90, '#1fd17a')):
        s += f'<circle cx="{x}" cy="74" r="14" fill="{c}" stroke="#fff" stroke-opacity=".6" stroke-width="3"/>'
    for x, y in ((-180, -110), (0, -150), (180, -110)):
        s += f'<circle cx="{x}" cy="{y}" r="14" fill="#fff3c4" stroke="#a85f00" stroke-width="4"/>'
    s += '</g>'
    s += star4(-200, -160, 18) + star4(205, -60, 14) + star4(60, -230, 10)
    return s

def trophy():
    s = '<g filter="url(#fShadow)">'
    s += '<path d="M-110 -170 H110 V-60 A110 110 0 0 1 -110 -60Z" fill="url(#gGold)"/>'
    s += '<path d="M-110 -150 C-200 -150 -190 -30 -90 -20" fill="none" stroke="url(#gGold)" stroke-width="20"/>'
    s += '<path d="M110 -150 C200 -150 190 -30 90 -20" fill="none" stroke="url(#gGold)" stroke-width="20"/>'
    s += '<path d="M-80 -150 V-80 A70 70 0 0 0 -30 -12" stroke="#fff" stroke-opacity=".5" stroke-width="14" fill="none" stroke-linecap="round"/>'
    s += '<rect x="-22" y="45" width="44" height="60" fill="url(#gGold)"/>'
    s += '<rect x="-80" y="100" width="160" height="30" rx="6" fill="#c97400"/>'
    s += '<rect x="-100" y="125" width="200" height="46" rx="8" fill="#5b1fb8"/>'
    s += '<rect x="-100" y="125" width="200" height="12" rx="6" fill="#fff" fill-opacity=".2"/>'
    s += '<path d="M0 -140 L14 -106 L50 -104 L22 -82 L32 -46 L0 -66 L-32 -46 L-22 -82 L-50 -104 L-14 -106Z" fill="#fff3c4"/>'
    s += '</g>'
    s += chip(-190, 120, 40, '#d3173a', 15) + chip(-150, 170, 34, '#151a22', -10) + chip(190, 140, 38, '#1fd17a', 20) + chip(200, -130, 26, '#3aa0ff', 0)
    s += star4(-190, -150, 16) + star4(150, -220, 12)
    return s

def card(x, y, rot, rank, suit, color):
    s = f'<g transform="translate({x} {y}) rotate({rot})" filter="url(#fShadow)">'
    s += '<rect x="-90" y="-125" width="180" height="250" rx="18" fill="#fdfdfd" stroke="#d6dde6" stroke-width="2"/>'
    s += f'<text x="-64" y="-72" text-anchor="middle" font-size="48" font-weight="800" fill="{color}">{rank}</text>'
    s += f'<text x="0" y="52" text-anchor="middle" font-size="130" fill="{color}">{suit}</text>'
    s += f'<text x="64" y="108" text-anchor="middle" font-size="48" font-weight="800" fill="{color}" transform="rotate(180 64 92)">{rank}</text>'
    return s + '</g>'

def suit_path(kind, size, color):
    # simple own-drawn suit shapes centered at 0,0, size ~ height
    k = size / 100
    if kind == 'heart':
        d = 'M0 35 C-60 -5 -50 -50 -22 -50 C-8 -50 0 -38 0 -30 C0 -38 8 -50 22 -50 C50 -50 60 -5 0 35Z'
    elif kind == 'spade':
        d = 'M0 -50 C-10 -30 -55 -10 -50 15 C-46 35 -18 38 -6 22 L-14 48 H14 L6 22 C18 38 46 35 50 15 C55 -10 10 -30 0 -50Z'
    elif kind == 'diamond':
        d = 'M0 -50 L38 0 L0 50 L-38 0Z'
    else:  # club
        d = ('M0 -48 A22 22 0 1 1 -1 -48Z M-26 -4 A22 22 0 1 1 -27 -4Z M26 -4 A22 22 0 1 1 25 -4Z '
             'M-6 10 L-14 48 H14 L6 10Z')
        return (f'<g transform="scale({k})" fill="{color}"><circle cx="0" cy="-26" r="22"/><circle cx="-24" cy="10" r="22"/>'
                f'<circle cx="24" cy="10" r="22"/><path d="M-6 6 L-16 48 H16 L6 6Z"/></g>')
    return f'<path transform="scale({k})" d="{d}" fill="{color}"/>'

def playcard(x, y, rot, rank, kind, color):
    s = f'<g transform="translate({x} {y}) rotate({rot})" filter="url(#fShadow)">'
    s += '<rect x="-90" y="-125" width="180" height="250" rx="18" fill="#fdfdfd" stroke="#d6dde6" stroke-width="2"/>'
    s += f'<text x="-58" y="-74" text-anchor="middle" font-size="44" font-weight="800" fill="{color}">{rank}</text>'
    s += f'<g transform="translate(-58 -40)">{suit_path(kind, 34, color)}</g>'
    s += f'<g transform="translate(8 20)">{suit_path(kind, 120, color)}</g>'
    return s + '</g>'

def cards():
    s = playcard(-70, 10, -14, 'A', 'spade', '#151a22') + playcard(70, 0, 12, 'K', 'heart', '#d3173a')
    s += chip(-170, 150, 40, '#1fd17a', 10) + chip(-120, 175, 34, '#151a22', -20) + chip(180, 150, 42, '#ffb020', 5, '#5a3000')
    s += chip(190, -150, 28, '#d3173a', 0)
    s += star4(-200, -150, 16) + star4(20, -210, 12)
    return s

def calendar():
    s = '<g filter="url(#fShadow)">'
    s += '<rect x="-140" y="-150" width="280" height="290" rx="26" fill="#fdfdfd"/>'
    s += '<path d="M-140 -124 A26 26 0 0 1 -114 -150 H114 A26 26 0 0 1 140 -124 V-60 H-140Z" fill="url(#gRed)"/>'
    s += '<text y="-88" text-anchor="middle" font-size="44" font-weight="800" fill="#fff" letter-spacing="4">CUMA</text>'
    s += '<text y="60" text-anchor="middle" font-size="112" font-weight="900" fill="#15212f">%50</text>'
    s += '<rect x="-90" y="90" width="180" height="14" rx="7" fill="#d6dde6"/>'
    for x in (-80, 80):
        s += f'<rect x="{x-10}" y="-172" width="20" height="48" rx="10" fill="#c9d6e3" stroke="#8899aa" stroke-width="2"/>'
    s += '</g>'
    s += coin(-170, 140, 42, rot=-12) + coin(165, 130, 38, rot=15) + coin(185, -110, 28, rot=-20)
    s += star4(-190, -150, 16) + star4(120, -210, 12) + star4(210, 40, 10)
    return s

def plane():
    s = '<path d="M-220 140 C-150 160 -120 90 -60 100 C0 110 -10 60 40 40" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="5" stroke-dasharray="4 14" stroke-linecap="round"/>'
    s += '<g filter="url(#fShadow)" transform="rotate(-12)">'
    s += '<path d="M-150 10 L190 -120 L60 140 L10 60Z" fill="url(#gSilver)"/>'
    s += '<path d="M10 60 L190 -120 L-10 120Z" fill="#9fb8d6"/>'
    s += '<path d="M-150 10 L190 -120 L10 60Z" fill="#ffffff"/>'
    s += '<path d="M10 60 L-10 120 L30 82Z" fill="#6f8fb3"/>'
    s += '</g>'
    for (x, y, r) in ((-150, -120, 26), (180, 120, 20)):
        s += f'<circle cx="{x}" cy="{y}" r="{r}" fill="#3aa0ff" fill-opacity=".35"/>'
    s += star4(-190, -40, 16) + star4(120, -200, 12) + star4(210, 30, 10)
    s += coin(-120, 170, 30, rot=-10)
    return s

ARTS = dict(gift=gift, roulette=roulette, cashback=cashback, football=football, reels=reels,
            crown=crown, trophy=trophy, cards=cards, calendar=calendar, plane=plane)
