import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS, ApiError, callApi, isReadCall } from './api.ts';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('callApi', () => {
  it('POSTs JSON to /api/routes/<call> and returns any 2xx answer, business statuses included', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { status: 'alread_have_user' }));
    await expect(callApi('check-user-id', { userId: 'demo' })).resolves.toEqual({
      status: 'alread_have_user',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/routes/check-user-id');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ userId: 'demo' });
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  it('turns a 400 into ApiError("invalid") with its field errors', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(400, { status: 'invalid', errors: [{ path: 'userId', code: 'pattern' }] }),
    );
    const error = await callApi('check-user-id', { userId: '7' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 'invalid',
      httpStatus: 400,
      errors: [{ path: 'userId', code: 'pattern' }],
    });
  });

  it('reads the status of 401 and 429 answers (with Retry-After)', async () => {
    fetchMock.mockResolvedValueOnce(answer(401, { status: 'unauthenticated' }));
    await expect(callApi('user-health-check', {})).rejects.toMatchObject({
      status: 'unauthenticated',
      httpStatus: 401,
    });
    fetchMock.mockResolvedValueOnce(answer(429, { status: 'too_many' }, { 'retry-after': '30' }));
    await expect(callApi('user-register', {} as never)).rejects.toMatchObject({
      status: 'too_many',
      retryAfterSec: 30,
    });
  });

  it('falls back to the HTTP status when the body is not JSON', async () => {
    fetchMock.mockResolvedValueOnce(answer(502, '<html>bad gateway</html>'));
    fetchMock.mockResolvedValueOnce(answer(502, '<html>bad gateway</html>'));
    await expect(callApi('get-banks', {})).rejects.toMatchObject({ status: 'error', httpStatus: 502 });
  });

  it('retries a read once after a network failure', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValueOnce(answer(200, { status: 'success', banks: [] }));
    await expect(callApi('get-banks', {})).resolves.toEqual({ status: 'success', banks: [] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never retries a write, and reports the network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(callApi('user-register', {} as never)).rejects.toMatchObject({
      status: 'network',
      isNetwork: true,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not retry a 4xx read', async () => {
    fetchMock.mockResolvedValue(answer(401, { status: 'unauthenticated' }));
    await expect(callApi('user-health-check', {})).rejects.toMatchObject({ status: 'unauthenticated' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up after 15 s (the timeout aborts the request), once more for reads', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const result = callApi('get-banks', {}).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
    expect(await result).toMatchObject({ status: 'network', body: 'timeout' });
  });

  it('rethrows a caller abort as it is (TanStack Query cancelling)', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const result = callApi('get-banks', {}, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await result;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('isReadCall', () => {
  it('treats get-*, check-* and the health check as reads', () => {
    expect(['get-banks', 'check-user-nick', 'user-health-check'].every(isReadCall)).toBe(true);
    expect(['user-register', 'apply-user-deposit', 'open-game', 'del-note'].some(isReadCall)).toBe(false);
  });
});
