import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { communityKeys } from '../../lib/community/queries.ts';
import { useSession } from '../../lib/session/session-context.ts';

/**
 * While the member is on the list, a health check that reports more unread answers (or notes)
 * than before fetches the list again, so the news shows without a reload.
 */
export function useRefetchOnRise(which: 'helps' | 'notes') {
  const client = useQueryClient();
  const { health } = useSession();
  const count = which === 'helps' ? health?.helpCount : health?.noteCount;
  const last = useRef(count);
  useEffect(() => {
    const before = last.current;
    last.current = count;
    if (count !== undefined && before !== undefined && count > before)
      void client.invalidateQueries({
        queryKey: which === 'helps' ? communityKeys.helpsAll : communityKeys.notesAll,
      });
  }, [client, count, which]);
}
