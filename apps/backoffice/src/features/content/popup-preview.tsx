import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../lib/html/safe-html.tsx';
import {
  clampToFrame,
  FRAME,
  HEX_COLOR,
  moveByKey,
  popupWidth,
  titleColors,
  type Point,
} from './popup-geometry.ts';

/**
 * The popup as a member sees it on a 1440×900 desktop screen, scaled to the width available. The
 * operator drags its title bar (mouse, pen or finger) or moves it with the arrow keys (Shift: 40 px
 * steps) and `onMove` gets the stored position: pixels from the screen's top left, as the portal
 * reads `posX`/`posY`.
 */
export function PopupPreview({
  title,
  titleColor,
  contents,
  position,
  onMove,
}: {
  title: string;
  titleColor: string;
  contents: string;
  position: Point;
  onMove: (position: Point) => void;
}) {
  const { t } = useTranslation();
  const frameRef = useRef<HTMLDivElement>(null);
  const boxRef = useRef<HTMLElement>(null);
  const [scale, setScale] = useState(0.5);
  const drag = useRef<{ pointerId: number; startX: number; startY: number; from: Point } | null>(null);

  useLayoutEffect(() => {
    const frame = frameRef.current?.parentElement;
    if (!frame) return;
    const measure = () =>
      setScale(frame.clientWidth > 0 ? Math.min(1, frame.clientWidth / FRAME.width) : 0.5);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  const height = () => boxRef.current?.offsetHeight ?? 0;
  const shown = clampToFrame(position, height());
  const colors = titleColors(HEX_COLOR.test(titleColor) ? titleColor : '#ffffff');

  function onPointerDown(event: PointerEvent<HTMLElement>) {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, from: shown };
  }

  function onPointerMove(event: PointerEvent<HTMLElement>) {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    onMove(
      clampToFrame(
        {
          x: start.from.x + (event.clientX - start.startX) / scale,
          y: start.from.y + (event.clientY - start.startY) / scale,
        },
        height(),
      ),
    );
  }

  function onPointerEnd(event: PointerEvent<HTMLElement>) {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture?.(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const next = moveByKey(shown, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    onMove(clampToFrame(next, height()));
  }

  return (
    <div className="pp" style={{ height: FRAME.height * scale }}>
      <div
        ref={frameRef}
        className="pp__screen"
        style={{ width: FRAME.width, height: FRAME.height, transform: `scale(${scale})` }}
      >
        <div className="pp__site" aria-hidden="true">
          <div className="pp__site-header" />
          <div className="pp__site-banner" />
          <div className="pp__site-tiles">
            {Array.from({ length: 8 }, (_, i) => (
              <span key={i} />
            ))}
          </div>
        </div>
        <section
          ref={boxRef}
          className="pp__popup"
          style={{ width: popupWidth(), transform: `translate(${shown.x}px, ${shown.y}px)` }}
        >
          <header
            className="pp__bar"
            role="slider"
            tabIndex={0}
            aria-label={t('content.popup.dragLabel')}
            aria-valuetext={t('content.popup.position', { x: shown.x, y: shown.y })}
            aria-valuenow={shown.x}
            style={{ background: colors.background, color: colors.color }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
            onKeyDown={onKeyDown}
          >
            <span className="pp__title">{title || t('content.popup.untitled')}</span>
            <span className="pp__grip" aria-hidden="true">
              ⠿
            </span>
          </header>
          <div className="pp__body">
            <SafeHtml html={contents} />
          </div>
          <footer className="pp__actions" aria-hidden="true">
            <span>{t('content.popup.hideToday')}</span>
            <span>{t('content.popup.closeLabel')}</span>
          </footer>
        </section>
      </div>
    </div>
  );
}
