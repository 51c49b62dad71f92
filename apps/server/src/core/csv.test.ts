import { describe, expect, it } from 'vitest';
import {
  CsvSyntaxError,
  csvRecord,
  decodeCsv,
  detectSeparator,
  parseCsv,
  spreadsheetSafe,
  withoutSpreadsheetGuard,
} from './csv.ts';

describe('CSV', () => {
  it('quotes a field only when it holds a separator, a quote or a line break', () => {
    expect(csvRecord(['plain', 'a;b', 'say "hi"', 'two\nlines', 'x\ry'])).toBe(
      'plain;"a;b";"say ""hi""";"two\nlines";"x\ry"\n',
    );
    expect(csvRecord(['a,b', 'c'], ',')).toBe('"a,b",c\n');
  });

  it('reads back what it writes, quoted separators, quotes and line breaks included, by spreadsheet row', () => {
    const values = ['a;b', 'say "hi"', 'two\r\nlines', ''];
    const text = `h1;h2;h3;h4\r\n${csvRecord(values)}\n;;;\r\nlast;x;y;z`;
    expect(parseCsv(text, ';')).toEqual([
      { row: 1, fields: ['h1', 'h2', 'h3', 'h4'] },
      { row: 2, fields: values },
      { row: 5, fields: ['last', 'x', 'y', 'z'] },
    ]);
    expect(() => parseCsv('a;b\n"open;c\n', ';')).toThrow(CsvSyntaxError);
  });

  it('makes a cell that would start a formula text, keeps numbers, and takes the guard off again', () => {
    for (const cell of ['=1+1', '+33 6 12', '-cmd', '@SUM(A1)', '\tx', '\rx']) {
      expect(spreadsheetSafe(cell)).toBe(`'${cell}`);
      expect(withoutSpreadsheetGuard(spreadsheetSafe(cell))).toBe(cell);
    }
    expect(spreadsheetSafe('-1,5536')).toBe('-1,5536');
    expect(spreadsheetSafe('Martin')).toBe('Martin');
    expect(withoutSpreadsheetGuard("'Aujourd'hui")).toBe("'Aujourd'hui");
  });

  it('reads UTF-8 with or without its byte order mark, and Windows-1252', () => {
    expect(decodeCsv(Buffer.from('\uFEFFPrénom', 'utf8'))).toBe('Prénom');
    expect(decodeCsv(Buffer.from('Prénom', 'utf8'))).toBe('Prénom');
    expect(decodeCsv(Buffer.from([0x50, 0x72, 0xe9, 0x6e, 0x6f, 0x6d, 0x20, 0x80]))).toBe('Prénom €');
  });

  it("finds the separator from the header's unquoted text", () => {
    expect(detectSeparator('a;b;c\n1,2')).toBe(';');
    expect(detectSeparator('"a;b",c,d')).toBe(',');
    expect(detectSeparator('a\tb')).toBe('\t');
    expect(detectSeparator('alone')).toBe(';');
  });
});
