import zlib from 'node:zlib';
import type { Random } from '#server/demo/random.ts';

/** The pad's 300 × 150 CSS pixels on a screen of density 2, as most phones and tablets give it. */
const WIDTH = 600;
const HEIGHT = 300;
const INK = [0x1d, 0x2b, 0x4f] as const;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** Anti-aliased ink: each pixel keeps the most opaque coverage any disc of the stroke gave it. */
class Ink {
  readonly alpha = new Uint8Array(WIDTH * HEIGHT);

  disc(cx: number, cy: number, radius: number): void {
    const outer = radius + 0.5;
    const outerSquared = outer * outer;
    const top = Math.max(0, Math.floor(cy - outer));
    const bottom = Math.min(HEIGHT - 1, Math.ceil(cy + outer));
    const left = Math.max(0, Math.floor(cx - outer));
    const right = Math.min(WIDTH - 1, Math.ceil(cx + outer));
    for (let y = top; y <= bottom; y += 1) {
      const dy = y - cy;
      for (let x = left; x <= right; x += 1) {
        const dx = x - cx;
        const squared = dx * dx + dy * dy;
        if (squared >= outerSquared) continue;
        const value = Math.round(Math.min(1, outer - Math.sqrt(squared)) * 255);
        const index = y * WIDTH + x;
        if (value > (this.alpha[index] ?? 0)) this.alpha[index] = value;
      }
    }
  }

  /** A stroke through the points, thinner where the pen moves fast, as signature_pad draws it. */
  stroke(points: readonly [number, number][]): void {
    for (let i = 1; i < points.length; i += 1) {
      const [x0, y0] = points[i - 1] ?? [0, 0];
      const [x1, y1] = points[i] ?? [0, 0];
      const length = Math.hypot(x1 - x0, y1 - y0);
      const radius = Math.max(1.2, 3.2 - length / 6);
      const steps = Math.max(1, Math.ceil(length));
      for (let s = 0; s <= steps; s += 1) this.disc(x0 + ((x1 - x0) * s) / steps, y0 + ((y1 - y0) * s) / steps, radius);
    }
  }

  png(): Buffer {
    const raw = Buffer.alloc((WIDTH * 4 + 1) * HEIGHT);
    for (let y = 0; y < HEIGHT; y += 1) {
      for (let x = 0; x < WIDTH; x += 1) {
        const alpha = this.alpha[y * WIDTH + x] ?? 0;
        if (alpha === 0) continue;
        const offset = y * (WIDTH * 4 + 1) + 1 + x * 4;
        raw[offset] = INK[0];
        raw[offset + 1] = INK[1];
        raw[offset + 2] = INK[2];
        raw[offset + 3] = alpha;
      }
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(WIDTH, 0);
    header.writeUInt32BE(HEIGHT, 4);
    header.set([8, 6, 0, 0, 0], 8);
    return Buffer.concat([
      PNG_SIGNATURE,
      chunk('IHDR', header),
      chunk('IDAT', zlib.deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

/**
 * A hand-drawn-looking signature as a transparent PNG: a capital's loop, a run of joined loops of varying
 * height drifting along a slanted baseline, and often a flourish underneath. The same random state always
 * draws the same signature.
 */
export function drawSignature(random: Random): Buffer {
  const ink = new Ink();
  const baseline = 165 + random.int(40);
  const slant = (random.next() - 0.5) * 0.15;
  const start = 60 + random.int(60);
  // The capital: a tall loop.
  const capital: [number, number][] = [];
  const capitalHeight = 70 + random.int(50);
  for (let t = 0; t <= 1; t += 0.02) {
    const angle = t * Math.PI * 2.2;
    capital.push([
      start + 18 * Math.sin(angle) + t * 30,
      baseline - capitalHeight * (0.5 - 0.5 * Math.cos(angle * 0.5)),
    ]);
  }
  ink.stroke(capital);
  // The name: joined letters, each a loop (l, e), an arch (n, m) or a small bowl (u), drifting on a slant.
  const name: [number, number][] = [];
  const letters = 5 + random.int(6);
  let x = start + 30;
  for (let letter = 0; letter < letters; letter += 1) {
    const shape = random.int(3);
    const height = shape === 0 ? 35 + random.int(55) : 16 + random.int(22);
    const width = shape === 0 ? 14 + random.int(10) : 22 + random.int(20);
    const y0 = baseline - (x - start) * slant;
    for (let t = 0; t <= 1; t += 0.04) {
      const angle = t * Math.PI * 2;
      const rise =
        shape === 0
          ? height * (0.5 - 0.5 * Math.cos(angle))
          : shape === 1
            ? height * Math.sin(t * Math.PI)
            : height * (1 - Math.sin(t * Math.PI)) * 0.6;
      name.push([x + width * t + (shape === 0 ? 6 * Math.sin(angle) : 0), y0 - rise]);
    }
    x += width;
  }
  ink.stroke(name);
  if (random.chance(0.7)) {
    // The flourish: a long, shallow curve under the name.
    const flourish: [number, number][] = [];
    const from = start + random.int(40);
    const to = Math.min(WIDTH - 30, x + 40 + random.int(60));
    for (let t = 0; t <= 1; t += 0.02) {
      flourish.push([from + (to - from) * t, baseline + 22 + 14 * Math.sin(t * Math.PI) - from * slant]);
    }
    ink.stroke(flourish);
  }
  return ink.png();
}
