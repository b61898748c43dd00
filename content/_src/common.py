import math
from xml.sax.saxutils import escape as esc
FONT = 'Inter, system-ui, sans-serif'

def est_w(text, size):
    # pessimistic width estimate (DejaVu Sans Bold-like metrics)
    w = 0
    for ch in text:
        if ch == ' ': w += 0.35
        elif ch in 'iIl.,:;|!\'': w += 0.36
        elif ch in 'fjtr': w += 0.48
        elif ch in 'mwMW%': w += 1.0
        elif ch.isupper() or ch.isdigit() or ch in '₺': w += 0.76
        else: w += 0.66
    return w * size

def fit(text, size, maxw):
    w = est_w(text, size)
    return size if w <= maxw else max(12, int(size * maxw / w))

def svg_open(w, h, title, vbw=None, vbh=None):
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {vbw or w} {vbh or h}" '
            f'role="img" aria-label="{esc(title)}" font-family="{FONT}">\n<title>{esc(title)}</title>\n')

def star4(x, y, r, fill='#fff', op=1.0):
    k = r * 0.22
    return (f'<path d="M{x} {y-r} Q{x+k} {y-k} {x+r} {y} Q{x+k} {y+k} {x} {y+r} Q{x-k} {y+k} {x-r} {y} Q{x-k} {y-k} {x} {y-r}Z" '
            f'fill="{fill}" opacity="{op}"/>')

def coin(x, y, r, gid='gCoin', rot=0, label='₺'):
    s = f'<g transform="translate({x} {y}) rotate({rot})">'
    s += f'<ellipse cx="0" cy="{r*0.12:.1f}" rx="{r}" ry="{r}" fill="#a8620a"/>'
    s += f'<circle r="{r}" fill="url(#{gid})"/>'
    s += f'<circle r="{r*0.78:.1f}" fill="none" stroke="#fff3c4" stroke-opacity=".55" stroke-width="{max(1.5,r*0.06):.1f}"/>'
    s += f'<circle r="{r*0.78:.1f}" fill="none" stroke="#b86e00" stroke-opacity=".5" stroke-width="{max(1,r*0.03):.1f}" transform="translate({r*0.03:.1f} {r*0.05:.1f})"/>'
    if label:
        s += f'<text y="{r*0.36:.1f}" text-anchor="middle" font-size="{r*1.05:.1f}" font-weight="800" fill="#9a5400" fill-opacity=".85">{esc(label)}</text>'
    s += f'<path d="M{-r*0.55:.1f} {-r*0.55:.1f} A{r*0.8:.1f} {r*0.8:.1f} 0 0 1 {r*0.35:.1f} {-r*0.72:.1f}" stroke="#fff" stroke-opacity=".7" stroke-width="{max(1.5,r*0.08):.1f}" fill="none" stroke-linecap="round"/>'
    return s + '</g>'

def chip(x, y, r, color, rot=0, edge='#ffffff'):
    s = f'<g transform="translate({x} {y}) rotate({rot})">'
    s += f'<circle r="{r}" fill="{color}"/>'
    for i in range(8):
        a = i * 45
        s += f'<rect x="{-r*0.13:.1f}" y="{-r:.1f}" width="{r*0.26:.1f}" height="{r*0.26:.1f}" fill="{edge}" transform="rotate({a})"/>'
    s += f'<circle r="{r*0.68:.1f}" fill="{color}" stroke="{edge}" stroke-opacity=".8" stroke-width="{r*0.05:.1f}" stroke-dasharray="{r*0.2:.1f} {r*0.12:.1f}"/>'
    s += f'<circle r="{r*0.5:.1f}" fill="#000" fill-opacity=".18"/>'
    s += f'<circle r="{r}" fill="none" stroke="#000" stroke-opacity=".25" stroke-width="{r*0.04:.1f}"/>'
    return s + '</g>'

def coin_grad(gid='gCoin'):
    return (f'<radialGradient id="{gid}" cx="35%" cy="30%" r="75%">'
            '<stop offset="0" stop-color="#fff1b0"/><stop offset=".45" stop-color="#ffc23a"/>'
            '<stop offset=".85" stop-color="#e88a00"/><stop offset="1" stop-color="#b86200"/></radialGradient>')
