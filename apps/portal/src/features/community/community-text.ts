import type { TFunction } from 'i18next';
import { requestStateLabelKey } from '@casino/contracts/status';
import type { DialogApi } from '@casino/web-kit/dialog-context';
import { errorText, statusText } from '../../i18n/error-text.ts';

/** How a help post's state reads: the contracts' waiting/complete mapping in help words, else as it came. */
export function helpStateText(t: TFunction, state: string): string {
  const key = requestStateLabelKey(state);
  return key ? t([`community:help.${key}`, `common:${key}`]) : state;
}

export function helpStateTone(state: string): 'waiting' | 'complete' | 'other' {
  const key = requestStateLabelKey(state);
  if (key === 'requestState.waiting') return 'waiting';
  if (key === 'requestState.complete') return 'complete';
  return 'other';
}

/** A status of a community call, worded by the screen (`community:<screen>.status.<status>`) when it can. */
export function communityStatusText(t: TFunction, screen: 'help' | 'note' | 'guest', status: string): string {
  return statusText(t, status, `community:${screen}`);
}

/** A failed community call (network, 4xx, 5xx) in words. */
export function communityErrorText(t: TFunction, screen: 'help' | 'note' | 'guest', error: unknown): string {
  return errorText(t, error, `community:${screen}`);
}

/**
 * Deletes one help post or note the way both lists do: the member's confirmation, then the call,
 * then its answer in a dialog (`not_found` and failures in the screen's words).
 */
export async function deleteWithDialogs(
  dialogs: DialogApi,
  t: TFunction,
  screen: 'help' | 'note',
  texts: { question: string; confirmLabel: string; done: string },
  remove: () => Promise<{ status: string }>,
): Promise<void> {
  if (!(await dialogs.confirm(texts.question, { confirmLabel: texts.confirmLabel }))) return;
  try {
    const result = await remove();
    if (result.status === 'success') await dialogs.success(texts.done);
    else await dialogs.error(communityStatusText(t, screen, result.status));
  } catch (error) {
    await dialogs.error(communityErrorText(t, screen, error));
  }
}

/**
 * "Delete all" of a list: asked first, then `removeAll`; on success `onDone` (close the open row,
 * back to the first page) and the `done` message, on failure the `failed` one.
 */
export async function deleteAllWithDialogs(
  dialogs: DialogApi,
  texts: { question: string; confirmLabel: string; failed: string; done: string },
  removeAll: () => Promise<unknown>,
  onDone: () => void,
): Promise<void> {
  if (!(await dialogs.confirm(texts.question, { confirmLabel: texts.confirmLabel }))) return;
  try {
    await removeAll();
  } catch {
    await dialogs.error(texts.failed);
    return;
  }
  onDone();
  await dialogs.success(texts.done);
}
