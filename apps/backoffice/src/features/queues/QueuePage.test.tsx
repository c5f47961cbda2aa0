import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TBackofficeQueueItem } from '@casino/contracts/backoffice';
import { initI18n } from '../../i18n/i18n.ts';
import { QueuePage } from './QueuePage.tsx';

const ITEM: TBackofficeQueueItem = {
  id: 41,
  userId: 'player1',
  amount: 50_000,
  depositor: '홍길동',
  state: 'wait',
  reason: null,
  regDate: '2026-11-24T10:00:00.000Z',
};

interface Sent {
  url: string;
  method: string;
  key: string | null;
  body: string | undefined;
}

/** A server for the queue: the list, and one answer (or thrown network error) per decision POST. */
function fakeServer(decisions: (() => Response)[]) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      if (init.method === 'GET') return Response.json({ status: 'success', list: [ITEM], maxCount: 1 });
      sent.push({
        url,
        method: String(init.method),
        key: headers['idempotency-key'] ?? null,
        body: init.body as string,
      });
      const next = decisions.shift();
      if (!next) throw new Error('unexpected POST');
      return next();
    }),
  );
  return sent;
}

function renderQueue() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <QueuePage kind="deposit" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  localStorage.setItem('backoffice.language', 'en');
  initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function approveAndConfirm(button: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
  fireEvent.click(await screen.findByRole('button', { name: button }));
}

describe('the deposit queue', () => {
  it('shows the request with its amount in won', async () => {
    fakeServer([]);
    renderQueue();
    expect(await screen.findByText('₩50,000')).toBeTruthy();
    expect(screen.getByText('홍길동')).toBeTruthy();
  });

  it('retries a decision whose answer was lost with the same Idempotency-Key', async () => {
    const sent = fakeServer([
      () => {
        throw new TypeError('connection reset');
      },
      () => Response.json({ status: 'success' }),
    ]);
    renderQueue();
    await approveAndConfirm('Confirm');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Request no. 41 approved.')).toBeTruthy();
    expect(sent).toHaveLength(2);
    expect(sent[0]!.url).toBe('/api/backoffice/deposits/41/approve');
    expect(sent[0]!.key).toMatch(/^[\x21-\x7e]{1,100}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  it('says plainly that another operator already decided, and uses a new key for a new action', async () => {
    const sent = fakeServer([
      () => Response.json({ status: 'already' }),
      () => Response.json({ status: 'not_found' }),
    ]);
    renderQueue();
    await approveAndConfirm('Confirm');
    expect(await screen.findByText('Request no. 41 was already decided by someone else.')).toBeTruthy();
    await approveAndConfirm('Confirm');
    expect(await screen.findByText('Request no. 41 no longer exists.')).toBeTruthy();
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it('sends the reason the member will read with a rejection', async () => {
    const sent = fakeServer([() => Response.json({ status: 'success' })]);
    renderQueue();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    fireEvent.change(await screen.findByLabelText('Reason the member will read'), {
      target: { value: ' Name does not match ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe('/api/backoffice/deposits/41/reject');
    expect(JSON.parse(sent[0]!.body!)).toEqual({ reason: 'Name does not match' });
    expect(await screen.findByText('Request no. 41 rejected.')).toBeTruthy();
  });
});
