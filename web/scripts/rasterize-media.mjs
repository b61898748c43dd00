// Turns the generated banner, popup and provider art (content/media/{banners,popup,providers}/
// **/*.svg, written by content/_src/banners.py, popup.py and icons.py) into WebP files of the same
// size beside them, and removes the SVGs. A page draws an SVG picture on its main thread, laying out and painting its text and
// filters each time (60 to 140 ms for one of these on a phone); a WebP is decoded off the main
// thread. Each picture's size is the one its breakpoint shows (600 px wide for phones, where the
// banner is at most 640 px wide, so about 1.5 device pixels per CSS pixel; a provider's wordmark
// is 60 px high, shown at most 28 px high). Uses Debian's
// Chromium, which draws the SVG exactly as a browser would show it.
// Usage: node scripts/rasterize-media.mjs [CONTENT_MEDIA_DIR]
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const media = process.argv[2] ?? fileURLToPath(new URL('../../content/media/', import.meta.url));
const QUALITY = 0.82;

function* svgs(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* svgs(path);
    else if (name.endsWith('.svg')) yield path;
  }
}

const files = ['banners', 'popup', 'providers'].flatMap((d) => [...svgs(join(media, d))]);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  for (const file of files) {
    const svg = readFileSync(file, 'utf8');
    const base64 = await page.evaluate(
      async ({ svg, quality }) => {
        const img = new Image();
        img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        canvas.getContext('2d').drawImage(img, 0, 0);
        return canvas.toDataURL('image/webp', quality).split(',')[1];
      },
      { svg, quality: QUALITY },
    );
    const out = file.replace(/\.svg$/, '.webp');
    writeFileSync(out, Buffer.from(base64, 'base64'));
    rmSync(file);
    console.log(`${out.slice(media.length)}  ${Math.round(statSync(out).size / 1024)} KB`);
  }
} finally {
  await browser.close();
}
