/**
 * Downloads data as a JSON file (01 §2.10 and 02 §2 "Export": both site builders export their
 * configuration this way). The file is made in the browser; nothing goes to the server.
 */

/** Characters no common file system accepts in a name, and control characters. */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_FILE_NAME = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;

/** `{name}.json` with characters file systems refuse replaced; `fallback` when nothing is left. */
export function jsonFileName(name: string, fallback = 'export'): string {
  const stem = name.replace(UNSAFE_IN_FILE_NAME, '_').trim().replace(/^\.+/, '');
  return `${stem || fallback}.json`;
}

/** Saves `data` as pretty-printed JSON under `fileName` through the browser's download. */
export function downloadJsonFile(fileName: string, data: unknown): void {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked on the next task: the browser has started the download by then.
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
}
