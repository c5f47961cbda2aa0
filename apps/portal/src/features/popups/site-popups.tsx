import { lazy, Suspense, useCallback, useLayoutEffect, useMemo, useState } from 'react';
import { useNoticePopups } from './api/get-notice-popup.ts';
import { EARLY_PRESS_EVENT, removeEarlyPopups, type TEarlyPress } from './early-popups.ts';
import {
  EMPTY_MEMORY,
  mergeMemory,
  rememberClose,
  rememberHide,
  visiblePopups,
  type PopupMemory,
} from './popup-rules.ts';
import { readClosed, storeMemory, writeClosed } from './popup-storage.ts';

// The popup boxes (with the HTML sanitizer) are their own chunk: most visits have no popup to show.
const PopupStack = lazy(() => import('./popup-stack.tsx').then((m) => ({ default: m.PopupStack })));

/**
 * The site popups, on every page: the operator's notice boxes for this host
 * that the visitor has not hidden (8 hours) or closed (this session). Mounted once by the layout.
 * On a prerendered page the server has written them into the document and boot.js has shown them
 * already (early-popups.ts): this takes their data and the presses made on them, and its own boxes
 * take their place.
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

  // A press on an early popup (stored by boot.js as below) after this mounted.
  useLayoutEffect(() => {
    function onEarlyPress(event: Event) {
      const { id, action, at } = (event as CustomEvent<TEarlyPress>).detail;
      setPressed((memory) => (action === 'hide' ? rememberHide : rememberClose)(memory, id, at));
      if (action === 'close') setClosed((old) => new Set(old).add(id));
    }
    window.addEventListener(EARLY_PRESS_EVENT, onEarlyPress);
    return () => window.removeEventListener(EARLY_PRESS_EVENT, onEarlyPress);
  }, []);

  // Nothing (more) to show: the early popups go too (PopupStack removes them when it shows its own).
  const settled = query.data !== undefined || query.isError;
  const none = popups.length === 0;
  useLayoutEffect(() => {
    if (settled && none) removeEarlyPopups();
  }, [settled, none]);

  const onHide = useCallback((id: number) => {
    const now = Date.now();
    storeMemory((memory) => rememberHide(memory, id, now));
    setPressed((memory) => rememberHide(memory, id, now));
  }, []);

  const onClose = useCallback((id: number) => {
    const now = Date.now();
    storeMemory((memory) => rememberClose(memory, id, now));
    setPressed((memory) => rememberClose(memory, id, now));
    setClosed((old) => {
      const next = new Set(old).add(id);
      writeClosed(next);
      return next;
    });
  }, []);

  if (none) return null;
  return (
    <Suspense fallback={null}>
      <PopupStack popups={popups} onHide={onHide} onClose={onClose} />
    </Suspense>
  );
}
