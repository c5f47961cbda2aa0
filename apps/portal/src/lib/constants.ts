/**
 * The business constants the portal acts on, in one place.
 */

/** The health check runs every 30 seconds while a member is signed in. */
export const HEALTH_CHECK_INTERVAL_MS = 30_000;

/** The "opening the game" dialog (msg2217) closes by itself after 4 seconds. */
export const GAME_LOADING_CLOSE_MS = 4_000;

/** The game window on devices that are not iOS or Mac-like: 800 by 1400. */
export const GAME_WINDOW_WIDTH = 800;
export const GAME_WINDOW_HEIGHT = 1_400;
export const GAME_WINDOW_FEATURES = `width=${GAME_WINDOW_WIDTH},height=${GAME_WINDOW_HEIGHT}`;

/**
 * How often the portal looks whether the game window it opened has been closed (the portal's own
 * choice: a member back from a game sees the money back within a second).
 */
export const GAME_WINDOW_POLL_MS = 1_000;

/**
 * A game window that reads as closed sooner than this after it was opened is taken as cut off by
 * the game page (its Cross-Origin-Opener-Policy), not closed by the member (the portal's own
 * choice; see features/game/game-return-watcher.tsx).
 */
export const GAME_WINDOW_SEVERED_MS = 5_000;
