// Draws the install icons of each brand (apps/web/public/icons) from its favicon
// (apps/web/public/brand/<id>-favicon.svg) in Debian's Chromium: <id>-192.png and <id>-512.png,
// the favicon itself, and <id>-maskable-512.png, the favicon at 70 % on its own background
// colour, so a launcher's mask (a circle of 80 % at the smallest) never cuts into it. The server's
// manifest names them (apps/server/src/http/web.ts). Run again after a favicon changes:
//   node scripts/brand-icons.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const publicDir = fileURLToPath(new URL('../apps/web/public', import.meta.url));
const brandDir = join(publicDir, 'brand');
const iconDir = join(publicDir, 'icons');

/** The favicon's background: the fill of its first shape. */
const backgroundOf = (svg) => /<(?:rect|circle)[^>]*fill="([^"]+)"/.exec(svg)?.[1] ?? '#ffffff';

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage({ deviceScaleFactor: 1 });

async function draw(svg, size, scale, background, file) {
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  const side = Math.round(size * scale);
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;` +
      `background:${background}"><img src="${src}" width="${side}" height="${side}"></body>`,
  );
  await page.locator('img').evaluate((img) => img.decode());
  await page.screenshot({
    path: join(iconDir, file),
    omitBackground: background === 'transparent',
  });
}

for (const name of readdirSync(brandDir).filter((file) => file.endsWith('-favicon.svg'))) {
  const id = name.replace('-favicon.svg', '');
  const svg = readFileSync(join(brandDir, name), 'utf8');
  await draw(svg, 192, 1, 'transparent', `${id}-192.png`);
  await draw(svg, 512, 1, 'transparent', `${id}-512.png`);
  await draw(svg, 512, 0.7, backgroundOf(svg), `${id}-maskable-512.png`);
  console.log(`icons of ${id}`);
}
await browser.close();
