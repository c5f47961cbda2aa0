import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/fake-server.tsx';
import { Carousel, CAROUSEL_AUTOPLAY_MS, type CarouselSlide } from './carousel.tsx';

const SLIDES: CarouselSlide[] = ['Welcome', 'Spring event', 'Slot week'].map((label, i) => ({
  key: `s${i}`,
  label,
  render: (isNear: boolean) => (
    <p>
      {label} {isNear ? 'near' : 'far'}
    </p>
  ),
}));

/** Stubs the reduced-motion media query (happy-dom answers false for every query). */
function prefersReducedMotion(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('reduced-motion') ? matches : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

const dots = () => screen.getAllByRole('tab');
const selectedDot = () => dots().find((dot) => dot.getAttribute('aria-selected') === 'true');
/** The slide panels that are not inert (the current one only). */
const liveSlides = () =>
  [...document.querySelectorAll('.carousel__slide')].filter((slide) => !slide.hasAttribute('inert'));

afterEach(() => {
  vi.useRealTimers();
});

describe('the home carousel', () => {
  it('moves with the arrow keys on its dots, wrapping around, and Home and End jump to the ends', () => {
    prefersReducedMotion(true);
    renderPage('/', <Carousel slides={SLIDES} label="배너" />);
    expect(screen.getByRole('tablist').getAttribute('aria-label')).toBe('배너 선택');
    expect(dots().map((dot) => dot.getAttribute('aria-label'))).toEqual([
      'Welcome',
      'Spring event',
      'Slot week',
    ]);
    expect(selectedDot()?.getAttribute('aria-label')).toBe('Welcome');
    // Only the selected dot is in the tab order (roving tabindex).
    expect(dots().map((dot) => dot.tabIndex)).toEqual([0, -1, -1]);

    act(() => selectedDot()!.focus());
    fireEvent.keyDown(selectedDot()!, { key: 'ArrowRight' });
    expect(selectedDot()?.getAttribute('aria-label')).toBe('Spring event');
    expect(document.activeElement).toBe(selectedDot());
    expect(liveSlides().map((slide) => slide.textContent)).toEqual(['Spring event near']);

    fireEvent.keyDown(selectedDot()!, { key: 'End' });
    expect(selectedDot()?.getAttribute('aria-label')).toBe('Slot week');
    fireEvent.keyDown(selectedDot()!, { key: 'ArrowRight' });
    expect(selectedDot()?.getAttribute('aria-label')).toBe('Welcome');
    fireEvent.keyDown(selectedDot()!, { key: 'ArrowLeft' });
    expect(selectedDot()?.getAttribute('aria-label')).toBe('Slot week');
    fireEvent.keyDown(selectedDot()!, { key: 'Home' });
    expect(selectedDot()?.getAttribute('aria-label')).toBe('Welcome');
    expect(document.activeElement).toBe(selectedDot());
    // Other keys are left alone (Tab still leaves the dots).
    fireEvent.keyDown(selectedDot()!, { key: 'Enter' });
    expect(selectedDot()?.getAttribute('aria-label')).toBe('Welcome');
  });

  it('has labelled previous and next buttons, and slides that say where they are', () => {
    prefersReducedMotion(true);
    renderPage('/', <Carousel slides={SLIDES} label="배너" />);
    const region = screen.getByRole('region', { name: '배너' });
    expect(region.getAttribute('aria-roledescription')).toBe('캐러셀');
    fireEvent.click(screen.getByRole('button', { name: '다음 배너' }));
    expect(selectedDot()?.getAttribute('aria-label')).toBe('Spring event');
    fireEvent.click(screen.getByRole('button', { name: '이전 배너' }));
    fireEvent.click(screen.getByRole('button', { name: '이전 배너' }));
    expect(selectedDot()?.getAttribute('aria-label')).toBe('Slot week');
    const panels = screen.getAllByRole('tabpanel', { hidden: true });
    expect(panels.map((panel) => panel.getAttribute('aria-label'))).toEqual(['1 / 3', '2 / 3', '3 / 3']);
    // The current slide and those beside it may load their pictures (the last is beside the first).
    expect(panels.map((panel) => panel.textContent)).toEqual([
      'Welcome near',
      'Spring event near',
      'Slot week near',
    ]);
  });

  it('plays by itself, and stops while the focus is inside', () => {
    prefersReducedMotion(false);
    vi.useFakeTimers();
    renderPage('/', <Carousel slides={SLIDES} label="배너" />);
    expect(screen.getByRole('button', { name: '자동 넘김 멈추기' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS));
    expect(selectedDot()?.getAttribute('aria-label')).toBe('Spring event');

    act(() => selectedDot()!.focus());
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 3));
    expect(selectedDot()?.getAttribute('aria-label')).toBe('Spring event');

    act(() => selectedDot()!.blur());
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS));
    expect(selectedDot()?.getAttribute('aria-label')).toBe('Slot week');
  });

  it('pauses on the pause button and on a mouse hover', () => {
    prefersReducedMotion(false);
    vi.useFakeTimers();
    renderPage('/', <Carousel slides={SLIDES} label="배너" />);
    fireEvent.click(screen.getByRole('button', { name: '자동 넘김 멈추기' }));
    act(() => screen.getByRole('button', { name: '자동 넘김 시작' }).blur());
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 2));
    expect(selectedDot()?.getAttribute('aria-label')).toBe('Welcome');

    fireEvent.click(screen.getByRole('button', { name: '자동 넘김 시작' }));
    act(() => screen.getByRole('button', { name: '자동 넘김 멈추기' }).blur());
    fireEvent.pointerEnter(screen.getByRole('region', { name: '배너' }), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 2));
    expect(selectedDot()?.getAttribute('aria-label')).toBe('Welcome');
    fireEvent.pointerLeave(screen.getByRole('region', { name: '배너' }), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS));
    expect(selectedDot()?.getAttribute('aria-label')).toBe('Spring event');
  });

  it('never plays by itself for a visitor who prefers reduced motion, unless asked to', () => {
    prefersReducedMotion(true);
    vi.useFakeTimers();
    renderPage('/', <Carousel slides={SLIDES} label="배너" />);
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS * 3));
    expect(selectedDot()?.getAttribute('aria-label')).toBe('Welcome');
    fireEvent.click(screen.getByRole('button', { name: '자동 넘김 시작' }));
    act(() => screen.getByRole('button', { name: '자동 넘김 멈추기' }).blur());
    act(() => vi.advanceTimersByTime(CAROUSEL_AUTOPLAY_MS));
    expect(selectedDot()?.getAttribute('aria-label')).toBe('Spring event');
  });

  it('shows one slide without any control', () => {
    prefersReducedMotion(false);
    renderPage('/', <Carousel slides={SLIDES.slice(0, 1)} label="배너" />);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(liveSlides().map((slide) => slide.textContent)).toEqual(['Welcome near']);
  });
});
