import { POPUP_POS_MAX } from '@casino/contracts/fields';

/**
 * The portal's popup geometry (apps/portal/src/features/popups: popup-rules.ts and popups.css),
 * restated for the console's preview: a popup is min(420 px, viewport - 16) wide, its stored
 * `posX`/`posY` are pixels from the viewport's top left, and it is kept EDGE_GAP inside the
 * viewport. The preview frames a member's desktop screen of FRAME's size.
 */
export const FRAME = { width: 1440, height: 900 } as const;
export const POPUP_MAX_WIDTH = 420;
export const EDGE_GAP = 8;
/** One arrow key press moves the popup this far; with Shift, BIG_STEP. */
export const STEP = 8;
export const BIG_STEP = 40;

export interface Point {
  x: number;
  y: number;
}

export function popupWidth(frameWidth: number = FRAME.width): number {
  return Math.min(POPUP_MAX_WIDTH, frameWidth - 16);
}

/** A position inside the frame for a popup of `height` (the portal clamps the same way), stored-value range. */
export function clampToFrame(
  point: Point,
  height: number,
  frame: { width: number; height: number } = FRAME,
): Point {
  const maxX = Math.max(EDGE_GAP, frame.width - popupWidth(frame.width) - EDGE_GAP);
  const maxY = Math.max(EDGE_GAP, frame.height - height - EDGE_GAP);
  const clamp = (value: number, max: number) =>
    Math.min(POPUP_POS_MAX, Math.round(Math.min(Math.max(value, EDGE_GAP), max)));
  return { x: clamp(point.x, maxX), y: clamp(point.y, maxY) };
}

/** Where an arrow key moves the popup, or null for any other key. */
export function moveByKey(point: Point, key: string, big: boolean): Point | null {
  const step = big ? BIG_STEP : STEP;
  switch (key) {
    case 'ArrowLeft':
      return { x: point.x - step, y: point.y };
    case 'ArrowRight':
      return { x: point.x + step, y: point.y };
    case 'ArrowUp':
      return { x: point.x, y: point.y - step };
    case 'ArrowDown':
      return { x: point.x, y: point.y + step };
    default:
      return null;
  }
}

/** The portal popup's title bar colour (its var(--surface-3)). */
export const BAR_COLOR = '#252b3a';

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * How the portal shows the title colour (its titleColors): as the text colour on the dark bar when
 * that reads well (WCAG AA 4.5), else as the bar's colour under black or white text.
 */
export function titleColors(titleColor: string): { color: string; background: string } {
  if (contrastRatio(titleColor, BAR_COLOR) >= 4.5) return { color: titleColor, background: BAR_COLOR };
  const text =
    contrastRatio('#000000', titleColor) >= contrastRatio('#ffffff', titleColor) ? '#000000' : '#ffffff';
  return { color: text, background: titleColor };
}

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
