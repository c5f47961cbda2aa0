import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZOperatorLoginRequest, ZOperatorLoginResponse } from './auth.ts';
import {
  ZBackofficeDecisionResponse,
  ZBackofficeQueueQuery,
  ZBackofficeRejectRequest,
} from './backoffice-cashier.ts';
import { ZBackofficePopupRequest } from './backoffice-content.ts';
import { ZBackofficeNoteRequest } from './backoffice-helpdesk.ts';
import { ZBackofficeAdjustRequest, ZBackofficeAdjustResponse } from './backoffice-members.ts';
import { canSeeBankNumbers, roleAllows, ZBackofficeIdParams } from './backoffice.ts';
import { toFieldErrors } from './errors.ts';

const errorsOf = (schema: z.ZodType, body: unknown) => {
  const r = schema.safeParse(body);
  return r.success ? [] : toFieldErrors(r.error.issues, body);
};

describe('back office', () => {
  it('roles', () => {
    expect(
      roleAllows('owner', 'money') && roleAllows('owner', 'support') && roleAllows('owner', 'content'),
    ).toBe(true);
    expect(roleAllows('cashier', 'money')).toBe(true);
    expect(roleAllows('cashier', 'content')).toBe(false);
    expect(roleAllows('support', 'support')).toBe(true);
    expect(roleAllows('support', 'money')).toBe(false);
    expect(roleAllows('content', 'content')).toBe(true);
    expect(canSeeBankNumbers('cashier')).toBe(true);
    expect(canSeeBankNumbers('support')).toBe(false);
  });

  it('operator login', () => {
    expect(ZOperatorLoginRequest.parse({ operatorId: 'admin', password: 'x', totp: '123456' })).toBeTruthy();
    expect(errorsOf(ZOperatorLoginRequest, { operatorId: 'admin', password: 'x', totp: '12345' })).toEqual([
      { path: 'totp', code: 'pattern' },
    ]);
    for (const status of ['success', 'fail', 'totp_required'])
      expect(ZOperatorLoginResponse.parse({ status })).toEqual({ status });
  });

  it('reads ids, states and paging from strings', () => {
    expect(ZBackofficeIdParams.parse({ id: '42' })).toEqual({ id: 42 });
    expect(errorsOf(ZBackofficeIdParams, { id: 'x' })).toEqual([{ path: 'id', code: 'type' }]);
    expect(errorsOf(ZBackofficeIdParams, { id: '0' })).toEqual([{ path: 'id', code: 'min' }]);
    expect(ZBackofficeQueueQuery.parse({ state: 'wait' })).toEqual({ state: 'wait', page: 1, pageSize: 20 });
    expect(ZBackofficeQueueQuery.parse({ page: '3', pageSize: '50' })).toEqual({ page: 3, pageSize: 50 });
    expect(errorsOf(ZBackofficeQueueQuery, { state: 'done' })).toEqual([{ path: 'state', code: 'pattern' }]);
    expect(errorsOf(ZBackofficeQueueQuery, { pageSize: '500' })).toEqual([{ path: 'pageSize', code: 'max' }]);
  });

  it('approve and reject', () => {
    expect(ZBackofficeRejectRequest.parse({})).toEqual({});
    expect(ZBackofficeRejectRequest.parse({ reason: ' 입금 미확인 ' })).toEqual({ reason: '입금 미확인' });
    expect(errorsOf(ZBackofficeRejectRequest, { reason: 'x'.repeat(201) })).toEqual([
      { path: 'reason', code: 'length' },
    ]);
    for (const status of ['success', 'already', 'not_found'])
      expect(ZBackofficeDecisionResponse.parse({ status })).toEqual({ status });
  });

  it('adjust takes a signed non-zero amount and a reason', () => {
    expect(
      ZBackofficeAdjustRequest.parse({ amount: -5000, reason: '오류 정정', kind: 'point' }),
    ).toBeTruthy();
    expect(errorsOf(ZBackofficeAdjustRequest, { amount: 0, reason: 'x' })).toEqual([
      { path: 'amount', code: 'min' },
    ]);
    expect(errorsOf(ZBackofficeAdjustRequest, { amount: 1.5, reason: 'x' })).toEqual([
      { path: 'amount', code: 'type' },
    ]);
    expect(errorsOf(ZBackofficeAdjustRequest, { amount: 1, reason: '  ' })).toEqual([
      { path: 'reason', code: 'length' },
    ]);
    expect(errorsOf(ZBackofficeAdjustRequest, { amount: 1, reason: 'x', kind: 'gold' })).toEqual([
      { path: 'kind', code: 'pattern' },
    ]);
    expect(errorsOf(ZBackofficeAdjustRequest, { reason: 'x' })).toEqual([
      { path: 'amount', code: 'required' },
    ]);
    for (const status of ['success', 'balance', 'not_found'])
      expect(ZBackofficeAdjustResponse.parse({ status })).toEqual({ status });
  });

  it('notes to one member or to all, popups with colour and position', () => {
    expect(
      ZBackofficeNoteRequest.parse({ userId: null, title: 't', contents: '<p>c</p>' }).userId,
    ).toBeNull();
    expect(ZBackofficeNoteRequest.parse({ userId: 'Gamer01', title: 't', contents: 'c' }).userId).toBe(
      'gamer01',
    );
    expect(errorsOf(ZBackofficeNoteRequest, { title: 't', contents: 'c' })).toEqual([
      { path: 'userId', code: 'required' },
    ]);
    const popup = { title: 't', titleColor: '#112233', contents: 'c', domain: '', posX: 0, posY: 0 };
    expect(ZBackofficePopupRequest.parse(popup)).toEqual(popup);
    expect(errorsOf(ZBackofficePopupRequest, { ...popup, posX: 4001, titleColor: 'blue' })).toEqual([
      { path: 'titleColor', code: 'pattern' },
      { path: 'posX', code: 'max' },
    ]);
  });
});
