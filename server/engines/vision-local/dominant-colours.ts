/**
 * The few colours that cover most of an image, found by bucketing the pixels of a small copy.
 * Deterministic and cheap: a 64×64 thumbnail and a 4-bit-per-channel histogram.
 */
import type { Sharp } from 'sharp';

export interface DominantColour {
  hex: string;
  /** A plain name for the nearest of a small palette. */
  name: string;
  /** Share of the opaque pixels, 0–1. */
  share: number;
}

const PALETTE: [string, number, number, number][] = [
  ['black', 0, 0, 0],
  ['white', 255, 255, 255],
  ['grey', 128, 128, 128],
  ['light grey', 200, 200, 200],
  ['dark grey', 64, 64, 64],
  ['red', 220, 30, 30],
  ['dark red', 128, 0, 0],
  ['orange', 255, 140, 0],
  ['yellow', 240, 220, 40],
  ['green', 40, 170, 60],
  ['dark green', 0, 90, 30],
  ['teal', 0, 128, 128],
  ['cyan', 0, 210, 230],
  ['light blue', 140, 190, 240],
  ['blue', 30, 80, 220],
  ['navy', 10, 20, 100],
  ['purple', 130, 50, 170],
  ['pink', 240, 130, 180],
  ['brown', 130, 80, 40],
  ['beige', 230, 215, 180],
];

function nearestName(r: number, g: number, b: number): string {
  let best = PALETTE[0] as (typeof PALETTE)[number];
  let bestDistance = Infinity;
  for (const entry of PALETTE) {
    const distance = (entry[1] - r) ** 2 + (entry[2] - g) ** 2 + (entry[3] - b) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [entry, distance];
  }
  return best[0];
}

const hex = (v: number) => Math.round(v).toString(16).padStart(2, '0');

/** Up to `count` colours covering at least 3 % of the opaque pixels each, largest share first. */
export async function dominantColours(image: Sharp, count = 3): Promise<DominantColour[]> {
  const { data, info } = await image
    .clone()
    .rotate()
    .resize(64, 64, { fit: 'inside' })
    // sRGB plus alpha gives four channels whatever the source (greyscale, CMYK, palette).
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const buckets = new Map<number, { n: number; r: number; g: number; b: number }>();
  let opaque = 0;
  for (let i = 0; i + 3 < data.length; i += info.channels) {
    if ((data[i + 3] ?? 0) < 128) continue;
    const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const bucket = buckets.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
    bucket.n += 1;
    bucket.r += r;
    bucket.g += g;
    bucket.b += b;
    buckets.set(key, bucket);
    opaque += 1;
  }
  if (opaque === 0) return [];
  return [...buckets.values()]
    .sort((a, b) => b.n - a.n)
    .filter((bucket) => bucket.n / opaque >= 0.03)
    .slice(0, count)
    .map((bucket) => {
      const [r, g, b] = [bucket.r / bucket.n, bucket.g / bucket.n, bucket.b / bucket.n];
      return { hex: `#${hex(r)}${hex(g)}${hex(b)}`, name: nearestName(r, g, b), share: bucket.n / opaque };
    });
}
