import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import {
  readSessionStorage,
  readStorage,
  SESSION_KEYS,
  STORAGE_KEYS,
  writeSessionStorage,
  writeStorage,
} from '../../lib/storage.ts';
import { useNoticePopups } from './api/get-notice-popup.ts';
import {
  EMPTY_MEMORY,
  mergeMemory,
  parseMemory,
  rememberClose,
  rememberHide,
  visiblePopups,
  type PopupMemory,
} from './popup-rules.ts';

// The popup boxes (with the HTML sanitizer) are their own chunk: most visits have no popup to show.
const PopupStack = lazy(() => import('./popup-stack.tsx').then((m) => ({ default: m.PopupStack })));

function readClosed(): ReadonlySet<number> {
  try {
    const ids = JSON.parse(readSessionStorage(SESSION_KEYS.popupsClosed) ?? '[]') as unknown;
    return new Set(Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : []);
  } catch {
    return new Set();
  }
}

/** Applies a press to the stored memory (read fresh: another tab may have written it). */
function store(change: (memory: PopupMemory) => PopupMemory): void {
  writeStorage(
    STORAGE_KEYS.popupMemory,
    JSON.stringify(change(parseMemory(readStorage(STORAGE_KEYS.popupMemory)))),
  );
}

/**
 * The site popups, on every page: the operator's notice boxes for this host
 * that the visitor has not hidden (8 hours) or closed (this session). Mounted once by the layout.
 */
export function SitePopups() {
  const query = useNoticePopups();
  // The presses of this page view, on top of the memory the fetch left.
  const [pressed, setPressed] = useState<PopupMemory>(EMPTY_MEMORY);
  const [closed, setClosed] = useState(readClosed);

  const popups = useMemo(() => {
    if (!query.data) return [];
    return visiblePopups(query.data.popups, {
      memory: mergeMemory(query.data.memory, pressed),
      closedInSession: closed,
      now: Date.now(),
      host: window.location.host,
    });
  }, [query.data, pressed, closed]);

  const onHide = useCallback((id: number) => {
    const now = Date.now();
    store((memory) => rememberHide(memory, id, now));
    setPressed((memory) => rememberHide(memory, id, now));
  }, []);

  const onClose = useCallback((id: number) => {
    const now = Date.now();
    store((memory) => rememberClose(memory, id, now));
    setPressed((memory) => rememberClose(memory, id, now));
    setClosed((old) => {
      const next = new Set(old).add(id);
      writeSessionStorage(SESSION_KEYS.popupsClosed, JSON.stringify([...next]));
      return next;
    });
  }, []);

  if (popups.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <PopupStack popups={popups} onHide={onHide} onClose={onClose} />
    </Suspense>
  );
}
