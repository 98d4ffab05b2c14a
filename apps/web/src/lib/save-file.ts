/** Saves a downloaded file under a name, through a short-lived object address. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the address after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
