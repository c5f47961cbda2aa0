import { describe, expect, it } from 'vitest';
import {
  HEALTH_DIALOG_IDS,
  healthDialogsToOpen,
  NOTHING_SHOWN,
  parseShown,
  type HealthDialogInput,
} from './health-dialog-rule.ts';

const none = () => false;

function check(input: Partial<HealthDialogInput>) {
  return healthDialogsToOpen({
    noteCount: 0,
    helpCount: 0,
    currentPage: 'home',
    isDialogOpen: none,
    shown: NOTHING_SHOWN,
    ...input,
  });
}

describe('healthDialogsToOpen', () => {
  it('opens the note dialog for unread notes and the help dialog for answered posts', () => {
    expect(check({ noteCount: 2, helpCount: 1 })).toEqual({
      open: ['note', 'help'],
      shown: { note: 2, help: 1 },
    });
  });

  it('opens nothing when the counts are zero or missing', () => {
    expect(check({ noteCount: 0, helpCount: undefined }).open).toEqual([]);
    expect(check({ noteCount: null, helpCount: Number.NaN }).open).toEqual([]);
  });

  it('does not point members to the page they are on, and counts what they see there as shown', () => {
    expect(check({ noteCount: 3, helpCount: 1, currentPage: 'note' })).toEqual({
      open: ['help'],
      shown: { note: 3, help: 1 },
    });
    expect(check({ noteCount: 3, helpCount: 1, currentPage: 'help' }).open).toEqual(['note']);
  });

  it('does not open a second dialog of the same kind, and asks again once it is answered', () => {
    const isOpen = (id: string) => id === HEALTH_DIALOG_IDS.note;
    const shown = { note: 2, help: 0 };
    expect(check({ noteCount: 3, isDialogOpen: isOpen, shown })).toEqual({ open: [], shown });
    expect(check({ noteCount: 3, helpCount: 2, isDialogOpen: isOpen, shown }).open).toEqual(['help']);
    expect(check({ noteCount: 3, shown }).open).toEqual(['note']);
  });

  it('shows each dialog once per count: not again for the same or a lower count, again when it rises', () => {
    const first = check({ noteCount: 2, helpCount: 1 });
    const samePoll = check({ noteCount: 2, helpCount: 1, shown: first.shown });
    expect(samePoll).toEqual({ open: [], shown: { note: 2, help: 1 } });
    const rise = check({ noteCount: 3, helpCount: 1, shown: samePoll.shown });
    expect(rise).toEqual({ open: ['note'], shown: { note: 3, help: 1 } });
  });

  it('lowers the mark when the member read some, so the next new one is announced', () => {
    const read = check({ noteCount: 0, helpCount: 0, shown: { note: 3, help: 1 } });
    expect(read).toEqual({ open: [], shown: { note: 0, help: 0 } });
    expect(check({ noteCount: 1, shown: read.shown }).open).toEqual(['note']);
  });
});

describe('parseShown', () => {
  it('reads the stored marks and treats anything else as nothing shown', () => {
    expect(parseShown('{"note":2,"help":1}')).toEqual({ note: 2, help: 1 });
    expect(parseShown('{"note":-1,"help":"3"}')).toEqual(NOTHING_SHOWN);
    expect(parseShown('oops')).toEqual(NOTHING_SHOWN);
    expect(parseShown('null')).toEqual(NOTHING_SHOWN);
    expect(parseShown(null)).toEqual(NOTHING_SHOWN);
  });
});
