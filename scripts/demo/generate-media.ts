/**
 * npx tsx scripts/demo/generate-media.ts
 * Generates the demo poem's media into content/demo/media/ (the files are committed, so start-up
 * never runs this):
 *   lamp-painting.jpg (+ -thumb)  an evening-lamp painting, drawn procedurally
 *   dawn-sketch.jpg (+ -thumb)    a pencil sketch of dawn over the hills
 *   (progressive JPEG by sharp's mozjpeg: a painting as PNG weighs five times as much, which a
 *   phone on slow 4G feels as a late largest paint)
 *   invocation.mp3                the first sentence read by espeak-ng (en-gb), mono MP3 via lamejs;
 *                                 without espeak-ng, a gentle tone sequence instead (with a warning)
 * Deterministic: the pictures come from a seeded generator; the same espeak-ng gives the same audio.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Mp3Encoder } from '@breezystack/lamejs';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { seededRandom } from '@epos/platform/testkit/seeded-random';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.join(root, 'content/demo/media');

type RGB = [number, number, number];

const clamp = (v: number, lo = 0, hi = 1) => Math.min(hi, Math.max(lo, v));
const mix = (a: RGB, b: RGB, t: number): RGB => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const smooth = (t: number) => t * t * (3 - 2 * t);

/** Smooth 1-D value noise and its fractal sum, from a seeded table. */
function noise1d(seed: number): (x: number) => number {
  const rand = seededRandom(seed);
  const table = Array.from({ length: 512 }, rand);
  const at = (i: number) => table[((i % 512) + 512) % 512]!;
  const value = (x: number) => {
    const i = Math.floor(x);
    return at(i) + (at(i + 1) - at(i)) * smooth(x - i);
  };
  return (x: number) => (value(x) * 0.55 + value(x * 2.1 + 17) * 0.28 + value(x * 4.3 + 31) * 0.12 + value(x * 8.7 + 7) * 0.05) * 2 - 1;
}

/** Smooth 2-D value noise in [0, 1]. */
function noise2d(seed: number): (x: number, y: number) => number {
  const rand = seededRandom(seed);
  const table = Array.from({ length: 256 * 256 }, rand);
  const at = (i: number, j: number) => table[(((j % 256) + 256) % 256) * 256 + (((i % 256) + 256) % 256)]!;
  return (x, y) => {
    const i = Math.floor(x);
    const j = Math.floor(y);
    const u = smooth(x - i);
    const v = smooth(y - j);
    const top = at(i, j) + (at(i + 1, j) - at(i, j)) * u;
    const bottom = at(i, j + 1) + (at(i + 1, j + 1) - at(i, j + 1)) * u;
    return top + (bottom - top) * v;
  };
}

/** An RGB canvas of floats (0-255) with the few drawing operations the pictures need. */
class Canvas {
  readonly px: Float32Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.px = new Float32Array(width * height * 3);
  }
  get(x: number, y: number): RGB {
    const i = (y * this.width + x) * 3;
    return [this.px[i]!, this.px[i + 1]!, this.px[i + 2]!];
  }
  set(x: number, y: number, c: RGB): void {
    const i = (y * this.width + x) * 3;
    this.px[i] = c[0];
    this.px[i + 1] = c[1];
    this.px[i + 2] = c[2];
  }
  blend(x: number, y: number, c: RGB, alpha: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || alpha <= 0) return;
    this.set(x, y, mix(this.get(x, y), c, clamp(alpha)));
  }
  add(x: number, y: number, c: RGB, amount: number): void {
    const i = (y * this.width + x) * 3;
    this.px[i] = this.px[i]! + c[0] * amount;
    this.px[i + 1] = this.px[i + 1]! + c[1] * amount;
    this.px[i + 2] = this.px[i + 2]! + c[2] * amount;
  }
  /** Area-averaged copy at a smaller size (for thumbnails). */
  downscale(width: number, height: number): Canvas {
    const out = new Canvas(width, height);
    const fx = this.width / width;
    const fy = this.height / height;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const sum: RGB = [0, 0, 0];
        let n = 0;
        for (let sy = Math.floor(y * fy); sy < Math.floor((y + 1) * fy); sy++) {
          for (let sx = Math.floor(x * fx); sx < Math.floor((x + 1) * fx); sx++) {
            const c = this.get(sx, sy);
            sum[0] += c[0];
            sum[1] += c[1];
            sum[2] += c[2];
            n++;
          }
        }
        out.set(x, y, [sum[0] / n, sum[1] / n, sum[2] / n]);
      }
    }
    return out;
  }
  /** PNG bytes (RGB), with a 4×4 ordered dither so gradients do not band. */
  toPng(): Buffer {
    const bayer = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5];
    const png = new PNG({ width: this.width, height: this.height });
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const d = (bayer[(y % 4) * 4 + (x % 4)]! + 0.5) / 16 - 0.5;
        const c = this.get(x, y);
        const o = (y * this.width + x) * 4;
        for (let k = 0; k < 3; k++) png.data[o + k] = Math.round(clamp(c[k]! + d, 0, 255));
        png.data[o + 3] = 255;
      }
    }
    return PNG.sync.write(png, { colorType: 2, deflateLevel: 9 });
  }
}

function gradient(stops: [number, RGB][], t: number): RGB {
  for (let i = 1; i < stops.length; i++) {
    const [t1, c1] = stops[i]!;
    const [t0, c0] = stops[i - 1]!;
    if (t <= t1) return mix(c0, c1, smooth(clamp((t - t0) / (t1 - t0))));
  }
  return stops[stops.length - 1]![1];
}

/** The lamp at evening: a dusk sky, a low glowing disc, layered hills and a lit window. */
function paintLamp(): Canvas {
  const W = 800;
  const H = 600;
  const c = new Canvas(W, H);
  const rand = seededRandom(1729);
  const sun = { x: 548, y: 368, r: 26 };
  const sky: [number, RGB][] = [
    [0, [12, 14, 42]],
    [0.28, [36, 30, 82]],
    [0.48, [98, 56, 112]],
    [0.6, [186, 98, 104]],
    [0.68, [236, 152, 96]],
    [0.74, [250, 198, 128]],
    [1, [250, 210, 150]],
  ];
  const glow: RGB = [255, 178, 96];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let col = gradient(sky, y / H);
      const d = Math.hypot(x - sun.x, (y - sun.y) * 1.25);
      col = mix(col, [255, 214, 150], 0.55 * Math.exp(-d / 120));
      c.set(x, y, col);
      c.add(x, y, glow, 0.35 * Math.exp(-d / 260));
    }
  }

  // Stars, thinning toward the horizon.
  for (let i = 0; i < 170; i++) {
    const sx = rand() * W;
    const sy = Math.pow(rand(), 1.6) * H * 0.5;
    const bright = (1 - sy / (H * 0.5)) * (0.35 + rand() * 0.65);
    const size = 0.5 + rand() * (rand() < 0.1 ? 1.4 : 0.7);
    for (let y = Math.floor(sy - 3); y <= sy + 3; y++) {
      for (let x = Math.floor(sx - 3); x <= sx + 3; x++) {
        if (x < 0 || y < 0 || x >= W || y >= H) continue;
        const a = bright * Math.exp(-((x - sx) ** 2 + (y - sy) ** 2) / (2 * size * size));
        c.blend(x, y, [255, 246, 224], a);
      }
    }
  }

  // Long, low clouds lit from beneath by the sinking light.
  const cloudNoise = noise2d(11);
  const clouds = [
    { y: 250, x0: 280, x1: 800, t: 7, a: 0.55 },
    { y: 292, x0: 80, x1: 560, t: 5, a: 0.45 },
    { y: 330, x0: 380, x1: 760, t: 6, a: 0.5 },
    { y: 355, x0: 0, x1: 340, t: 4, a: 0.35 },
  ];
  for (const cl of clouds) {
    for (let y = cl.y - cl.t * 3; y < cl.y + cl.t * 3; y++) {
      for (let x = cl.x0; x < cl.x1; x++) {
        const along = (x - cl.x0) / (cl.x1 - cl.x0);
        const taper = Math.sin(Math.PI * along) ** 0.6;
        const wave = cl.y + Math.sin(x / 61 + cl.y) * 3;
        const across = Math.exp(-(((y - wave) / (cl.t * taper + 0.5)) ** 2));
        const a = cl.a * across * taper * (0.45 + 0.9 * cloudNoise(x / 38, y / 9));
        const lit = Math.exp(-Math.hypot(x - sun.x, y - sun.y) / 220);
        const under = clamp((y - wave) / cl.t + 0.5);
        const tone = mix(mix([92, 62, 108], [238, 136, 108], lit), [255, 206, 140], under * lit);
        c.blend(x, y, tone, a);
      }
    }
  }

  // The disc of the lamp-sun, soft-edged.
  for (let y = sun.y - sun.r - 3; y <= sun.y + sun.r + 3; y++) {
    for (let x = sun.x - sun.r - 3; x <= sun.x + sun.r + 3; x++) {
      const d = Math.hypot(x - sun.x, y - sun.y);
      c.blend(x, y, mix([255, 250, 226], [255, 206, 130], clamp(d / sun.r) ** 2), clamp(sun.r + 0.5 - d));
    }
  }

  // Hills, far to near: each paler and warmer in the distance, with haze between them.
  const layers = [
    { base: 402, amp: 26, freq: 1 / 190, col: [150, 88, 118] as RGB, rim: 0.5 },
    { base: 428, amp: 34, freq: 1 / 160, col: [104, 58, 100] as RGB, rim: 0.35 },
    { base: 462, amp: 40, freq: 1 / 140, col: [64, 36, 78] as RGB, rim: 0.22 },
    { base: 505, amp: 46, freq: 1 / 170, col: [38, 22, 54] as RGB, rim: 0.12 },
    { base: 560, amp: 34, freq: 1 / 210, col: [20, 12, 32] as RGB, rim: 0.05 },
  ];
  const ridges: number[][] = [];
  layers.forEach((layer, i) => {
    const n = noise1d(100 + i);
    const ridge = Array.from({ length: W }, (_, x) => layer.base - layer.amp * (0.6 + n(x * layer.freq + i * 7.3)));
    ridges.push(ridge);
    for (let x = 0; x < W; x++) {
      const top = ridge[x]!;
      for (let y = Math.floor(top); y < H; y++) {
        const coverage = clamp(y + 1 - top);
        const depth = clamp((y - top) / 90);
        const lit = Math.exp(-Math.abs(x - sun.x) / 260) * layer.rim * (1 - depth);
        c.blend(x, y, mix(mix(layer.col, [255, 170, 110], lit), mix(layer.col, [10, 6, 20], 0.25), depth * 0.6), coverage);
      }
    }
    // Mist pooling in the valley in front of this ridge.
    if (i < layers.length - 1) {
      const mistY = layer.base + 18;
      for (let y = mistY - 40; y < Math.min(H, mistY + 50); y++) {
        for (let x = 0; x < W; x++) {
          const a = 0.22 * Math.exp(-(((y - mistY) / 22) ** 2)) * (0.6 + 0.4 * Math.sin(x / 97 + i));
          c.blend(x, y, mix([170, 120, 150], [255, 190, 140], Math.exp(-Math.abs(x - sun.x) / 300)), a);
        }
      }
    }
  });

  // The keeper's house on the near hill, its window lit.
  const near = ridges[3]!;
  const hx = 196;
  const ground = Math.min(...near.slice(hx - 20, hx + 20));
  const house = { x0: hx - 17, x1: hx + 17, y0: Math.round(ground - 24), y1: Math.round(ground + 6) };
  const body: RGB = [30, 18, 44];
  for (let y = house.y0 - 16; y < house.y1; y++) {
    for (let x = house.x0 - 4; x <= house.x1 + 4; x++) {
      const inRoof = y < house.y0 && Math.abs(x - hx) <= (y - (house.y0 - 16)) * 1.3;
      const inBody = y >= house.y0 && x >= house.x0 && x <= house.x1;
      if (inRoof || inBody) c.blend(x, y, body, 1);
    }
  }
  const win = { x: hx - 3, y: house.y0 + 6, w: 7, h: 9 };
  for (let y = win.y - 120; y < win.y + 120; y++) {
    for (let x = win.x - 120; x < win.x + 120; x++) {
      if (x < 0 || y < 0 || x >= W || y >= H) continue;
      const d = Math.hypot(x - (win.x + win.w / 2), y - (win.y + win.h / 2));
      c.add(x, y, [255, 170, 70], (0.45 * Math.exp(-d / 14) + 0.12 * Math.exp(-d / 40)) * smooth(clamp(1 - d / 110)));
    }
  }
  for (let y = win.y; y < win.y + win.h; y++) {
    for (let x = win.x; x < win.x + win.w; x++) c.blend(x, y, [255, 228, 150], 1);
  }

  // A gentle vignette.
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const dx = (x - W / 2) / (W / 2);
      const dy = (y - H / 2) / (H / 2);
      const k = 1 - 0.28 * clamp((dx * dx + dy * dy) / 2) ** 1.2;
      const col = c.get(x, y);
      c.set(x, y, [col[0] * k, col[1] * k, col[2] * k]);
    }
  }
  return c;
}

/** A pencil sketch of dawn: paper, a warm wash, hills drawn twice over, rays, hatching, swallows. */
function sketchDawn(): Canvas {
  const W = 800;
  const H = 600;
  const c = new Canvas(W, H);
  const rand = seededRandom(4242);
  const paperNoise = noise2d(5);
  const grainRand = seededRandom(99);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const m = paperNoise(x / 90, y / 90) * 8 + paperNoise(x / 14, y / 14) * 3 + (grainRand() - 0.5) * 3;
      c.set(x, y, [240 + m, 234 + m, 219 + m]);
    }
  }

  const sun = { x: 430, y: 372 };
  // Watercolour washes: warm around the rising sun, a faint cool sky above.
  const washNoise = noise2d(17);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const d = Math.hypot(x - sun.x, (y - sun.y) * 1.3);
      const edge = 230 + 60 * (washNoise(x / 50, y / 50) - 0.5);
      c.blend(x, y, [246, 196, 120], 0.42 * clamp((edge - d) / 90));
      c.blend(x, y, [150, 170, 196], 0.13 * clamp(1 - y / 300) * washNoise(x / 120 + 3, y / 60));
    }
  }

  const ink: RGB = [54, 50, 64];
  const m = 22;
  const insideFrame = (x: number, y: number) => x >= m + 3 && x <= W - m - 3 && y >= m + 3 && y <= H - m - 3;
  const mask = new Float32Array(W * H);
  const touched: number[] = [];
  /**
   * One pencil stroke along a polyline: a soft line whose darkness wavers like graphite, drawn
   * only where `visible` (inside the frame, and not behind a nearer hill).
   */
  const stroke = (points: [number, number][], width: number, darkness: number, visible: (x: number, y: number) => boolean = insideFrame) => {
    for (let p = 1; p < points.length; p++) {
      const [x0, y0] = points[p - 1]!;
      const [x1, y1] = points[p]!;
      const len = Math.hypot(x1 - x0, y1 - y0);
      const steps = Math.max(1, Math.ceil(len / 0.5));
      for (let s = 0; s <= steps; s++) {
        const t = s / steps;
        const cx = x0 + (x1 - x0) * t;
        const cy = y0 + (y1 - y0) * t;
        if (!visible(cx, cy)) continue;
        const pressure = darkness * (0.7 + 0.3 * rand());
        const r = width / 2 + 0.8;
        for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++) {
          for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x++) {
            if (x < 0 || y < 0 || x >= W || y >= H) continue;
            const a = pressure * clamp(width / 2 + 0.5 - Math.hypot(x - cx, y - cy));
            const i = y * W + x;
            if (a > mask[i]!) {
              if (mask[i] === 0) touched.push(i);
              mask[i] = a;
            }
          }
        }
      }
    }
    for (const i of touched) {
      c.blend(i % W, Math.floor(i / W), ink, mask[i]! * (0.75 + 0.25 * grainRand()));
      mask[i] = 0;
    }
    touched.length = 0;
  };
  const jitter = (points: [number, number][], amount: number): [number, number][] =>
    points.map(([x, y]) => [x + (rand() - 0.5) * amount, y + (rand() - 0.5) * amount]);

  // Hills: three ridges, each drawn twice with a slightly different hand.
  const ridges = [
    { base: 372, amp: 30, freq: 1 / 150, dark: 0.35 },
    { base: 418, amp: 40, freq: 1 / 120, dark: 0.5 },
    { base: 480, amp: 52, freq: 1 / 170, dark: 0.68 },
  ].map((r, i) => {
    const n = noise1d(300 + i);
    const ys = Array.from({ length: W + 1 }, (_, x) => r.base - r.amp * (0.5 + n(x * r.freq + i * 5.1)));
    return { ...r, ys };
  });
  // The last hill rises to a summit on the right, as in the poem.
  const near = ridges[2]!;
  near.ys = near.ys.map((y, x) => y - 70 * Math.exp(-(((x - 610) / 95) ** 2)));
  /** Visible from ridge `i` on: inside the frame and not behind any nearer ridge. */
  const inFrontOf = (i: number) => (x: number, y: number) => insideFrame(x, y) && ridges.slice(i + 1).every((r) => y < r.ys[Math.round(clamp(x, 0, W))]! - 1.5);
  ridges.forEach((r, i) => {
    const pts: [number, number][] = [];
    for (let x = 0; x <= W; x += 8) pts.push([x, r.ys[x]!]);
    stroke(jitter(pts, 1.2), 1.3, r.dark, inFrontOf(i));
    stroke(
      jitter(
        pts.map(([x, y]) => [x + 2, y + 1.5]),
        2,
      ),
      0.9,
      r.dark * 0.6,
      inFrontOf(i),
    );
  });
  const skyVisible = (x: number, y: number) => insideFrame(x, y) && y < ridges[0]!.ys[Math.round(clamp(x, 0, W))]! - 2;

  // The sun half-risen behind the far ridge, with rays.
  const radius = 46;
  for (let pass = 0; pass < 2; pass++) {
    const pts: [number, number][] = [];
    for (let a = Math.PI * 1.02; a <= Math.PI * 1.98; a += 0.04)
      pts.push([sun.x + Math.cos(a) * (radius + pass * 2), sun.y + Math.sin(a) * (radius + pass * 2)]);
    stroke(jitter(pts, 1), 1.2 - pass * 0.4, 0.6 - pass * 0.2, skyVisible);
  }
  for (let k = 0; k < 17; k++) {
    const a = Math.PI * (1.06 + (0.88 * k) / 16) + (rand() - 0.5) * 0.03;
    const r0 = radius + 12 + rand() * 6;
    const r1 = r0 + 34 + rand() * (k % 2 === 0 ? 70 : 30);
    const cut = r0 + (r1 - r0) * (0.55 + rand() * 0.2);
    stroke(
      [
        [sun.x + Math.cos(a) * r0, sun.y + Math.sin(a) * r0],
        [sun.x + Math.cos(a) * cut, sun.y + Math.sin(a) * cut],
      ],
      0.9,
      0.42,
      skyVisible,
    );
    stroke(
      [
        [sun.x + Math.cos(a) * (cut + 5), sun.y + Math.sin(a) * (cut + 5)],
        [sun.x + Math.cos(a) * r1, sun.y + Math.sin(a) * r1],
      ],
      0.8,
      0.3,
      skyVisible,
    );
  }

  // Hatching on the hill faces: sparse on the far ridges, dense on the near one.
  ridges.forEach((r, i) => {
    const spacing = [15, 10, 6][i]!;
    for (let x = 4; x < W; x += spacing + rand() * 3) {
      const top = r.ys[Math.floor(x)]! + 4 + rand() * 6;
      const len = [10, 18, 34][i]! * (0.6 + rand() * 0.7);
      stroke(
        [
          [x, top],
          [x - len * 0.55, top + len],
        ],
        0.8,
        [0.18, 0.26, 0.34][i]!,
        inFrontOf(i),
      );
    }
  });
  // Cross-hatching lower on the near hill, for depth.
  for (let x = 0; x < W; x += 7 + rand() * 3) {
    const y0 = near.ys[Math.floor(x)]! + 48 + rand() * 22;
    stroke(
      [
        [x, y0],
        [x + 16, y0 + 22],
      ],
      0.8,
      0.2,
    );
  }

  // The hollowed stone and the flame on the summit.
  const peak = { x: 610, y: Math.min(...near.ys.slice(580, 640)) };
  const stone: [number, number][] = [];
  for (let a = 0; a <= Math.PI; a += 0.15) stone.push([peak.x + Math.cos(a) * 16, peak.y - 2 + Math.sin(a) * 5]);
  stroke(stone, 1.2, 0.7);
  stroke(
    [
      [peak.x - 16, peak.y - 2],
      [peak.x + 16, peak.y - 2],
    ],
    1,
    0.5,
  );
  /** A teardrop flame, point upward, its base resting in the stone. */
  const flame = (size: number): [number, number][] =>
    Array.from({ length: 41 }, (_, k) => {
      const t = (k / 40) * Math.PI * 2;
      return [peak.x + Math.sin(t) * Math.abs(Math.sin(t / 2)) ** 1.6 * 7 * size, peak.y - 4 - 11 * size - Math.cos(t) * 11 * size];
    });
  stroke(jitter(flame(1), 0.5), 1.1, 0.7);
  stroke(
    flame(0.45).map(([x, y]) => [x, y + 5]),
    0.8,
    0.45,
  );
  for (let k = 0; k < 9; k++) {
    const a = Math.PI * (1.1 + (0.8 * k) / 8);
    const cx = peak.x;
    const cy = peak.y - 16;
    stroke(
      [
        [cx + Math.cos(a) * 20, cy + Math.sin(a) * 20],
        [cx + Math.cos(a) * 28, cy + Math.sin(a) * 28],
      ],
      0.7,
      0.35,
    );
  }

  // Light cloud strokes beside the sun, and swallows writing on the air.
  for (const [x, y, len] of [
    [250, 250, 120],
    [520, 232, 150],
    [300, 300, 80],
    [560, 290, 110],
  ] as const) {
    for (let k = 0; k < 3; k++) {
      const yy = y + k * 5 + rand() * 2;
      stroke(
        jitter(
          [
            [x + k * 8, yy],
            [x + len * 0.5, yy - 2],
            [x + len - k * 10, yy],
          ],
          1,
        ),
        0.8,
        0.22,
      );
    }
  }
  for (const [bx, by, s] of [
    [168, 168, 1],
    [205, 150, 0.8],
    [236, 186, 0.7],
    [612, 142, 0.9],
    [650, 170, 0.6],
  ] as const) {
    const wing = (dir: number): [number, number][] =>
      Array.from({ length: 7 }, (_, k) => [bx + dir * k * 2.6 * s, by - Math.sin((k / 6) * Math.PI * 0.9) * 7 * s + k * 0.8 * s]);
    stroke(wing(-1), 1.1, 0.7);
    stroke(wing(1), 1.1, 0.7);
  }

  // A sketchbook frame, corners overshooting.
  for (const [a, b] of [
    [
      [m - 8, m],
      [W - m + 6, m],
    ],
    [
      [W - m, m - 7],
      [W - m, H - m + 8],
    ],
    [
      [W - m + 7, H - m],
      [m - 6, H - m],
    ],
    [
      [m, H - m + 6],
      [m, m - 8],
    ],
  ] as [[number, number], [number, number]][]) {
    stroke(jitter([a, [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], b], 1.5), 1.1, 0.55, () => true);
  }
  return c;
}

/** Reads a 16-bit PCM WAV (tolerating the unknown sizes a streamed WAV carries). */
function readWav(buffer: Buffer): { sampleRate: number; samples: Int16Array } {
  if (buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV file');
  let offset = 12;
  let sampleRate = 0;
  let channels = 1;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      channels = buffer.readUInt16LE(body + 2);
      sampleRate = buffer.readUInt32LE(body + 4);
      if (buffer.readUInt16LE(body + 14) !== 16) throw new Error('expected 16-bit PCM');
    } else if (id === 'data') {
      const end = Math.min(buffer.length, body + size);
      const frames = Math.floor((end - body) / (2 * channels));
      const samples = new Int16Array(frames);
      for (let i = 0; i < frames; i++) samples[i] = buffer.readInt16LE(body + i * 2 * channels);
      return { sampleRate, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('WAV file has no data');
}

/** A gentle falling sequence of bell-like tones: the stand-in when espeak-ng is not installed. */
function toneSequence(sampleRate: number): Int16Array {
  const notes = [659.25, 587.33, 493.88, 440, 392, 440, 329.63];
  const noteLength = 1.1;
  const out = new Float32Array(Math.ceil(sampleRate * (notes.length * noteLength + 2)));
  notes.forEach((f, n) => {
    const start = Math.floor(n * noteLength * sampleRate);
    for (let i = 0; i < sampleRate * 3 && start + i < out.length; i++) {
      const t = i / sampleRate;
      const env = Math.min(1, t / 0.02) * Math.exp(-t * 1.8);
      out[start + i] = out[start + i]! + 0.22 * env * (Math.sin(2 * Math.PI * f * t) + 0.3 * Math.sin(4 * Math.PI * f * t) * Math.exp(-t * 3));
    }
  });
  return Int16Array.from(out, (v) => Math.round(clamp(v, -1, 1) * 32767));
}

function speak(text: string): { sampleRate: number; samples: Int16Array; voice: string } {
  try {
    const wav = execFileSync('espeak-ng', ['-v', 'en-gb', '-s', '138', '-p', '42', '-g', '6', '--stdout', text], {
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return { ...readWav(wav), voice: 'espeak-ng en-gb' };
  } catch (error) {
    console.warn(`espeak-ng is not available (${(error as Error).message.split('\n')[0]}); writing a gentle tone sequence instead of speech`);
    return { sampleRate: 22050, samples: toneSequence(22050), voice: 'tone sequence (espeak-ng unavailable)' };
  }
}

/** Pads with silence, fades the ends, normalises to -1 dBFS and encodes mono MP3. */
function toMp3(sampleRate: number, samples: Int16Array): Buffer {
  const lead = Math.floor(sampleRate * 0.4);
  const tail = Math.floor(sampleRate * 0.8);
  const pcm = new Int16Array(lead + samples.length + tail);
  let peak = 1;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  const gain = (32767 * 0.89) / peak;
  const fade = Math.floor(sampleRate * 0.05);
  samples.forEach((s, i) => {
    const edge = Math.min(1, i / fade, (samples.length - 1 - i) / fade);
    pcm[lead + i] = Math.round(s * gain * edge);
  });
  const encoder = new Mp3Encoder(1, sampleRate, 64);
  const chunks: Buffer[] = [];
  // lamejs hands back Int8Array views typed as Uint8Array: copy their bytes, not their values.
  const bytes = (c: Uint8Array) => Buffer.from(c.buffer, c.byteOffset, c.byteLength);
  for (let i = 0; i < pcm.length; i += 1152) chunks.push(bytes(encoder.encodeBuffer(pcm.subarray(i, i + 1152))));
  chunks.push(bytes(encoder.flush()));
  return Buffer.concat(chunks);
}

fs.mkdirSync(outDir, { recursive: true });
const write = (name: string, bytes: Buffer, what: string) => {
  fs.writeFileSync(path.join(outDir, name), bytes);
  console.log(`${path.relative(root, path.join(outDir, name))}  ${(bytes.length / 1024).toFixed(0)} KB  ${what}`);
};

const jpeg = (png: Buffer) => sharp(png).jpeg({ quality: 78, progressive: true, mozjpeg: true }).toBuffer();
const painting = paintLamp();
write('lamp-painting.jpg', await jpeg(painting.toPng()), '800×600');
write('lamp-painting-thumb.jpg', await jpeg(painting.downscale(200, 150).toPng()), '200×150');
const sketch = sketchDawn();
write('dawn-sketch.jpg', await jpeg(sketch.toPng()), '800×600');
write('dawn-sketch-thumb.jpg', await jpeg(sketch.downscale(200, 150).toPng()), '200×150');

const poem = JSON.parse(fs.readFileSync(path.join(root, 'content/demo/poem.json'), 'utf8')) as {
  books: { cantos: { sections: { sentences: { text: { first: string[] } }[] }[] }[] }[];
};
const firstSentence = poem.books[0]?.cantos[0]?.sections[0]?.sentences[0]?.text.first;
if (!firstSentence) throw new Error('content/demo/poem.json has no first sentence');
const { sampleRate, samples, voice } = speak(firstSentence.join(' '));
const seconds = samples.length / sampleRate + 1.2;
if (seconds > 30) throw new Error(`the reading lasts ${seconds.toFixed(1)} s; the demo clip must be at most 30 s`);
write('invocation.mp3', toMp3(sampleRate, samples), `${seconds.toFixed(1)} s, mono ${sampleRate} Hz, 64 kbit/s, ${voice}`);
