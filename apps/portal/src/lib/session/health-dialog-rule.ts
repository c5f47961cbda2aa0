import type { TPageId } from '../../lib/pages.ts';

export type THealthDialog = 'note' | 'help';

/** Dialog ids, so the dialog system can tell whether one is already open. */
export const HEALTH_DIALOG_IDS: Record<THealthDialog, string> = { note: 'health-note', help: 'health-help' };

/** Per dialog, the count it was last shown for (or the member saw on its page); 0 when never. */
export type THealthShown = Record<THealthDialog, number>;

export const NOTHING_SHOWN: THealthShown = { note: 0, help: 0 };

export interface HealthDialogInput {
  noteCount: number | null | undefined;
  helpCount: number | null | undefined;
  /** The page the member is on now. */
  currentPage: TPageId | null;
  isDialogOpen: (id: string) => boolean;
  /** What the dialogs were last shown for in this session (health-dialog-memory). */
  shown: THealthShown;
}

export interface HealthDialogDecision {
  /** The dialogs to open now. */
  open: THealthDialog[];
  /** What to remember as shown after this check. */
  shown: THealthShown;
}

/**
 * Which health-check dialogs to open: unread notes point to /note (msg2003),
 * answered help posts to /help (msg2004), each only when the member is not on that page already
 * and no such dialog is open; and only once per count: a dialog shows again only when its count
 * rises above the count it was last shown for. A count that falls (the member read some) lowers
 * that mark, so the next new note or answer is announced; a rise seen on the page itself counts
 * as shown.
 */
export function healthDialogsToOpen(input: HealthDialogInput): HealthDialogDecision {
  const open: THealthDialog[] = [];
  const shown: THealthShown = { ...input.shown };
  const counts: Array<[THealthDialog, number | null | undefined]> = [
    ['note', input.noteCount],
    ['help', input.helpCount],
  ];
  for (const [dialog, raw] of counts) {
    const count = typeof raw === 'number' && Number.isFinite(raw) && raw > 0 ? raw : 0;
    const last = shown[dialog];
    if (count <= last) {
      shown[dialog] = count;
      continue;
    }
    if (input.currentPage === dialog) {
      shown[dialog] = count;
      continue;
    }
    // Shown for an older count and still open: the member has not answered it yet; ask again later.
    if (input.isDialogOpen(HEALTH_DIALOG_IDS[dialog])) continue;
    open.push(dialog);
    shown[dialog] = count;
  }
  return { open, shown };
}

/** Reads what was remembered (session storage JSON); anything unreadable counts as nothing shown. */
export function parseShown(raw: string | null): THealthShown {
  if (!raw) return NOTHING_SHOWN;
  try {
    const value = JSON.parse(raw) as Partial<Record<string, unknown>> | null;
    const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0);
    return { note: count(value?.note), help: count(value?.help) };
  } catch {
    return NOTHING_SHOWN;
  }
}
