import { act, render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './providers.tsx';
import { fakeServer, HttpAnswer } from '../test/fake-server.tsx';
import { TEST_USER } from '../test/test-app.tsx';
import { HEALTH_CHECK_INTERVAL_MS } from '../lib/constants.ts';
import { userHealthCheckKey } from '../lib/session/api/user-health-check.ts';
import { useSession } from '../lib/session/session-context.ts';
import { SessionProvider } from '../lib/session/session-provider.tsx';

let status = '';
function Status() {
  status = useSession().status;
  return null;
}

function mount(client: QueryClient) {
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <Status />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('SessionProvider health check', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks a guest once and never polls them (no 401 every 30 seconds)', async () => {
    const api = fakeServer({
      'user-health-check': () => new HttpAnswer(401, { status: 'unauthenticated' }),
    });
    const client = createQueryClient();
    mount(client);
    await advance(10);
    expect(status).toBe('unauthenticated');
    expect(api.countOf('user-health-check')).toBe(1);

    await advance(3 * HEALTH_CHECK_INTERVAL_MS);
    // A member call answered 401 invalidates the check; a guest's check stays off all the same.
    await act(() => client.invalidateQueries({ queryKey: userHealthCheckKey }));
    await advance(10);
    expect(api.countOf('user-health-check')).toBe(1);
    client.clear();
  });

  it('polls a member every 30 seconds and stops once the session ends', async () => {
    let isSignedIn = true;
    const api = fakeServer({
      'user-health-check': () =>
        isSignedIn
          ? { status: 'success', noteCount: 0, helpCount: 0, user: TEST_USER }
          : new HttpAnswer(401, { status: 'unauthenticated' }),
    });
    const client = createQueryClient();
    mount(client);
    await advance(10);
    expect(status).toBe('authenticated');
    await advance(2 * HEALTH_CHECK_INTERVAL_MS);
    expect(api.countOf('user-health-check')).toBe(3);

    isSignedIn = false;
    await advance(HEALTH_CHECK_INTERVAL_MS);
    expect(status).toBe('unauthenticated');
    await advance(3 * HEALTH_CHECK_INTERVAL_MS);
    expect(api.countOf('user-health-check')).toBe(4);
    client.clear();
  });
});
