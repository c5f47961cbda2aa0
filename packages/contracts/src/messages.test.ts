import { describe, expect, it } from 'vitest';
import {
  CONTRACT_I18N_KEYS,
  DIALOG_KINDS,
  fieldMessageKeys,
  isMessageKey,
  MESSAGE_KEYS,
  MESSAGES,
  STATUS_MESSAGE_KEYS,
  statusMessageKey,
} from './messages.ts';

describe('messages', () => {
  it('holds the specification catalogue with its dialog kinds', () => {
    expect([...MESSAGE_KEYS].sort()).toEqual(
      '2001 2002 2003 2004 2012 2024 2025 2026 2027 2029 2030 2053 2054 2214 2216 2217 2218 2221 2222'
        .split(' ')
        .map((n) => `msg${n}`),
    );
    for (const kind of Object.values(MESSAGES)) expect(DIALOG_KINDS).toContain(kind);
    expect(MESSAGES.msg2001).toBe('warning');
    expect(MESSAGES.msg2002).toBe('info');
    expect(MESSAGES.msg2012).toBe('error');
    expect(MESSAGES.msg2026).toBe('success');
    expect(MESSAGES.msg2216).toBe('confirm');
    expect(MESSAGES.msg2217).toBe('loading');
    expect(isMessageKey('msg2001')).toBe(true);
    expect(isMessageKey('msg9999')).toBe(false);
  });

  it('names a status message per status', () => {
    expect(statusMessageKey('alread_have_user')).toBe('status.alread_have_user');
    expect(STATUS_MESSAGE_KEYS).toContain('status.too_many');
    expect(STATUS_MESSAGE_KEYS).toHaveLength(26);
  });

  it('gives field messages most specific first, never keyed by an unknown key', () => {
    expect(fieldMessageKeys({ path: 'amount', code: 'min' })).toEqual(['field.amount.min', 'field.min']);
    expect(fieldMessageKeys({ path: '', code: 'type' })).toEqual(['field.type']);
    expect(fieldMessageKeys({ path: 'evil', code: 'unknown' })).toEqual(['field.unknown']);
  });

  it('lists every fixed i18n key once', () => {
    expect(new Set(CONTRACT_I18N_KEYS).size).toBe(CONTRACT_I18N_KEYS.length);
    expect(CONTRACT_I18N_KEYS).toEqual(
      expect.arrayContaining([
        'msg2222',
        'status.success',
        'field.required',
        'field.unknown',
        'requestState.cancelled',
      ]),
    );
    expect(CONTRACT_I18N_KEYS).toHaveLength(19 + 26 + 8 + 3);
  });
});
