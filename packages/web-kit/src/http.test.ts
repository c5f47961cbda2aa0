import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  HTTP_TIMEOUT_MS,
  HttpError,
  callJson,
  errorOfResponse,
  isHttpError,
  requestJson,
  type RawResponse,
} from './http.ts';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A fetch that answers only when aborted, as a request the server never answers. */
function hangingFetch(): void {
  fetchMock.mockImplementation(
    (_url, init) =>
      new Promise((_resolve, reject) => {
        const abort = () => reject(new DOMException('aborted', 'AbortError'));
        if (init?.signal?.aborted) abort();
        init?.signal?.addEventListener('abort', abort);
      }),
  );
}

function raw(httpStatus: number, body: unknown, headers: Record<string, string> = {}): RawResponse {
  return { httpStatus, body, headers: new Headers(headers) };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('requestJson', () => {
  it('sends same-origin credentials, resolves with any status and its parsed JSON body', async () => {
    fetchMock.mockResolvedValueOnce(answer(409, { status: 'conflict' }));
    const result = await requestJson('/api/x', { method: 'POST', body: '{}' });
    expect(result.httpStatus).toBe(409);
    expect(result.body).toEqual({ status: 'conflict' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/x');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.method).toBe('POST');
  });

  it('gives a null body when the answer is empty or not JSON', async () => {
    fetchMock.mockResolvedValueOnce(answer(502, '<html>bad gateway</html>'));
    expect((await requestJson('/x', {})).body).toBeNull();
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    expect((await requestJson('/x', {})).body).toBeNull();
  });

  it('adds the Idempotency-Key header beside the caller’s headers', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { status: 'success' }));
    await requestJson('/x', { headers: { accept: 'application/json' } }, { idempotencyKey: 'k-1' });
    const headers = new Headers(fetchMock.mock.calls[0]![1]?.headers);
    expect(headers.get('idempotency-key')).toBe('k-1');
    expect(headers.get('accept')).toBe('application/json');
  });

  it('turns a fetch failure into HttpError("network")', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await requestJson('/x', {}).catch((e: unknown) => e);
    expect(isHttpError(error)).toBe(true);
    expect(error).toMatchObject({ status: 'network', code: 'network', httpStatus: 0, isNetwork: true });
  });

  it('gives up after HTTP_TIMEOUT_MS with HttpError("network") whose body says timeout', async () => {
    vi.useFakeTimers();
    hangingFetch();
    const result = requestJson('/x', {}).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS);
    expect(await result).toMatchObject({ status: 'network', body: 'timeout' });
  });

  it('takes its own timeout, or none', async () => {
    vi.useFakeTimers();
    hangingFetch();
    const short = requestJson('/x', {}, { timeoutMs: 100 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    expect(await short).toMatchObject({ status: 'network', body: 'timeout' });

    let settled = false;
    const controller = new AbortController();
    const none = requestJson('/x', {}, { timeoutMs: null, signal: controller.signal })
      .catch((e: unknown) => e)
      .finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS * 10);
    expect(settled).toBe(false);
    controller.abort();
    expect(((await none) as DOMException).name).toBe('AbortError');
  });

  it('rethrows a caller abort as it is, even one made before the request', async () => {
    hangingFetch();
    const controller = new AbortController();
    const result = requestJson('/x', {}, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await result;
    expect(error).not.toBeInstanceOf(HttpError);
    expect((error as DOMException).name).toBe('AbortError');

    const early = await requestJson('/x', {}, { signal: controller.signal }).catch((e: unknown) => e);
    expect((early as DOMException).name).toBe('AbortError');
  });
});

describe('errorOfResponse', () => {
  it('reads the contract error shape: status, field errors, code, Retry-After', () => {
    const error = errorOfResponse(
      raw(400, { status: 'invalid', errors: [{ path: 'userId', code: 'pattern' }, { path: 3 }, 'x'] }),
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 'invalid',
      code: 'invalid',
      httpStatus: 400,
      errors: [{ path: 'userId', code: 'pattern' }],
      retryAfterSec: undefined,
    });
    expect(errorOfResponse(raw(429, { status: 'too_many' }, { 'retry-after': '30' })).retryAfterSec).toBe(30);
    expect(errorOfResponse(raw(404, { status: 'error', code: 'not_found' }))).toMatchObject({
      status: 'error',
      code: 'not_found',
    });
  });

  it('falls back to what the HTTP status stands for, by the app’s own reading when given', () => {
    expect(errorOfResponse(raw(403, null)).status).toBe('forbidden');
    expect(errorOfResponse(raw(502, null)).status).toBe('error');
    expect(errorOfResponse(raw(403, null), (s) => (s === 403 ? 'denied' : 'error')).status).toBe('denied');
  });
});

describe('callJson', () => {
  it('sends a JSON body with its content type and resolves with a 2xx body', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { id: 7 }));
    await expect(callJson('PUT', '/api/y', { body: { a: 1 }, headers: { 'x-a': 'b' } })).resolves.toEqual({
      id: 7,
    });
    const init = fetchMock.mock.calls[0]![1]!;
    const headers = new Headers(init.headers);
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"a":1}');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('x-a')).toBe('b');
  });

  it('sends {} for a POST without a body and nothing for a GET', async () => {
    fetchMock.mockResolvedValue(answer(200, {}));
    await callJson('POST', '/p');
    await callJson('GET', '/g');
    expect(fetchMock.mock.calls[0]![1]?.body).toBe('{}');
    expect(fetchMock.mock.calls[1]![1]?.body).toBeUndefined();
  });

  it('rejects a non-2xx answer with its HttpError', async () => {
    fetchMock.mockResolvedValueOnce(answer(403, '<html></html>'));
    await expect(
      callJson('GET', '/g', { statusOf: (s) => (s === 403 ? 'denied' : 'error') }),
    ).rejects.toMatchObject({ status: 'denied', httpStatus: 403 });
  });
});
