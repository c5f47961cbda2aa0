import type { TMediaUploadResponse } from '@casino/contracts/banners';
import { ApiError, API_TIMEOUT_MS } from '../../lib/api.ts';

/**
 * `POST /api/backoffice/media` with the image itself as the body (its own type, up to 8 MiB): the
 * answer's `url` is what a game's `imgUrl` takes. Errors as `call` reports them.
 */
export async function uploadImage(file: File): Promise<TMediaUploadResponse> {
  let response: Response;
  try {
    response = await fetch('/api/backoffice/media', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': file.type || 'application/octet-stream' },
      credentials: 'same-origin',
      body: file,
      signal: AbortSignal.timeout(API_TIMEOUT_MS * 4),
    });
  } catch {
    throw new ApiError({ status: 'network', httpStatus: 0 });
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body as TMediaUploadResponse;
  const wire = body && typeof body === 'object' ? (body as { status?: unknown; errors?: unknown }) : {};
  throw new ApiError({
    status: typeof wire.status === 'string' ? wire.status : response.status === 413 ? 'too_large' : 'error',
    httpStatus: response.status,
    errors: Array.isArray(wire.errors) ? wire.errors : [],
  });
}

/** Moves the item at `from` to `to` (a new array). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
