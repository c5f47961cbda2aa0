import {
  readSessionStorage,
  readStorage,
  SESSION_KEYS,
  STORAGE_KEYS,
  writeSessionStorage,
  writeStorage,
} from '../../lib/storage.ts';
import { parseMemory, type PopupMemory } from './popup-rules.ts';

/**
 * What the site popups keep in the browser: the 'hide' and 'close' memory (local storage) and the
 * ids closed in this session (session storage). Shared by `SitePopups` and the early popups script
 * (boot/popups-boot.ts), so a press before the app has loaded is remembered exactly as one after.
 */

/** The ids of the popups closed in this session. */
export function readClosed(): ReadonlySet<number> {
  try {
    const ids = JSON.parse(readSessionStorage(SESSION_KEYS.popupsClosed) ?? '[]') as unknown;
    return new Set(Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : []);
  } catch {
    return new Set();
  }
}

export function writeClosed(ids: ReadonlySet<number>): void {
  writeSessionStorage(SESSION_KEYS.popupsClosed, JSON.stringify([...ids]));
}

/** The stored memory. */
export function readMemory(): PopupMemory {
  return parseMemory(readStorage(STORAGE_KEYS.popupMemory));
}

export function writeMemory(memory: PopupMemory): void {
  writeStorage(STORAGE_KEYS.popupMemory, JSON.stringify(memory));
}

/** Applies a press to the stored memory (read fresh: another tab may have written it). */
export function storeMemory(change: (memory: PopupMemory) => PopupMemory): void {
  writeMemory(change(readMemory()));
}
