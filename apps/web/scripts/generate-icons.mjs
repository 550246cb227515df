// Draws the AdDesk icons (SVG and PNG) into public/icons/ with Node built-ins only:
//   node scripts/generate-icons.mjs
// One geometry (a 64x64 design grid) feeds both the SVG files and a tiny rasteriser that writes the PNGs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const BRAND = [0x25, 0x63, 0xeb];
const WHITE = [0xff, 0xff, 0xff];

// The letter A: outer outline (clockwise) and the counter (anticlockwise), on the 64-unit grid.
const LETTER = [
  [
    [32, 13],
    [48.5, 51],
    [40.6, 51],
    [37.3, 43],
    [26.7, 43],
    [23.4, 51],
    [15.5, 51],
  ],
  [
    [29.2, 36.6],
    [34.8, 36.6],
    [32, 29.5],
  ],
];

const svgPath = (polygons, scale = 1, offset = 0) =>
  polygons
    .map(
      (points) =>
        `M${points.map(([x, y]) => `${+(x * scale + offset).toFixed(2)} ${+(y * scale + offset).toFixed(2)}`).join(' L')}Z`,
    )
    .join(' ');

const hex = ([r, g, b]) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** Icon variants: `radius` of the background square (in grid units), `scale` of the letter around the centre. */
const variants = {
  any: { radius: 16, scale: 1 },
  // Maskable: full-bleed background, the letter kept inside the central safe circle (80% of the size).
  maskable: { radius: 0, scale: 0.78 },
};

function svg({ radius, scale }) {
  const offset = 32 * (1 - scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><title>AdDesk</title><rect width="64" height="64" rx="${radius}" fill="${hex(BRAND)}"/><path d="${svgPath(LETTER, scale, offset)}" fill="${hex(WHITE)}"/></svg>\n`;
}

/** Non-zero winding test of a point against a set of polygons. */
function insideLetter(x, y, scale) {
  const offset = 32 * (1 - scale);
  let winding = 0;
  for (const points of LETTER) {
    for (let i = 0; i < points.length; i++) {
      const [ax0, ay0] = points[i];
      const [bx0, by0] = points[(i + 1) % points.length];
      const ax = ax0 * scale + offset;
      const ay = ay0 * scale + offset;
      const bx = bx0 * scale + offset;
      const by = by0 * scale + offset;
      if (ay <= y) {
        if (by > y && (bx - ax) * (y - ay) - (x - ax) * (by - ay) > 0) winding++;
      } else if (by <= y && (bx - ax) * (y - ay) - (x - ax) * (by - ay) < 0) winding--;
    }
  }
  return winding !== 0;
}

function insideRoundedSquare(x, y, radius) {
  if (x < 0 || y < 0 || x > 64 || y > 64) return false;
  if (radius === 0) return true;
  const cx = Math.min(Math.max(x, radius), 64 - radius);
  const cy = Math.min(Math.max(y, radius), 64 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/** RGBA pixels of a variant at `size` px, 4x4 supersampled. */
function rasterise({ radius, scale }, size) {
  const pixels = Buffer.alloc(size * size * 4);
  const samples = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) / size) * 64;
          const y = ((py + (sy + 0.5) / samples) / size) * 64;
          if (!insideRoundedSquare(x, y, radius)) continue;
          if (insideLetter(x, y, scale)) fg++;
          else bg++;
        }
      }
      const covered = bg + fg;
      const i = (py * size + px) * 4;
      if (covered === 0) continue;
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.round((BRAND[c] * bg + WHITE[c] * fg) / covered);
      pixels[i + 3] = Math.round((covered / samples ** 2) * 255);
    }
  }
  return pixels;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(pixels, size) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

mkdirSync(outDir, { recursive: true });
const files = {
  'icon.svg': svg(variants.any),
  'icon-maskable.svg': svg(variants.maskable),
  'icon-192.png': png(rasterise(variants.any, 192), 192),
  'icon-512.png': png(rasterise(variants.any, 512), 512),
  'icon-maskable-192.png': png(rasterise(variants.maskable, 192), 192),
  'icon-maskable-512.png': png(rasterise(variants.maskable, 512), 512),
  // iOS rounds the corners itself and shows transparency as black: full bleed.
  'apple-touch-icon.png': png(rasterise(variants.maskable, 180), 180),
};
for (const [name, content] of Object.entries(files)) {
  writeFileSync(join(outDir, name), content);
  console.log(`public/icons/${name}`);
}
