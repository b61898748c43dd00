import math, os, sys
from common import *
from art import ART_DEFS, ARTS

MEDIA = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'media', 'banners')
# Turkish art in media/banners, each other language's in media/banners/<lang>/.
OUT = {'tr': MEDIA, 'en': os.path.join(MEDIA, 'en')}
TERMS_BY_LANG = {
    'tr': '18+ · Şartlar ve koşullar geçerlidir. Lütfen sorumlu oynayın.',
    'en': '18+ · Terms and conditions apply. Please play responsibly.',
}
TERMS = TERMS_BY_LANG['tr']

# name, art, bg1, bg2, glow, accent, kicker, [headline lines], sub, cta, chips
BANNERS = [
 ('welcome', 'gift', '#0b2a22', '#0e1621', '#1fd17a', '#1fd17a', 'YENİ ÜYELERE',
  ['%100 Hoş Geldin', 'Bonusu'], 'İlk yatırımına 5.000 ₺’ye kadar ekstra bakiye', 'Hemen Katıl',
  ['Min. yatırım 100 ₺', '25x çevrim', '30 gün geçerli']),
 ('live-casino', 'roulette', '#2a0d3d', '#0e1621', '#b04dff', '#ff4fd8', 'GERÇEK KRUPİYELER',
  ['Canlı Casino'], 'Rulet, blackjack ve bakara masaları 7/24 açık', 'Masaya Otur',
  ['HD yayın', 'Türkçe masalar', 'Yüksek limitler']),
 ('weekly-cashback', 'cashback', '#0b2142', '#0e1621', '#3aa0ff', '#3aa0ff', 'HER PAZARTESİ',
  ['Haftalık Kayıp', 'Bonusu'], 'Haftalık kayıplarına %20’ye varan iade', 'Detayları Gör',
  ['Çevrimsiz', 'Otomatik yüklenir', 'Üst sınır 10.000 ₺']),
 ('high-odds', 'football', '#2e1e05', '#0e1621', '#ffb020', '#ffb020', 'SPOR BAHİSLERİ',
  ['Yüksek Oranlar'], 'Binlerce maçta canlı bahis ve anlık oran takibi', 'Bahis Yap',
  ['Canlı bahis', 'Kombine bonusu', 'Erken ödeme']),
 ('freespin', 'reels', '#2b0b3f', '#0e1621', '#ff4fd8', '#ff4fd8', 'SLOT HAFTASI',
  ['500 Freespin'], 'Seçili slot oyunlarında haftalık freespin yağmuru', 'Oyunları Keşfet',
  ['Her gün yeni oyun', 'Kolay katılım', 'Anında kazanç']),
 ('jackpot-hunt', 'crown', '#33200a', '#0e1621', '#ffb020', '#ffb020', 'BÜYÜK İKRAMİYE',
  ['Jackpot Avı'], 'Dev jackpot havuzu 125.000 ₺’yi aştı', 'Şansını Dene',
  ['High Cash', 'Clover Chance', 'Shining Crown']),
 ('roulette-tournament', 'trophy', '#1f0c44', '#0e1621', '#8f5bff', '#ffb020', 'CANLI CASİNO TURNUVASI',
  ['Rulet Turnuvası'], 'Toplam 250.000 ₺ ödül havuzu seni bekliyor', 'Turnuvaya Katıl',
  ['Günlük sıralama', '100 kişiye ödül', 'Ücretsiz katılım']),
 ('blackjack-vip', 'cards', '#0a2b26', '#0e1621', '#1fd17a', '#1fd17a', 'VIP MASALAR',
  ['Blackjack', '7/24 Açık'], 'Yüksek limitli özel masalarda gerçek krupiyeler', 'Hemen Oyna',
  ['Türkçe krupiye', 'Side bet', 'Hızlı masalar']),
 ('friday-reload', 'calendar', '#3a0b1c', '#0e1621', '#ff5c6c', '#ff5c6c', 'HER CUMA',
  ['%50 Yatırım', 'Bonusu'], 'Hafta sonuna ekstra bakiye ile başla', 'Bonusu Al',
  ['Min. yatırım 200 ₺', 'Üst sınır 2.500 ₺', 'Slot ve canlı casino']),
 ('telegram', 'plane', '#0a2440', '#0e1621', '#3aa0ff', '#3aa0ff', 'TOPLULUĞA KATIL',
  ['Telegram', 'Kanalımız'], 'Özel promosyon kodları ve duyurular ilk orada', 'Kanala Katıl',
  ['Günlük kodlar', 'Anlık duyuru', 'Canlı destek']),
 ('slot-bonus', 'reels', '#0b2a22', '#0e1621', '#1fd17a', '#ffb020', 'YATIRIM ŞARTSIZ',
  ['100 ₺ Slot', 'Bonusu'], 'Ödül Al’a dokun, bonus hemen hesabında', 'Ödülü Al',
  ['20x çevrim', 'Maks. bahis 50 ₺', '7 gün geçerli']),
 ('weekend-bonus', 'gift', '#2b0b3f', '#0e1621', '#ff4fd8', '#ffb020', 'HAFTA SONU',
  ['50 ₺ Hafta Sonu', 'Bonusu'], 'Cumartesi ve pazar slotlarda ekstra bakiye', 'Ödülü Al',
  ['10x çevrim', 'Maks. bahis 25 ₺', '3 gün geçerli']),
]

# The same banners' texts in English: kicker, [headline lines], sub, cta, chips (by name).
ENGLISH = {
 'slot-bonus': ('NO DEPOSIT NEEDED', ['₺100 Slot', 'Bonus'], 'Tap Claim Reward and it is in your account',
                'Claim Reward', ['20x wagering', 'Max. bet ₺50', 'Valid for 7 days']),
 'weekend-bonus': ('WEEKEND', ['₺50 Weekend', 'Bonus'], 'Extra balance for your Saturday and Sunday slots',
                   'Claim Reward', ['10x wagering', 'Max. bet ₺25', 'Valid for 3 days']),
 'welcome': ('FOR NEW MEMBERS', ['100% Welcome', 'Bonus'], 'Up to ₺5,000 extra on your first deposit',
             'Join Now', ['Min. deposit ₺100', '25x wagering', 'Valid for 30 days']),
 'live-casino': ('REAL DEALERS', ['Live Casino'], 'Roulette, blackjack and baccarat tables open 24/7',
                 'Take a Seat', ['HD stream', 'Turkish tables', 'High limits']),
 'weekly-cashback': ('EVERY MONDAY', ['Weekly Loss', 'Bonus'], 'Up to 20% back on your weekly losses',
                     'See Details', ['No wagering', 'Credited automatically', 'Up to ₺10,000']),
 'high-odds': ('SPORTS BETTING', ['High Odds'], 'Live bets and real-time odds on thousands of matches',
               'Place a Bet', ['Live betting', 'Accumulator bonus', 'Early payout']),
 'freespin': ('SLOT WEEK', ['500 Free Spins'], 'A weekly shower of free spins on selected slots',
              'Explore Games', ['New games daily', 'Easy to join', 'Instant wins']),
 'jackpot-hunt': ('BIG JACKPOT', ['Jackpot Hunt'], 'The giant jackpot pool has passed ₺125,000',
                  'Try Your Luck', ['High Cash', 'Clover Chance', 'Shining Crown']),
 'roulette-tournament': ('LIVE CASINO TOURNAMENT', ['Roulette Tournament'], 'A total prize pool of ₺250,000 awaits you',
                         'Join the Tournament', ['Daily leaderboard', 'Prizes for 100 players', 'Free to enter']),
 'blackjack-vip': ('VIP TABLES', ['Blackjack', 'Open 24/7'], 'Real dealers at exclusive high-limit tables',
                   'Play Now', ['Turkish dealers', 'Side bets', 'Fast tables']),
 'friday-reload': ('EVERY FRIDAY', ['50% Deposit', 'Bonus'], 'Start the weekend with extra balance',
                   'Get the Bonus', ['Min. deposit ₺200', 'Up to ₺2,500', 'Slots and live casino']),
 'telegram': ('JOIN THE COMMUNITY', ['Our Telegram', 'Channel'], 'Exclusive promo codes and news there first',
              'Join the Channel', ['Daily codes', 'Instant news', 'Live support']),
}

def in_language(b, lang):
    """The banner tuple with its texts in `lang`."""
    return b if lang == 'tr' else b[:6] + ENGLISH[b[0]]

def defs(b, w, h, ax, ay):
    name, art, bg1, bg2, glow, acc = b[:6]
    d = '<defs>' + ART_DEFS
    d += f'<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="{bg1}"/><stop offset="1" stop-color="{bg2}"/></linearGradient>'
    d += f'<radialGradient id="glow" cx="{ax/w:.3f}" cy="{ay/h:.3f}" r="{0.55 if w>h else 0.62}" gradientTransform="translate({ax/w:.3f} {ay/h:.3f}) scale({h/w if w>h else 1:.3f} 1) translate({-ax/w:.3f} {-ay/h:.3f})"><stop offset="0" stop-color="{glow}" stop-opacity=".75"/><stop offset=".45" stop-color="{glow}" stop-opacity=".22"/><stop offset="1" stop-color="{glow}" stop-opacity="0"/></radialGradient>'
    d += f'<linearGradient id="cta" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity=".25"/><stop offset=".5" stop-color="#ffffff" stop-opacity="0"/></linearGradient>'
    d += f'<linearGradient id="head" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#d7e3ef"/></linearGradient>'
    d += f'<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0e1621" stop-opacity=".55"/><stop offset=".55" stop-color="#0e1621" stop-opacity="0"/></linearGradient>'
    d += '<filter id="tShadow" x="-10%" y="-30%" width="120%" height="160%"><feDropShadow dx="0" dy="3" stdDeviation="4" flood-color="#000" flood-opacity=".45"/></filter>'
    d += '<linearGradient id="panel" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0e1621" stop-opacity="0"/><stop offset=".35" stop-color="#0e1621" stop-opacity=".45"/><stop offset="1" stop-color="#0e1621" stop-opacity=".7"/></linearGradient>'
    d += '</defs>'
    return d

def background(b, w, h, ax, ay, seed):
    name, art, bg1, bg2, glow, acc = b[:6]
    s = f'<rect width="{w}" height="{h}" fill="url(#bg)"/>'
    # light rays
    s += f'<g transform="translate({ax} {ay})" opacity=".09">'
    for i in range(12):
        s += f'<path d="M0 0 L{-40} {-900} L{40} {-900}Z" fill="#fff" transform="rotate({i*30+seed*7})"/>'
    s += '</g>'
    s += f'<rect width="{w}" height="{h}" fill="url(#glow)"/>'
    # rings
    for r, o in ((240, .14), (320, .08), (410, .05)):
        s += f'<circle cx="{ax}" cy="{ay}" r="{r}" fill="none" stroke="{glow}" stroke-opacity="{o}" stroke-width="2"/>'
    # bokeh
    import random
    rnd = random.Random(seed)
    for _ in range(14):
        x, y, r = rnd.uniform(0, w), rnd.uniform(0, h), rnd.uniform(3, 14)
        s += f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{r:.1f}" fill="{rnd.choice([glow, "#ffffff", acc])}" opacity="{rnd.uniform(.08,.3):.2f}"/>'
    # diagonal accent stripe
    s += f'<path d="M{w*0.42:.0f} {h} L{w*0.58:.0f} 0 L{w*0.62:.0f} 0 L{w*0.46:.0f} {h}Z" fill="#fff" opacity=".03"/>'
    s += f'<rect width="{w}" height="{h}" fill="url(#shade)"/>'
    return s

def pill_text(x, y, text, size, acc, h):
    w = est_w(text, size) + len(text) * 1.5 + size * 1.6
    s = f'<rect x="{x}" y="{y}" width="{w:.0f}" height="{h}" rx="{h/2}" fill="{acc}" fill-opacity=".14" stroke="{acc}" stroke-opacity=".7" stroke-width="1.5"/>'
    s += f'<text x="{x + size*0.8:.0f}" y="{y + h/2 + size*0.36:.1f}" font-size="{size}" font-weight="700" letter-spacing="1.5" fill="{acc}">{esc(text)}</text>'
    return s

def cta(x, y, text, size, h, acc):
    dark = '#06220f' if acc == '#1fd17a' else '#1a0f00' if acc == '#ffb020' else '#ffffff'
    w = est_w(text, size) * 1.06 + size * 2.9
    s = f'<g filter="url(#tShadow)"><rect x="{x}" y="{y}" width="{w:.0f}" height="{h}" rx="{h/2}" fill="{acc}"/>'
    s += f'<rect x="{x}" y="{y}" width="{w:.0f}" height="{h}" rx="{h/2}" fill="url(#cta)"/></g>'
    s += f'<text x="{x + size*1.0:.0f}" y="{y + h/2 + size*0.36:.1f}" font-size="{size}" font-weight="800" fill="{dark}">{esc(text)}</text>'
    ax = x + w - size * 1.15
    ay = y + h / 2
    s += f'<path d="M{ax-size*0.3:.1f} {ay-size*0.32:.1f} L{ax+size*0.05:.1f} {ay:.1f} L{ax-size*0.3:.1f} {ay+size*0.32:.1f}" stroke="{dark}" stroke-width="{size*0.13:.1f}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>'
    return s

def headline(x, y, lines, size, lh, maxw, acc):
    s = ''
    for i, line in enumerate(lines):
        fs = fit(line, size, maxw)
        fill = 'url(#head)' if i == 0 else acc
        s += f'<text x="{x}" y="{y + i*lh}" font-size="{fs}" font-weight="900" fill="{fill}" filter="url(#tShadow)" letter-spacing="-1">{esc(line)}</text>'
    return s

def make(b, variant, seed, lang='tr'):
    b = in_language(b, lang)
    terms = TERMS_BY_LANG[lang]
    name, art, bg1, bg2, glow, acc, kicker, lines, sub, ctat, chips = b
    title = ' '.join(lines) + ' — ' + sub
    if variant == 'sm':
        w, h = 600, 500
        ax, ay, sc = 430, 165, 0.62
    else:
        w, h = 1040, 600
        ax, ay, sc = 800, 300, 0.88
    s = svg_open(w, h, title) + defs(b, w, h, ax, ay) + background(b, w, h, ax, ay, seed)
    drawn = ARTS[art]('20%') if art == 'cashback' and lang == 'en' else ARTS[art]()
    s += f'<g transform="translate({ax} {ay}) scale({sc})">{drawn}</g>'
    if variant == 'sm':
        x = 36
        s += pill_text(x, 34, kicker, 15, acc, 32)
        # soft dark panel behind text for legibility
        s += f'<rect x="0" y="200" width="{w}" height="{h-200}" fill="url(#panel)"/>'
        n = len(lines)
        y0 = 300 if n == 2 else 330
        s += headline(x, y0 - (0 if n == 2 else 0), lines, 50, 54, w - 2*x, acc)
        yb = y0 + (n - 1) * 54
        s += f'<text x="{x}" y="{yb + 38}" font-size="{fit(sub, 19, w-2*x)}" font-weight="500" fill="#c9d6e3">{esc(sub)}</text>'
        s += cta(x, yb + 58, ctat, 19, 48, acc)
        s += f'<text x="{w - 20}" y="{h - 16}" text-anchor="end" font-size="11" fill="#9fb1c4" opacity=".8">{esc(terms)}</text>'
    else:
        x = 64
        colw = 490
        n = len(lines)
        ytop = 190 if n == 2 else 225
        if variant == 'lg':
            ytop -= 15
        s += pill_text(x, ytop - 86, kicker, 18, acc, 38)
        s += headline(x, ytop, lines, 68, 74, colw, acc)
        yb = ytop + (n - 1) * 74
        s += f'<text x="{x}" y="{yb + 50}" font-size="{fit(sub, 23, colw - 10)}" font-weight="500" fill="#c9d6e3">{esc(sub)}</text>'
        if variant == 'lg':
            cx = x
            cs = 15
            while len(chips) > 2 and sum(est_w(c, cs) + 54 for c in chips) > colw:
                chips = chips[:-1]
            tot = sum(est_w(c, cs) + 54 for c in chips)
            if tot > colw:
                cs = int(cs * (colw - 54 * len(chips)) / (tot - 54 * len(chips)))
            for c in chips:
                cw = est_w(c, cs) + 44
                s += f'<rect x="{cx:.0f}" y="{yb + 76}" width="{cw:.0f}" height="32" rx="16" fill="#ffffff" fill-opacity=".07" stroke="#ffffff" stroke-opacity=".18"/>'
                s += f'<circle cx="{cx + 17:.0f}" cy="{yb + 92}" r="4" fill="{acc}"/>'
                s += f'<text x="{cx + 29:.0f}" y="{yb + 97}" font-size="{cs}" font-weight="600" fill="#dfe8f1">{esc(c)}</text>'
                cx += cw + 10
            s += cta(x, yb + 132, ctat, 22, 58, acc)
        else:
            s += cta(x, yb + 90, ctat, 22, 58, acc)
        s += f'<text x="{x}" y="{h - 28}" font-size="14" fill="#9fb1c4" opacity=".8">{esc(terms)}</text>'
    s += '</svg>\n'
    os.makedirs(OUT[lang], exist_ok=True)
    path = f'{OUT[lang]}/{name}-{variant}.svg'
    open(path, 'w').write(s)
    return path

if __name__ == '__main__':
    for lang in OUT:
        for i, b in enumerate(BANNERS):
            for v in ('sm', 'md', 'lg'):
                make(b, v, i + 1, lang)
    print('done')
