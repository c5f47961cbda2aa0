import type { TPageId } from '../../lib/pages.ts';

export type THealthDialog = 'note' | 'help';

/** Dialog ids, so the dialog system can tell whether one is already open. */
export const HEALTH_DIALOG_IDS: Record<THealthDialog, string> = { note: 'health-note', help: 'health-help' };

export interface HealthDialogInput {
  noteCount: number | null | undefined;
  helpCount: number | null | undefined;
  /** The page the member is on now. */
  currentPage: TPageId | null;
  isDialogOpen: (id: string) => boolean;
}

/**
 * Which health-check dialogs to open (spec section 4): unread notes point to /note (msg2003),
 * answered help posts to /help (msg2004), each only when the member is not on that page already
 * and no such dialog is open.
 */
export function healthDialogsToOpen(input: HealthDialogInput): THealthDialog[] {
  const result: THealthDialog[] = [];
  const wants: Array<[THealthDialog, number | null | undefined]> = [
    ['note', input.noteCount],
    ['help', input.helpCount],
  ];
  for (const [dialog, count] of wants) {
    if (!count || count <= 0) continue;
    if (input.currentPage === dialog) continue;
    if (input.isDialogOpen(HEALTH_DIALOG_IDS[dialog])) continue;
    result.push(dialog);
  }
  return result;
}
