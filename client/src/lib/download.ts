/** The file name of an attachment's Content-Disposition header, or null. */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall back to the plain filename */
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1]?.trim() || null;
}

/** Hands a file fetched by the app to the browser as a download. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has started from the URL by now; revoking at once can cancel it in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
