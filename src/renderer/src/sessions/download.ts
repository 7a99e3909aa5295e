/** Hands a text file to the browser (or the window) to save, as a download. */
export function saveTextFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
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
