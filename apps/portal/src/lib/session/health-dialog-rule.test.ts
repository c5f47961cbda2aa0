import { describe, expect, it } from 'vitest';
import { HEALTH_DIALOG_IDS, healthDialogsToOpen } from './health-dialog-rule.ts';

const none = () => false;

describe('healthDialogsToOpen', () => {
  it('opens the note dialog for unread notes and the help dialog for answered posts', () => {
    expect(
      healthDialogsToOpen({ noteCount: 2, helpCount: 1, currentPage: 'home', isDialogOpen: none }),
    ).toEqual(['note', 'help']);
  });

  it('opens nothing when the counts are zero or missing', () => {
    expect(
      healthDialogsToOpen({ noteCount: 0, helpCount: undefined, currentPage: 'home', isDialogOpen: none }),
    ).toEqual([]);
  });

  it('does not point members to the page they are on', () => {
    expect(
      healthDialogsToOpen({ noteCount: 3, helpCount: 1, currentPage: 'note', isDialogOpen: none }),
    ).toEqual(['help']);
    expect(
      healthDialogsToOpen({ noteCount: 3, helpCount: 1, currentPage: 'help', isDialogOpen: none }),
    ).toEqual(['note']);
  });

  it('does not open a second dialog of the same kind', () => {
    const isOpen = (id: string) => id === HEALTH_DIALOG_IDS.note;
    expect(
      healthDialogsToOpen({ noteCount: 3, helpCount: 0, currentPage: 'deposit', isDialogOpen: isOpen }),
    ).toEqual([]);
    expect(
      healthDialogsToOpen({ noteCount: 3, helpCount: 2, currentPage: 'deposit', isDialogOpen: isOpen }),
    ).toEqual(['help']);
  });
});
