#!/usr/bin/env node
// The home-screen icons in public/, drawn from public/icon.svg by Chromium (no image library in the
// project): run `node scripts/make-icons.mjs` after changing the SVG, and commit the PNGs.
//   icon-192.png, icon-512.png    the SVG as it is (rounded corners, transparent outside)
//   icon-maskable-512.png         full bleed, the mark inside the central circle of 80 % (the safe zone
//                                 every launcher's mask keeps), for Android's adaptive icons
//   apple-touch-icon.png (180)    full bleed and opaque: iOS rounds the corners itself
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const svg = readFileSync('public/icon.svg', 'utf8');
const background = /<rect[^>]*fill="([^"]+)"/.exec(svg)?.[1];
const mark = /<path[^>]*\/>/.exec(svg)?.[0];
if (!background || !mark) throw new Error('public/icon.svg: expected a <rect> background and a <path> mark');

/** The mark scaled about the centre of the 512 box, on a square with no rounded corners. */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="${background}"/>` +
  `<g transform="translate(256 256) scale(${scale}) translate(-256 -272)">${mark}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, source: svg },
  { file: 'icon-512.png', size: 512, source: svg },
  { file: 'icon-maskable-512.png', size: 512, source: fullBleed(0.72) },
  { file: 'apple-touch-icon.png', size: 180, source: fullBleed(0.8) },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const { file, size, source } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = source.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.screenshot({ path: `public/${file}`, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`public/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
