import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import { usePrefersReducedMotion } from '../use-reduced-motion.ts';

/** How long a slide stays before autoplay moves on. */
export const CAROUSEL_AUTOPLAY_MS = 6_000;

/** A mouse drag longer than this (in px) is a swipe, not a click on the slide's link. */
const DRAG_CLICK_SLOP = 6;
/** A swipe of at least this share of the slide's width moves to the next or previous slide. */
const SWIPE_SHARE = 0.15;

export interface CarouselSlide {
  key: string;
  /** What the dot of the slide is called (the banner's title). */
  label: string;
  /** The slide; `isNear` while it is the current slide or one beside it (its pictures may load). */
  render: (isNear: boolean) => ReactNode;
}

/**
 * A slide carousel on CSS scroll snapping (the browser's own swipe on touch screens, also before
 * any script runs), with a mouse drag, previous/next buttons, the dots as tabs (arrow keys, Home,
 * End) and autoplay that pauses on hover, on focus, while the tab is hidden and on request, and
 * never starts for a visitor who prefers reduced motion (WAI-ARIA carousel pattern).
 */
export function Carousel({
  slides,
  label,
  autoplayMs = CAROUSEL_AUTOPLAY_MS,
}: {
  slides: readonly CarouselSlide[];
  label: string;
  autoplayMs?: number;
}) {
  const { t } = useTranslation('home');
  const baseId = useId();
  const viewport = useRef<HTMLDivElement>(null);
  const dots = useRef<(HTMLButtonElement | null)[]>([]);
  const [index, setIndex] = useState(0);
  const reducedMotion = usePrefersReducedMotion();
  const [isPausedByUser, setIsPausedByUser] = useState<boolean | null>(null);
  const [isHovered, setIsHovered] = useState(false);
  const [hasFocus, setHasFocus] = useState(false);
  const [isHidden, setIsHidden] = useState(false);
  /** The slide a button or autoplay scrolls to: scroll events on the way there do not move the dots. */
  const target = useRef<number | null>(null);
  const drag = useRef<{ x: number; left: number; moved: number; pointer: number } | null>(null);
  const count = slides.length;
  const current = Math.min(index, count - 1);
  const isPaused = isPausedByUser ?? reducedMotion;
  const isPlaying = count > 1 && !isPaused && !isHovered && !hasFocus && !isHidden;
  const isNear = (i: number) => {
    const distance = Math.abs(i - current);
    return distance <= 1 || distance === count - 1;
  };

  const goTo = useCallback(
    (next: number) => {
      const element = viewport.current;
      const wrapped = (next + count) % count;
      setIndex(wrapped);
      if (!element) return;
      target.current = wrapped;
      element.scrollTo({
        left: wrapped * element.clientWidth,
        behavior: reducedMotion ? 'auto' : 'smooth',
      });
    },
    [count, reducedMotion],
  );

  // Autoplay: the next slide after a while, started again whenever the slide changes.
  useEffect(() => {
    if (!isPlaying) return;
    const timer = window.setTimeout(() => goTo(current + 1), autoplayMs);
    return () => window.clearTimeout(timer);
  }, [autoplayMs, current, goTo, isPlaying]);

  useEffect(() => {
    const onVisibility = () => setIsHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  // A resize keeps the current slide in view (the snap points move with the width).
  useEffect(() => {
    const element = viewport.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      element.scrollTo({ left: current * element.clientWidth, behavior: 'auto' });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [current]);

  /** A swipe or a scroll by hand: the dots follow the slide that is in view. */
  function onScroll() {
    const element = viewport.current;
    if (!element || drag.current || element.clientWidth === 0) return;
    const shown = Math.round(element.scrollLeft / element.clientWidth);
    if (target.current !== null) {
      if (shown !== target.current) return;
      target.current = null;
    }
    if (shown !== current && shown >= 0 && shown < count) setIndex(shown);
  }

  function onDotKey(event: KeyboardEvent<HTMLButtonElement>) {
    const next =
      event.key === 'ArrowRight'
        ? current + 1
        : event.key === 'ArrowLeft'
          ? current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? count - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const wrapped = (next + count) % count;
    goTo(wrapped);
    dots.current[wrapped]?.focus();
  }

  // Touch screens swipe with the browser's own scrolling; a mouse drags the slides by hand.
  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    const element = viewport.current;
    if (!element || event.pointerType !== 'mouse' || event.button !== 0 || count < 2) return;
    drag.current = { x: event.clientX, left: element.scrollLeft, moved: 0, pointer: event.pointerId };
    target.current = null;
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const element = viewport.current;
    const state = drag.current;
    if (!element || !state || state.pointer !== event.pointerId) return;
    const dx = event.clientX - state.x;
    state.moved = Math.max(state.moved, Math.abs(dx));
    if (state.moved > DRAG_CLICK_SLOP) {
      if (!element.classList.contains('carousel__viewport--dragging')) {
        element.classList.add('carousel__viewport--dragging');
        element.setPointerCapture?.(event.pointerId);
      }
      element.scrollLeft = state.left - dx;
    }
  }

  function endDrag(event: PointerEvent<HTMLDivElement>) {
    const element = viewport.current;
    const state = drag.current;
    if (!element || !state || state.pointer !== event.pointerId) return;
    element.classList.remove('carousel__viewport--dragging');
    if (state.moved <= DRAG_CLICK_SLOP) {
      drag.current = null;
      return;
    }
    const dx = event.clientX - state.x;
    const width = element.clientWidth || 1;
    const step = Math.abs(dx) >= width * SWIPE_SHARE ? (dx < 0 ? 1 : -1) : 0;
    const next = Math.max(0, Math.min(count - 1, Math.round(state.left / width) + step));
    // Kept until the click that ends the drag has been swallowed (onClickCapture).
    window.setTimeout(() => {
      drag.current = null;
    });
    goTo(next);
  }

  /** The click that ends a mouse drag does not follow the slide's link. */
  function onClickCapture(event: MouseEvent<HTMLDivElement>) {
    if (drag.current && drag.current.moved > DRAG_CLICK_SLOP) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  return (
    <section
      className="carousel"
      aria-roledescription={t('carousel.role')}
      aria-label={label}
      onPointerEnter={(event) => event.pointerType === 'mouse' && setIsHovered(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setIsHovered(false)}
      onFocus={() => setHasFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHasFocus(false);
      }}
    >
      <div
        ref={viewport}
        className="carousel__viewport"
        onScroll={onScroll}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onClickCapture={onClickCapture}
        onDragStart={(event) => event.preventDefault()}
      >
        <div className="carousel__track" aria-live={isPlaying ? 'off' : 'polite'}>
          {slides.map((slide, i) => (
            <div
              key={slide.key}
              id={`${baseId}-slide-${i}`}
              className="carousel__slide"
              {...(count > 1 && {
                role: 'tabpanel',
                'aria-roledescription': t('carousel.slide'),
                'aria-label': t('carousel.position', { index: i + 1, count }),
              })}
              inert={i !== current}
            >
              {slide.render(isNear(i))}
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__button"
            aria-label={t('carousel.prev')}
            aria-controls={`${baseId}-slide-${(current - 1 + count) % count}`}
            onClick={() => goTo(current - 1)}
          >
            <Icon name="chevronRight" size={18} className="icon--flip" />
          </button>
          <div className="carousel__dots" role="tablist" aria-label={t('carousel.choose')}>
            {slides.map((slide, i) => (
              <button
                key={slide.key}
                ref={(element) => {
                  dots.current[i] = element;
                }}
                type="button"
                role="tab"
                id={`${baseId}-dot-${i}`}
                className="carousel__dot"
                aria-selected={i === current}
                aria-controls={`${baseId}-slide-${i}`}
                aria-label={slide.label}
                tabIndex={i === current ? 0 : -1}
                onClick={() => goTo(i)}
                onKeyDown={onDotKey}
              />
            ))}
          </div>
          <button
            type="button"
            className="carousel__button"
            aria-label={t('carousel.next')}
            aria-controls={`${baseId}-slide-${(current + 1) % count}`}
            onClick={() => goTo(current + 1)}
          >
            <Icon name="chevronRight" size={18} />
          </button>
          <button
            type="button"
            className="carousel__button"
            aria-label={isPaused ? t('carousel.play') : t('carousel.pause')}
            onClick={() => setIsPausedByUser(!isPaused)}
          >
            {isPaused ? <Icon name="play" size={16} /> : <PauseIcon />}
          </button>
        </div>
      )}
    </section>
  );
}

function PauseIcon() {
  return (
    <svg className="icon" width={16} height={16} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
    </svg>
  );
}
