import type { TFunction } from 'i18next';
import { REQUEST_STATE_LABEL_KEYS, requestStateLabelKey } from '@casino/contracts/status';

/** How a request row looks: the three states of docs/api/README.md, and anything else as it came. */
export type TRequestTone = 'waiting' | 'complete' | 'cancelled' | 'other';

/**
 * What the member may do with a request (docs/cashier.md "Deleting a request"): cancel a new one,
 * hide a finished one; one an operator has taken (`reg`) can no longer be cancelled.
 */
export type TRequestAction = 'cancel' | 'delete' | 'taken' | 'none';

/** The label of a request state: waiting, complete or cancelled, or the raw value (contracts' rule). */
export function requestStateText(t: TFunction, state: string): string {
  const key = requestStateLabelKey(state);
  return key ? t(`common:${key}`) : state;
}

export function requestStateTone(state: string): TRequestTone {
  switch (requestStateLabelKey(state)) {
    case REQUEST_STATE_LABEL_KEYS.waiting:
      return 'waiting';
    case REQUEST_STATE_LABEL_KEYS.complete:
      return 'complete';
    case REQUEST_STATE_LABEL_KEYS.cancelled:
      return 'cancelled';
    default:
      return 'other';
  }
}

export function requestAction(state: string): TRequestAction {
  switch (state) {
    case 'wait':
      return 'cancel';
    case 'reg':
      return 'taken';
    case 'already':
    case 'cansel':
      return 'delete';
    default:
      return 'none';
  }
}
