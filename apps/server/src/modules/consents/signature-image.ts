import { SIGNATURE_DATA_URL_PATTERN } from '@crm/shared';

export type SignatureMimeType = 'image/png' | 'image/jpeg';

export type SignatureImage = { bytes: Buffer; mimeType: SignatureMimeType };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);
/** Node's decoder skips characters outside the alphabet; the evidence must be exactly what was sent. */
const BASE64 = /^[A-Za-z0-9+/]*$/;

/**
 * Strict base64: only the alphabet, then padding that completes the last group, or none (a data URL of exactly
 * SIGNATURE_MAX_LENGTH characters can only be unpadded: the prefix leaves a length that is not a multiple of 4).
 */
function isBase64(payload: string): boolean {
  const data = payload.replace(/={1,2}$/, '');
  const padded = data.length !== payload.length;
  if (data.length % 4 === 1 || (padded && payload.length % 4 !== 0)) return false;
  return BASE64.test(data);
}

/** The PNG signature, then the header chunk every PNG starts with (length 13, type IHDR). */
function looksLikePng(bytes: Buffer): boolean {
  return (
    bytes.length > PNG_SIGNATURE.length + 8 &&
    bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE) &&
    bytes.readUInt32BE(8) === 13 &&
    bytes.toString('latin1', 12, 16) === 'IHDR'
  );
}

/** Start of image, then end of image: a JPEG is framed by both markers. */
function looksLikeJpeg(bytes: Buffer): boolean {
  return (
    bytes.length > JPEG_SIGNATURE.length + 2 &&
    bytes.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE) &&
    bytes[bytes.length - 2] === 0xff &&
    bytes[bytes.length - 1] === 0xd9
  );
}

/**
 * The bytes of a signature's data URL, or null when it is not really a PNG or a JPEG: the prefix names one of
 * the two types, the payload is strict base64, and the decoded bytes are framed as that type is (a `data:image/png`
 * URL of HTML or SVG text, or of a JPEG, is refused).
 */
export function decodeSignatureImage(dataUrl: string): SignatureImage | null {
  const prefix = SIGNATURE_DATA_URL_PATTERN.exec(dataUrl);
  if (!prefix) return null;
  const payload = dataUrl.slice(prefix[0].length);
  if (!isBase64(payload)) return null;
  const bytes = Buffer.from(payload, 'base64');
  const mimeType: SignatureMimeType = prefix[1] === 'png' ? 'image/png' : 'image/jpeg';
  const valid = mimeType === 'image/png' ? looksLikePng(bytes) : looksLikeJpeg(bytes);
  return valid ? { bytes, mimeType } : null;
}

/** The image as the API answers it: the same data URL the client sent. */
export function signatureDataUrl(bytes: Uint8Array, mimeType: string): string {
  return `data:${mimeType};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`;
}
