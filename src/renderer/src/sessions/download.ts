/** Hands a text file to the browser (or the window) to save, as a download. */
export function saveTextFile(fileName: string, text: string, type: string): void {
  saveBlob(fileName, new Blob([text], { type }));
}

export function saveBytesFile(fileName: string, bytes: Uint8Array<ArrayBuffer>, type: string): void {
  saveBlob(fileName, new Blob([bytes], { type }));
}

function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the URL is not needed after this tick.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
