/**
 * A CSV file's text: UTF-8 when it is (a BOM or not), else Windows-1252, in which a French spreadsheet saves
 * "CSV (séparateur : point-virgule)".
 */
export async function readCsvFile(file: Blob): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
