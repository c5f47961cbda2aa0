import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiKey, apiUrl } from '../lib/api.ts';

/** What a `queue` event makes the console read again: the queues, the help desk and the dashboard. */
const QUEUE_READS = ['deposits.queue', 'withdraws.queue', 'helps.list', 'dashboard.get'] as const;

/**
 * While an operator who may see the dashboard is signed in: the operators' event stream
 * (`events.stream`, docs/api/events.md). Each `queue` event refreshes the queues' counts and lists
 * on screen (only the reads a screen shows are fetched again), so they change when a member asks,
 * not at the next poll; the polls stay, once a minute, as the fallback. The browser's EventSource
 * reconnects by itself.
 */
export function useOperatorEvents(enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(apiUrl('events.stream'));
    source.addEventListener('queue', () => {
      for (const name of QUEUE_READS) void client.invalidateQueries({ queryKey: apiKey(name) });
    });
    return () => source.close();
  }, [client, enabled]);
}
