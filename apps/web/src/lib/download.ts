import type { DownloadedFile } from './api-client';

/** Saves a blob under `filename` through a temporary `<a download>`. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Saves a file fetched through the API client (`fetchFile(...)`) under the server's file name,
 * else `fallbackName`; resolves to the name it was saved under.
 */
export async function saveFile(file: Promise<DownloadedFile>, fallbackName: string): Promise<string> {
  const { blob, filename } = await file;
  const name = filename ?? fallbackName;
  saveBlob(blob, name);
  return name;
}
