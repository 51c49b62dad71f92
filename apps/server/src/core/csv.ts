/**
 * CSV as French offices exchange it (decision 0057): `;` between fields, fields quoted when they hold a
 * separator, a quote or a line break (RFC 4180 with `;`), a UTF-8 byte order mark first so that Excel reads
 * the accents. One writer for every file the server sends (the directory's lists, the Transparence Santé
 * declaration) and one reader for the files it is sent.
 */

export const CSV_SEPARATOR = ';';
/** Excel opens a CSV file as UTF-8 only when it starts with the byte order mark. */
export const UTF8_BOM = '\uFEFF';

/** A field quoted when it must be: a separator, a quote or a line break inside. */
export function csvField(value: string, separator = CSV_SEPARATOR): string {
  const mustQuote = value.includes(separator) || /["\r\n]/.test(value);
  return mustQuote ? `"${value.replaceAll('"', '""')}"` : value;
}

export const csvRecord = (values: readonly string[], separator = CSV_SEPARATOR) =>
  `${values.map((value) => csvField(value, separator)).join(separator)}\n`;

/** A cell a spreadsheet would read as a formula (OWASP, CSV injection): =, +, -, @, a tab or a carriage return first. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number as the server writes one: never a formula, so it keeps its sign and stays a number for the sheet. */
const PLAIN_NUMBER = /^-?\d+(?:[.,]\d+)?$/;

/**
 * A text cell made harmless for a spreadsheet: one that would start a formula is prefixed with a quote, which
 * the spreadsheet shows as text. Applied to what people typed, not to the numbers the server writes.
 */
export function spreadsheetSafe(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** What spreadsheetSafe added, taken off again, so a file exported and imported back says the same. */
export function withoutSpreadsheetGuard(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/**
 * The text of a file: UTF-8 (its byte order mark dropped), or Windows-1252 when it is not valid UTF-8, which
 * is what Excel writes under "CSV (séparateur : point-virgule)" in France.
 */
export function decodeCsv(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = decodeWindows1252(bytes);
  }
  return text.startsWith(UTF8_BOM) ? text.slice(1) : text;
}

/** Windows-1252's characters at 0x80 to 0x9F (€, œ, typographic quotes…); the other bytes are Latin-1's. */
const WINDOWS_1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

/** Node's decoder for this label reads Latin-1 (the bytes 0x80 to 0x9F become control characters): mapped here. */
function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes)
    .toString('latin1')
    .replace(/[\u0080-\u009F]/g, (char) => WINDOWS_1252_HIGH.charAt(char.charCodeAt(0) - 0x80));
}

/** The separator of a file: whichever of `;`, `,` and tab its first line has most of, `;` when none. */
export function detectSeparator(text: string): string {
  const firstLine = text.slice(0, text.search(/\r|\n/) === -1 ? text.length : text.search(/\r|\n/));
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const counts = [';', ',', '\t'].map((separator) => [separator, unquoted.split(separator).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : CSV_SEPARATOR;
}

/** A record of a file: its row number as a spreadsheet shows it (the header is row 1) and its fields. */
export type CsvRow = { row: number; fields: string[] };

export class CsvSyntaxError extends Error {
  constructor(readonly row: number) {
    super(`unclosed quote in row ${row}`);
  }
}

/**
 * The records of a CSV text (RFC 4180: quoted fields may hold separators, doubled quotes and line breaks;
 * lines end with CRLF, LF or CR). Records whose fields are all empty are left out. A quote left open at the
 * end is a CsvSyntaxError naming the row it opened in.
 */
export function parseCsv(text: string, separator: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = '';
  let row = 1;
  let quoted = false;
  let quoteRow = 0;
  const endRecord = () => {
    fields.push(field);
    if (fields.some((value) => value !== '')) rows.push({ row, fields });
    row += 1;
    fields = [];
    field = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else quoted = false;
    } else if (char === '"' && field === '') {
      quoted = true;
      quoteRow = row;
    } else if (char === separator) {
      fields.push(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
    } else field += char;
  }
  if (quoted) throw new CsvSyntaxError(quoteRow);
  if (field !== '' || fields.length > 0) endRecord();
  return rows;
}
