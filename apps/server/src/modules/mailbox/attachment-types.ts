import { ATTACHMENT_NAME_MAX_LENGTH, ATTACHMENT_TYPES, type AttachmentType } from '@crm/shared';
import { fileTypeFromBuffer } from 'file-type';

/** Office's older formats share one container signature; the name's extension tells them apart. */
const COMPOUND_FILE = 'application/x-cfb';
const TEXT_TYPES = new Set<AttachmentType>(['text/plain', 'text/csv']);

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

function typeForExtension(extension: string): AttachmentType | undefined {
  return (Object.keys(ATTACHMENT_TYPES) as AttachmentType[]).find((type) =>
    (ATTACHMENT_TYPES[type] as readonly string[]).includes(extension),
  );
}

/** UTF-8 text without control characters other than tab, line feed and carriage return. */
function isPlainText(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);
}

/**
 * The type an upload really is, when it is one of ATTACHMENT_TYPES and its name's extension says the same;
 * otherwise null. The content decides (its signature), never the name alone or what the browser claimed: a
 * page renamed .png, or a PDF named .docx, is refused.
 */
export async function attachmentType(fileName: string, bytes: Buffer): Promise<AttachmentType | null> {
  const claimed = typeForExtension(extensionOf(fileName));
  if (claimed === undefined) return null;
  const detected = await fileTypeFromBuffer(bytes);
  if (detected === undefined) return TEXT_TYPES.has(claimed) && isPlainText(bytes) ? claimed : null;
  if (detected.mime === COMPOUND_FILE) {
    return ['application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint'].includes(claimed)
      ? claimed
      : null;
  }
  return detected.mime === claimed ? claimed : null;
}

/** A file name as kept and offered back: no folders, no control characters, not too long, never empty. */
export function cleanFileName(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  if (cleaned.length <= ATTACHMENT_NAME_MAX_LENGTH) return cleaned === '' ? 'attachment' : cleaned;
  const extension = extensionOf(cleaned);
  const keep = ATTACHMENT_NAME_MAX_LENGTH - extension.length - 1;
  return `${cleaned.slice(0, keep)}.${extension}`;
}

/** Content-Disposition for a download: always attachment, the name in ASCII and in full UTF-8 (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'attachment';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
