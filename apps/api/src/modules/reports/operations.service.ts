import type { Database } from '../../db/database.ts';
import { createOperationsRepository, type QueueFigure } from './operations.repository.ts';

export type OperationsService = ReturnType<typeof createOperationsService>;

/** What the metrics read from the database at each scrape (docs/operations.md "Metrics"). */
export function createOperationsService(deps: { db: Database; now: () => Date }) {
  const repo = createOperationsRepository(deps.db);
  return {
    /** Each queue's waiting requests and the age in seconds of its oldest (0 when none waits). */
    async queues(): Promise<(Omit<QueueFigure, 'oldestAt'> & { oldestAgeSeconds: number })[]> {
      const at = deps.now().getTime();
      return (await repo.queues()).map(({ queue, pending, oldestAt }) => ({
        queue,
        pending,
        oldestAgeSeconds: oldestAt ? Math.max(0, (at - new Date(oldestAt).getTime()) / 1000) : 0,
      }));
    },
    transferCount: () => repo.transferCount(),
  };
}
