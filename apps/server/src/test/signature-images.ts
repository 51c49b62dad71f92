import zlib from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_PREFIX = 'data:image/png;base64,';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A real PNG, as a canvas would give it: a transparent 300 × 150 image (RGBA) with a dark stroke across it,
 * shaped by `seed` so two signatures differ.
 */
export function signaturePng(seed = 1): Buffer {
  const width = 300;
  const height = 150;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let x = 10; x < width - 10; x += 1) {
    const y = Math.round(75 + 40 * Math.sin((x / 30) * seed));
    for (let dy = -1; dy <= 1; dy += 1) {
      const offset = (y + dy) * (width * 4 + 1) + 1 + x * 4;
      raw.set([0x1d, 0x2b, 0x4f, 0xff], offset);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function pngDataUrl(bytes: Buffer = signaturePng()): string {
  return `${PNG_PREFIX}${bytes.toString('base64')}`;
}

/**
 * A PNG data URL of exactly `length` characters: a real signature, then bytes after its end (image readers
 * ignore them), in base64 without padding when the length asks for it. Below the signature's own length, the
 * PNG's first bytes only (its signature and header chunk), which is all the server reads of it.
 */
export function pngDataUrlOfLength(length: number, seed = 1): string {
  const payloadLength = length - PNG_PREFIX.length;
  if (payloadLength % 4 === 1) throw new Error(`no base64 text is ${payloadLength} characters long`);
  // A last group of 2 or 3 characters carries 1 or 2 bytes.
  const bytesLength = Math.floor(payloadLength / 4) * 3 + Math.max(0, (payloadLength % 4) - 1);
  const png = signaturePng(seed);
  const bytes = Buffer.alloc(bytesLength);
  png.copy(bytes, 0, 0, Math.min(png.length, bytesLength));
  const payload = bytes.toString('base64').replace(/=+$/, '');
  const url = `${PNG_PREFIX}${payload}`;
  if (url.length !== length) throw new Error(`made ${url.length} characters instead of ${length}`);
  return url;
}

/** A minimal JPEG as the server checks one: start-of-image marker, an APP0 header, end-of-image marker. */
export function jpegDataUrl(): string {
  const bytes = Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.alloc(80, 0x11),
    Buffer.from([0xff, 0xd9]),
  ]);
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}

/** A data URL that says PNG but holds SVG text with a script: the bytes are not an image. */
export function forgedPngDataUrl(): string {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>';
  return `${PNG_PREFIX}${Buffer.from(svg).toString('base64')}`;
}

/** The bytes a data URL carries. */
export function dataUrlBytes(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}
