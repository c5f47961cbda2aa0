/**
 * The window a game plays in, and what the portal remembers about the last one it opened (so that
 * the money comes back from a transfer-wallet provider when the member returns: see
 * game-return-watcher.tsx).
 */

/** The name of the game window: opening a second game reuses it instead of stacking windows. */
export const GAME_WINDOW_NAME = 'casino-game';

/** What a device tells about itself (a part of `navigator`, so tests can pass their own). */
export interface DeviceHints {
  userAgent: string;
  platform?: string;
  maxTouchPoints?: number;
}

/**
 * iOS and Mac-like devices (iPhone, iPad, iPod, Macintosh, and iPadOS, which reports itself as a
 * Macintosh with a touch screen): their browsers open a window only straight from the click, not
 * after waiting for `open-game`, so the portal opens a blank window first and points it at the game
 * once the answer comes.
 */
export function isAppleLikeDevice(hints: DeviceHints): boolean {
  if (/iPhone|iPad|iPod|Macintosh/i.test(hints.userAgent)) return true;
  return hints.platform === 'MacIntel' && (hints.maxTouchPoints ?? 0) > 1;
}

/** A game the portal opened: its window (when the browser gave one) and whether the money came back. */
export interface TrackedGame {
  readonly win: Window;
  /** The origin of the game URL the portal opened: messages go only there and come only from there. */
  readonly origin: string;
  /** When the portal opened it (ms since the epoch). */
  readonly openedAt: number;
  hasReturned: boolean;
  /**
   * The game said hello: it takes the portal's messages, the reality checks (decision 0014) and the
   * balance of the event stream (decision 0022; a house game: game-messages.ts).
   */
  takesRealityChecks: boolean;
  /** A reality check was posted to it and not answered yet. */
  isCheckOpen: boolean;
}

let current: TrackedGame | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Remembers the window of the game just opened from `gameUrl` (it replaces the one before). */
export function trackGameWindow(win: Window, gameUrl: string): void {
  const origin = new URL(gameUrl, window.location.href).origin;
  current = {
    win,
    origin,
    openedAt: Date.now(),
    hasReturned: false,
    takesRealityChecks: false,
    isCheckOpen: false,
  };
  emit();
}

/** Forgets `game` once its window is closed (nothing when a newer game replaced it already). */
export function untrackGameWindow(game: TrackedGame): void {
  if (current !== game) return;
  current = null;
  emit();
}

export function trackedGame(): TrackedGame | null {
  return current;
}

export function subscribeTrackedGame(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
