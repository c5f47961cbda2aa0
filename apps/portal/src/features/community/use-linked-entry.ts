import { useEffect, useEffectEvent, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The entry a link points at (`/notice?id=12`, `/help?id=7`: the home panels link their rows so),
 * or null. Anything but a plain positive number is ignored.
 */
export function useLinkedEntryId(): number | null {
  const [params] = useSearchParams();
  const raw = params.get('id');
  return raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/** The DOM id of a list row, so a linked row can be scrolled into view. */
export function entryAnchor(kind: 'notice' | 'help', id: number): string {
  return `${kind}-${id}`;
}

/**
 * Once the linked entry is among `ids`, calls `open` with it a single time and scrolls its row
 * into view (the row renders open in the same commit).
 */
export function useOpenLinkedEntry(
  kind: 'notice' | 'help',
  linkedId: number | null,
  ids: readonly number[] | undefined,
  open: (id: number) => void,
): void {
  const isDone = useRef(false);
  const onFound = useEffectEvent(open);
  useEffect(() => {
    if (isDone.current || linkedId === null || !ids?.includes(linkedId)) return;
    isDone.current = true;
    onFound(linkedId);
    requestAnimationFrame(() =>
      document.getElementById(entryAnchor(kind, linkedId))?.scrollIntoView({ block: 'center' }),
    );
  }, [kind, linkedId, ids]);
}
