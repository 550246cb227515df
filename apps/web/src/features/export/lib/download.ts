import type { ExportFormat } from '@addesk/contract';
import { ApiError, buildUrl, isErrorBody, type QueryValue } from '@/lib/api-client';

const FAILED = 'Не удалось скачать файл. Попробуйте ещё раз';
const NO_CONNECTION = 'Связь прервалась, файл не скачан. Проверьте интернет и попробуйте ещё раз';

/** The file's name from Content-Disposition: the Russian `filename*`, else the plain one. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name: the plain one below.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

async function errorOf(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  return new ApiError(
    response.status,
    isErrorBody(body)
      ? body
      : { code: response.status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL', message: FAILED },
  );
}

/**
 * Downloads an export: `path` is the API's (`/sale/export`), `query` the screen's filters. The server streams the
 * file without a length, so progress is the bytes received so far. The browser saves it from a Blob URL under the
 * name the server gave. Aborting `signal` stops the download (and the server's reading).
 */
export async function downloadExport(
  path: string,
  query: Record<string, QueryValue>,
  format: ExportFormat,
  onProgress: (bytes: number) => void,
  signal: AbortSignal,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, { ...query, format }), { credentials: 'include', signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(0, { code: 'UPSTREAM_UNAVAILABLE', message: NO_CONNECTION }, { cause: error });
  }
  if (!response.ok || !response.body) throw await errorOf(response);
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      onProgress(bytes);
    }
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(0, { code: 'UPSTREAM_UNAVAILABLE', message: NO_CONNECTION }, { cause: error });
  }
  const blob = new Blob(chunks as BlobPart[], {
    type: response.headers.get('Content-Type') ?? 'application/octet-stream',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('Content-Disposition'), `export.${format}`);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the Blob to the browser's download; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Bytes as the progress line shows them: '850 КБ', '12,4 МБ'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} КБ`;
  return `${(bytes / (1024 * 1024)).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} МБ`;
}
