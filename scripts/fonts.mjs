// Makes the committed font assets of the site builders (01 §3 "Default fonts (30)", §2.9;
// 02 §2 Step 5) under client/public/fonts, from the @fontsource packages (OFL, Apache 2.0 and
// Ubuntu Font Licence fonts). Run by hand when the list in contracts/site/fonts.ts changes:
//
//   npm exec -- node scripts/fonts.mjs
//
// Needs the npm registry (the packages are installed into a temporary folder, never into the
// project) and Debian's Chromium (installed when missing) for the preview images. Not part of
// `npm test`: the outputs are committed and the server only serves them.
//
// For each family of FONT_FAMILIES it writes:
//   {slug}.woff2           one latin, normal-style file (weight 400, see exceptions below)
//   fonts.css              one @font-face per family with a file, font-display: swap
//   previews/{slug}.png    the family name written in that font, transparent background;
//                          240x40 CSS pixels stored at 2x (480x80) to stay sharp on dense screens
//   LICENSES/{package}.txt the licence of each package used
//
// Exceptions (the spec's list predates some fonts' retirement):
// - Open Sans Condensed: only @fontsource/open-sans-condensed 4.5.5 exists (a fontsource 4
//   package: weights 300 and 700, no LICENSE file). We take 300 (Light): 700 is bold, and a
//   browser asking for 400 picks 300 before 700. The font's name table says Apache 2.0; its
//   licence file is made from that notice plus the Apache 2.0 text (taken from playwright-core,
//   also Apache 2.0).
// - Droid Serif: not on fontsource; Noto Serif is its successor (same design lineage), so
//   droid-serif.woff2 is the Noto Serif file (licence: noto-serif.txt).
// - dtrvag: no font of that name is on fontsource or the npm registry; it gets no file and no
//   @font-face, so pages naming it fall back to its generic family (sans-serif), and its preview
//   is drawn in Chromium's sans-serif fallback.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import * as prettier from 'prettier';
import { tsImport } from 'tsx/esm/api';
import { root } from './lib/build-client.mjs';
import { CHROMIUM, CHROMIUM_ARGS, ensureChromium } from './lib/chromium.mjs';

const { FONT_FAMILIES, FONT_PATHS } = await tsImport('../contracts/site/fonts.ts', import.meta.url);

const FONTSOURCE_VERSION = '5.3.0';
const PREVIEW = { width: 240, height: 40, scale: 2, maxFontPx: 22, color: '#212529' };
const OUT = path.join(root, 'client/public/fonts');

/** Where each family's file comes from; undefined: no file exists (see the header). */
function sourceOf(family) {
  if (!family.hasFile) return undefined;
  switch (family.slug) {
    case 'open-sans-condensed':
      return { pkg: 'open-sans-condensed', version: '4.5.5', weight: 300 };
    case 'droid-serif':
      return { pkg: 'noto-serif', version: FONTSOURCE_VERSION, weight: 400 };
    default:
      return { pkg: family.slug, version: FONTSOURCE_VERSION, weight: 400 };
  }
}

const families = FONT_FAMILIES.map((family) => ({ ...family, source: sourceOf(family) }));
const packages = new Map(
  families.filter((f) => f.source).map((f) => [f.source.pkg, f.source.version]),
);

ensureChromium();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'fontsource-'));
try {
  console.log(`Installing ${packages.size} @fontsource packages into ${tmp} ...`);
  execFileSync(
    'npm',
    [
      'install',
      '--prefix',
      tmp,
      '--no-save',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      ...[...packages].map(([pkg, version]) => `@fontsource/${pkg}@${version}`),
    ],
    { stdio: 'inherit' },
  );
  const pkgDir = (pkg) => path.join(tmp, 'node_modules/@fontsource', pkg);

  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(path.join(OUT, 'previews'), { recursive: true });
  mkdirSync(path.join(OUT, 'LICENSES'), { recursive: true });

  // Font files.
  for (const { slug, source } of families) {
    if (!source) continue;
    const file = `${source.pkg}-latin-${source.weight}-normal.woff2`;
    copyFileSync(path.join(pkgDir(source.pkg), 'files', file), path.join(OUT, `${slug}.woff2`));
  }

  // Licences, one per package.
  for (const pkg of packages.keys()) {
    const target = path.join(OUT, 'LICENSES', `${pkg}.txt`);
    try {
      copyFileSync(path.join(pkgDir(pkg), 'LICENSE'), target);
    } catch {
      writeFileSync(target, apacheLicenceOf(pkg));
    }
  }

  // The stylesheet.
  const faces = families
    .filter((f) => f.source)
    .map(
      ({ name, slug, source }) => `@font-face {
  font-family: '${name}';
  font-style: normal;
  font-weight: ${source.weight};
  font-display: swap;
  src: url('${FONT_PATHS.file(slug)}') format('woff2');
}`,
    );
  const header = `/*
 * Generated by scripts/fonts.mjs from the @fontsource packages (licences in LICENSES/).
 * One latin, normal-style face per family. Droid Serif uses the Noto Serif file (its
 * successor); Open Sans Condensed is its Light (300) face; dtrvag has no published font
 * and no face here, so it falls back to its generic family.
 */`;
  const css = await prettier.format(`${header}\n\n${faces.join('\n\n')}\n`, {
    ...(await prettier.resolveConfig(path.join(OUT, 'fonts.css'))),
    filepath: path.join(OUT, 'fonts.css'),
  });
  writeFileSync(path.join(OUT, 'fonts.css'), css);

  await renderPreviews();
  report();
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

/** The Apache 2.0 notice from the font's own name table, then the licence text. */
function apacheLicenceOf(pkg) {
  if (pkg !== 'open-sans-condensed') {
    throw new Error(`@fontsource/${pkg} has no LICENSE file: decide its licence by hand`);
  }
  const metadataFile = path.join(tmp, 'node_modules/@fontsource', pkg, 'metadata.json');
  const metadata = JSON.parse(readFileSync(metadataFile, 'utf8'));
  const apache = readFileSync(path.join(root, 'node_modules/playwright-core/LICENSE'), 'utf8');
  const terms = apache.slice(0, apache.indexOf('END OF TERMS AND CONDITIONS') + 27);
  return `${metadata.fontName}: Digitized data copyright © 2011, Google Corporation.
Licensed under the Apache License, Version 2.0 (as the font's name table states:
http://www.apache.org/licenses/LICENSE-2.0).

${terms}
`;
}

async function renderPreviews() {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', ...CHROMIUM_ARGS],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 800, height: 200 },
      deviceScaleFactor: PREVIEW.scale,
    });
    const page = await context.newPage();
    for (const { name, slug, generic, source } of families) {
      // The font is embedded as a data URL: the page needs no server and no file access.
      const face = source
        ? `@font-face { font-family: 'Preview'; font-weight: ${source.weight};
             src: url(data:font/woff2;base64,${readFileSync(path.join(OUT, `${slug}.woff2`)).toString('base64')}) format('woff2'); }`
        : '';
      const stack = source ? `'Preview', ${generic}` : generic;
      await page.setContent(`<!doctype html><html><head><style>
        ${face}
        html, body { margin: 0; background: transparent; }
        #box { width: ${PREVIEW.width}px; height: ${PREVIEW.height}px; display: flex;
               align-items: center; padding: 0 6px; box-sizing: border-box; overflow: hidden; }
        #name { font-family: ${stack}; font-size: ${PREVIEW.maxFontPx}px; font-weight: ${source?.weight ?? 400};
                color: ${PREVIEW.color}; white-space: nowrap; line-height: 1; }
      </style></head><body><div id="box"><span id="name"></span></div></body></html>`);
      const loaded = await page.evaluate(
        async ({ text, hasFace, maxWidth, maxFontPx }) => {
          const span = document.getElementById('name');
          span.textContent = text;
          await document.fonts.ready;
          const ok = !hasFace || document.fonts.check(`${maxFontPx}px 'Preview'`, text);
          // Long names (e.g. Open Sans Condensed in wide fonts) shrink until they fit.
          let size = maxFontPx;
          while (span.getBoundingClientRect().width > maxWidth && size > 10) {
            size -= 1;
            span.style.fontSize = `${size}px`;
          }
          return ok;
        },
        {
          text: name,
          hasFace: Boolean(source),
          maxWidth: PREVIEW.width - 12,
          maxFontPx: PREVIEW.maxFontPx,
        },
      );
      if (!loaded) throw new Error(`${name}: the font did not load in Chromium`);
      await page
        .locator('#box')
        .screenshot({ path: path.join(OUT, 'previews', `${slug}.png`), omitBackground: true });
    }
  } finally {
    await browser.close();
  }
}

function report() {
  let total = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else total += statSync(full).size;
    }
  };
  walk(OUT);
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  const sizeOf = (names) => names.reduce((sum, n) => sum + statSync(path.join(OUT, n)).size, 0);
  const woff2 = readdirSync(OUT).filter((n) => n.endsWith('.woff2'));
  const pngs = readdirSync(path.join(OUT, 'previews')).map((n) => `previews/${n}`);
  console.log(`Wrote ${path.relative(root, OUT)}: ${kib(total)} in all`);
  console.log(`  ${woff2.length} font files: ${kib(sizeOf(woff2))}`);
  console.log(`  ${pngs.length} previews: ${kib(sizeOf(pngs))}`);
}
