import type { Box } from './popup-rules.ts';

/**
 * What a popup reads from the page to place itself, shared by `PopupStack` and the early popups
 * script (boot/popups-boot.ts), so both put a popup in the same place.
 */

/** The popup's title bar colour (var(--surface-3)): the title's operator colour is checked against it. */
export const BAR_COLOR = '#252b3a';

/**
 * The room popups have: their fixed layer spans the viewport less any classic scrollbar (a popup
 * never sits under one); the window's size where the layer is not there yet.
 */
export function viewport(box: HTMLElement | null): Box {
  const layer = box?.parentElement;
  return {
    width: layer?.clientWidth || window.innerWidth,
    height: layer?.clientHeight || window.innerHeight,
  };
}

/**
 * Where the page's own sticky header ends (the mobile header below 1200 px), so a popup never
 * covers the controls in it; 0 where no header stays on screen.
 */
export function topInset(): number {
  const header = document.querySelector('.mobile-header');
  if (!header) return 0;
  const rect = header.getBoundingClientRect();
  return rect.height > 0 && getComputedStyle(header).position === 'sticky' ? Math.max(0, rect.bottom) : 0;
}
