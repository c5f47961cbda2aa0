import { cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { apiKey } from '../lib/api.ts';
import { useOperatorEvents } from './operator-events.ts';

class FakeSource {
  static opened: FakeSource[] = [];
  readonly url: string;
  readonly listeners = new Map<string, () => void>();
  closed = false;
  constructor(url: string) {
    this.url = url;
    FakeSource.opened.push(this);
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
}

function Watch({ enabled }: { enabled: boolean }) {
  useOperatorEvents(enabled);
  return null;
}

afterEach(cleanup);

describe('useOperatorEvents', () => {
  it('opens the operators’ stream, and a queue event refreshes the queues, the help desk and the dashboard only', async () => {
    const previous = globalThis.EventSource;
    globalThis.EventSource = FakeSource as unknown as typeof EventSource;
    const client = new QueryClient();
    try {
      for (const key of [
        apiKey('deposits.queue', { query: { state: 'wait', pageSize: 1 } }),
        apiKey('helps.list', { query: { state: 'wait', pageSize: 1 } }),
        apiKey('dashboard.get'),
        apiKey('audit.list', { query: { page: 1 } }),
      ])
        await client.fetchQuery({ queryKey: key, queryFn: () => 1 });
      const view = render(
        <QueryClientProvider client={client}>
          <Watch enabled />
        </QueryClientProvider>,
      );
      const source = FakeSource.opened.at(-1)!;
      expect(source.url).toBe('/api/backoffice/events');
      source.listeners.get('queue')!();
      const invalid = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
      expect(invalid(apiKey('deposits.queue', { query: { state: 'wait', pageSize: 1 } }))).toBe(true);
      expect(invalid(apiKey('helps.list', { query: { state: 'wait', pageSize: 1 } }))).toBe(true);
      expect(invalid(apiKey('dashboard.get'))).toBe(true);
      expect(invalid(apiKey('audit.list', { query: { page: 1 } }))).toBe(false);
      view.unmount();
      expect(source.closed).toBe(true);

      // A role without the dashboard opens nothing.
      const count = FakeSource.opened.length;
      render(
        <QueryClientProvider client={client}>
          <Watch enabled={false} />
        </QueryClientProvider>,
      );
      expect(FakeSource.opened.length).toBe(count);
    } finally {
      globalThis.EventSource = previous;
      client.clear();
    }
  });
});
