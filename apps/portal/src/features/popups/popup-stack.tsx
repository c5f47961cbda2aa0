import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPopup } from '@casino/contracts/community';
import { Icon } from '../../components/ui/icon.tsx';
import { SafeHtml } from '../../components/ui/safe-html.tsx';
import { earlyPosition, removeEarlyPopups } from './early-popups.ts';
import { BAR_COLOR, topInset, viewport } from './popup-dom.ts';
import { clampPosition, initialPosition, POPUP_HIDE_HOURS, titleColors, type Box } from './popup-rules.ts';
import './popups.css';

interface Point {
  x: number;
  y: number;
}

/** Whether a key press belongs to a field the visitor is typing in (Escape there is the field's). */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * The visible site popups: each where its operator placed it (offset further down the stack),
 * kept inside the viewport and below the mobile header, draggable by its title bar with a mouse,
 * a pen or a finger. The operator's first popup starts on top, the last one pressed is on top;
 * Escape closes the top one (unless a modal
 * dialog is open or the visitor is typing).
 */
export function PopupStack({
  popups,
  onHide,
  onClose,
}: {
  popups: readonly TPopup[];
  onHide: (id: number) => void;
  onClose: (id: number) => void;
}) {
  // Ids bottom to top: the operator's first popup on top, then every popup pressed moves to the
  // top. Popups that arrive later go under the ones already shown.
  const [order, setOrder] = useState<number[]>(() => popups.map((p) => p.id).reverse());
  const visibleIds = popups.map((p) => p.id);
  const stacked = [
    ...visibleIds.filter((id) => !order.includes(id)).reverse(),
    ...order.filter((id) => visibleIds.includes(id)),
  ];
  const top = stacked.at(-1);

  const raise = useCallback((id: number) => {
    setOrder((old) => (old.at(-1) === id ? old : [...old.filter((x) => x !== id), id]));
  }, []);

  // The early popups (the document's, shown before the app loaded, early-popups.ts) give way in the
  // commit that shows these, where each is placed before the paint: the same boxes in the same places.
  useLayoutEffect(() => removeEarlyPopups(), []);

  const topRef = useRef(top);
  topRef.current = top;
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented || topRef.current === undefined) return;
      if (document.documentElement.classList.contains('has-modal') || isTyping(event.target)) return;
      onClose(topRef.current);
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="site-popups">
      {popups.map((popup, index) => (
        <SitePopup
          key={popup.id}
          popup={popup}
          index={index}
          zIndex={stacked.indexOf(popup.id) + 1}
          onRaise={raise}
          onHide={onHide}
          onClose={onClose}
        />
      ))}
    </div>
  );
}

function SitePopup({
  popup,
  index,
  zIndex,
  onRaise,
  onHide,
  onClose,
}: {
  popup: TPopup;
  index: number;
  zIndex: number;
  onRaise: (id: number) => void;
  onHide: (id: number) => void;
  onClose: (id: number) => void;
}) {
  const { t } = useTranslation('community');
  const titleId = useId();
  const boxRef = useRef<HTMLElement>(null);
  const [position, setPosition] = useState<Point | null>(null);
  const drag = useRef<{ pointerId: number; dx: number; dy: number } | null>(null);

  const size = (): Box => ({
    width: boxRef.current?.offsetWidth ?? 0,
    height: boxRef.current?.offsetHeight ?? 0,
  });

  // Placed once its size is known (before the first paint, so it never jumps): where its early box
  // is when it replaces one (early-popups.ts), kept in view.
  useLayoutEffect(() => {
    const early = earlyPosition(popup.id);
    const room = viewport(boxRef.current);
    setPosition(
      early
        ? clampPosition(early, size(), room, topInset())
        : initialPosition(popup, index, size(), room, topInset()),
    );
    // The operator's position counts once; a dragged popup stays where the visitor put it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A smaller window (a phone turned, a window resized) pulls the popup back into view.
  useEffect(() => {
    const onResize = () =>
      setPosition((old) => old && clampPosition(old, size(), viewport(boxRef.current), topInset()));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  function onPointerDown(event: PointerEvent<HTMLElement>) {
    onRaise(popup.id);
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    if (!position) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      dx: event.clientX - position.x,
      dy: event.clientY - position.y,
    };
  }

  function onPointerMove(event: PointerEvent<HTMLElement>) {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    setPosition(
      clampPosition(
        { x: event.clientX - start.dx, y: event.clientY - start.dy },
        size(),
        viewport(boxRef.current),
        topInset(),
      ),
    );
  }

  function onPointerEnd(event: PointerEvent<HTMLElement>) {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
  }

  const colors = titleColors(popup.titleColor, BAR_COLOR);
  return (
    <section
      ref={boxRef}
      className="site-popup"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      style={{
        zIndex,
        transform: position ? `translate(${position.x}px, ${position.y}px)` : undefined,
        visibility: position ? undefined : 'hidden',
      }}
      onPointerDownCapture={() => onRaise(popup.id)}
      onFocusCapture={() => onRaise(popup.id)}
    >
      <header
        className="site-popup__bar"
        style={{ background: colors.background, color: colors.color }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <h2 className="site-popup__title" id={titleId}>
          {popup.title}
        </h2>
        <Icon name="grip" size={18} className="site-popup__grip" />
      </header>
      <div className="site-popup__body">
        <SafeHtml html={popup.contents} />
      </div>
      <footer className="site-popup__actions">
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => onHide(popup.id)}>
          {t('popup.hide', { hours: POPUP_HIDE_HOURS })}
        </button>
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => onClose(popup.id)}>
          {t('popup.close')}
        </button>
      </footer>
    </section>
  );
}
