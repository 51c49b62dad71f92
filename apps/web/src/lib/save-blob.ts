/** Saves a blob under a file name, as a link's download would (a link can't carry the bearer token). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is no longer needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
