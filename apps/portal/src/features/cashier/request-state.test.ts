import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../test/test-i18n.ts';
import { requestAction, requestStateText, requestStateTone } from './request-state.ts';

describe('request state labels (docs/api/README.md, the contracts requestStateLabelKey)', () => {
  const ko = createTestI18n('ko').t;
  const en = createTestI18n('en').t;

  it('shows wait and reg as waiting, already as complete, cansel as cancelled', () => {
    expect(['wait', 'reg', 'already', 'cansel'].map((s) => requestStateText(ko, s))).toEqual([
      '대기',
      '대기',
      '완료',
      '취소',
    ]);
    expect(['wait', 'reg', 'already', 'cansel'].map((s) => requestStateText(en, s))).toEqual([
      'Waiting',
      'Waiting',
      'Complete',
      'Cancelled',
    ]);
  });

  it('shows any other value unchanged', () => {
    expect(requestStateText(ko, 'hold')).toBe('hold');
    expect(requestStateText(en, '')).toBe('');
    expect(requestStateTone('hold')).toBe('other');
  });

  it('gives each state its tone', () => {
    expect(['wait', 'reg', 'already', 'cansel'].map(requestStateTone)).toEqual([
      'waiting',
      'waiting',
      'complete',
      'cancelled',
    ]);
  });

  it('lets the member cancel a new request, hide a finished one, and nothing else', () => {
    expect(requestAction('wait')).toBe('cancel');
    expect(requestAction('reg')).toBe('taken');
    expect(requestAction('already')).toBe('delete');
    expect(requestAction('cansel')).toBe('delete');
    expect(requestAction('hold')).toBe('none');
  });
});
