import type { TPopup } from '@casino/contracts/community';
import { domainMatches } from '@casino/contracts/host';

/**
 * The site popups' rules, pure so they can be tested: which popups show,
 * what 'hide' and 'close' remember, where a popup sits and how its title stays readable.
 */

/**
 * How long 'hide' keeps a popup hidden: the contracts' POPUP_HIDE_MS (the specification's 288e5 ms),
 * restated because this module runs in the frame of every page and contracts' community.ts builds
 * zod schemas when imported (zod stays out of the initial script, README "Budgets"); the test checks
 * that both agree.
 */
export const POPUP_HIDE_MS = 28_800_000;

/** The hide limit in hours, as the 'hide' button says it. */
export const POPUP_HIDE_HOURS = Math.round(POPUP_HIDE_MS / 3_600_000);

/** Per popup id, when the member pressed 'hide' (hide) or 'close' (close), in epoch ms. */
export interface PopupMemory {
  hide: Record<string, number>;
  close: Record<string, number>;
}

export const EMPTY_MEMORY: PopupMemory = { hide: {}, close: {} };

function timestamps(value: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [id, at] of Object.entries(value))
    if (/^\d+$/.test(id) && typeof at === 'number' && Number.isFinite(at)) out[id] = at;
  return out;
}

/** The stored memory, tolerating anything (another version's format, a hand edit): bad entries go. */
export function parseMemory(raw: string | null): PopupMemory {
  if (!raw) return EMPTY_MEMORY;
  try {
    const value = JSON.parse(raw) as unknown;
    if (!value || typeof value !== 'object') return EMPTY_MEMORY;
    const { hide, close } = value as Record<string, unknown>;
    return { hide: timestamps(hide), close: timestamps(close) };
  } catch {
    return EMPTY_MEMORY;
  }
}

/**
 * What a popup fetch leaves of the memory: the 'close' entries are cleared on every fetch (spec),
 * and 'hide' entries older than the hide limit are dropped, so storage never grows.
 */
export function memoryAfterFetch(memory: PopupMemory, now: number, limit = POPUP_HIDE_MS): PopupMemory {
  const hide: Record<string, number> = {};
  for (const [id, at] of Object.entries(memory.hide)) if (isYounger(at, now, limit)) hide[id] = at;
  return { hide, close: {} };
}

/** Both memories together; the later timestamp of an id wins. */
export function mergeMemory(a: PopupMemory, b: PopupMemory): PopupMemory {
  const merge = (x: Record<string, number>, y: Record<string, number>) => {
    const out = { ...x };
    for (const [id, at] of Object.entries(y)) out[id] = Math.max(out[id] ?? at, at);
    return out;
  };
  return { hide: merge(a.hide, b.hide), close: merge(a.close, b.close) };
}

export function rememberHide(memory: PopupMemory, id: number, now: number): PopupMemory {
  return { ...memory, hide: { ...memory.hide, [id]: now } };
}

export function rememberClose(memory: PopupMemory, id: number, now: number): PopupMemory {
  return { ...memory, close: { ...memory.close, [id]: now } };
}

// A timestamp from the future (a clock set back) counts as young, so a hidden popup stays hidden
// rather than coming back; it ages out once the clock passes it.
function isYounger(at: number | undefined, now: number, limit: number): boolean {
  return at !== undefined && now - at < limit;
}

export interface VisibilityInput {
  memory: PopupMemory;
  /** Ids closed in this browser session. */
  closedInSession: ReadonlySet<number>;
  now: number;
  /** This page's host (`location.host`), for the domain check. */
  host: string;
  limit?: number;
}

/**
 * Whether a popup shows: its domain is empty or matches this host (the shared host matcher), and no
 * 'hide' or 'close' of its id is younger than the hide limit, and it was not closed in this session.
 */
export function isPopupVisible(popup: TPopup, input: VisibilityInput): boolean {
  const limit = input.limit ?? POPUP_HIDE_MS;
  const key = String(popup.id);
  if (!domainMatches(popup.domain, input.host)) return false;
  if (isYounger(input.memory.hide[key], input.now, limit)) return false;
  if (isYounger(input.memory.close[key], input.now, limit)) return false;
  return !input.closedInSession.has(popup.id);
}

export function visiblePopups(popups: readonly TPopup[], input: VisibilityInput): TPopup[] {
  return popups.filter((popup) => isPopupVisible(popup, input));
}

/** How far each further popup of a stack is moved right and down, so every title bar shows. */
export const STACK_OFFSET = 28;
/** The smallest gap kept between a popup and the viewport's edges. */
export const EDGE_GAP = 8;

export interface Box {
  width: number;
  height: number;
}

/**
 * Keeps a popup of `size` inside the viewport: at least EDGE_GAP from each edge and below `top`
 * (the sticky mobile header's bottom, so the header's controls stay usable). A popup larger than
 * the room left keeps its top-left corner in view (its body scrolls).
 */
export function clampPosition(
  position: { x: number; y: number },
  size: Box,
  viewport: Box,
  top = 0,
): { x: number; y: number } {
  const minX = EDGE_GAP;
  const minY = top + EDGE_GAP;
  const maxX = Math.max(minX, viewport.width - size.width - EDGE_GAP);
  const maxY = Math.max(minY, viewport.height - size.height - EDGE_GAP);
  return {
    x: Math.round(Math.min(Math.max(position.x, minX), maxX)),
    y: Math.round(Math.min(Math.max(position.y, minY), maxY)),
  };
}

/**
 * Where the `index`-th popup of a stack opens: its operator position brought into view, then moved
 * by its place in the stack (so popups pushed to the same edge still show each title bar), clamped.
 */
export function initialPosition(
  popup: Pick<TPopup, 'posX' | 'posY'>,
  index: number,
  size: Box,
  viewport: Box,
  top = 0,
): { x: number; y: number } {
  const offset = index * STACK_OFFSET;
  const base = clampPosition({ x: popup.posX, y: popup.posY }, size, viewport, top);
  return clampPosition({ x: base.x + offset, y: base.y + offset }, size, viewport, top);
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** The WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA for text of the title's size (large bold text would need 3, the title is not that large). */
const MIN_CONTRAST = 4.5;

/**
 * How the title shows its operator colour and stays readable (WCAG AA): as the text colour on the
 * popup's own title bar when that reads well, else as the bar's colour under black or white text,
 * whichever reads better.
 */
export function titleColors(titleColor: string, barColor: string): { color: string; background: string } {
  if (contrastRatio(titleColor, barColor) >= MIN_CONTRAST) return { color: titleColor, background: barColor };
  const text =
    contrastRatio('#000000', titleColor) >= contrastRatio('#ffffff', titleColor) ? '#000000' : '#ffffff';
  return { color: text, background: titleColor };
}
