import type { TBackofficeBody } from '@casino/contracts/backoffice-routes';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_ORIGIN,
  auditOf,
  bo,
  call,
  createMember,
  fileTestApp,
  operatorsOfEveryRole,
  type JsonBody,
  type TestMember,
} from './factories.ts';

// The community's back office (docs/api/backoffice.md): help posts and notes for
// `support`, notices and popups for `content`, all of it for `owner`; every change audited.

const t = await fileTestApp();
const { owner, cashier, support, content } = await operatorsOfEveryRole(t);

async function writeHelp(m: TestMember, title = '문의합니다'): Promise<number> {
  await call(t, 'user-write-help', { title, contents: `${title} 내용` }, m.cookie);
  return (await call(t, 'get-help-list', { pageSize: 1 }, m.cookie)).body.helps[0]!.id;
}

const notice = { title: '공지', contents: '<p>공지 내용</p>', domain: '' };
const popup = {
  title: '팝업',
  titleColor: '#123abc',
  contents: '<p>팝업 내용</p>',
  domain: '',
  posX: 0,
  posY: 0,
};

describe('permissions', () => {
  it('let support handle help posts and notes only, content notices and popups only, owner everything', async () => {
    const m = await createMember(t);
    const helpId = await writeHelp(m);
    const requests: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown][] = [
      ['support', 'GET', '/helps', undefined],
      ['support', 'POST', `/helps/${helpId}/answer`, { answer: '<p>답변</p>' }],
      ['support', 'GET', '/notes', undefined],
      ['support', 'POST', '/notes', { userId: m.userId, title: '쪽지', contents: '<p>내용</p>' }],
      ['content', 'GET', '/notices', undefined],
      ['content', 'POST', '/notices', notice],
      ['content', 'PATCH', '/notices/1', { title: '수정' }],
      ['content', 'DELETE', '/notices/1', undefined],
      ['content', 'GET', '/popups', undefined],
      ['content', 'POST', '/popups', popup],
      ['content', 'PATCH', '/popups/1', { posX: 5 }],
      ['content', 'DELETE', '/popups/1', undefined],
    ];
    const operators = { owner, support, content, cashier };
    for (const [area, method, url, body] of requests) {
      for (const [role, operator] of Object.entries(operators)) {
        const res = await bo(t, method, url, { cookie: operator.cookie, body });
        const allowed = role === 'owner' || role === area;
        expect([role, method, url, res.code, allowed ? res.body.status : res.body]).toEqual([
          role,
          method,
          url,
          allowed ? 200 : 403,
          allowed ? expect.stringMatching(/^(success|not_found)$/) : { status: 'denied' },
        ]);
      }
      expect((await bo(t, method, url, { body })).code).toBe(401);
    }
  });

  it('list the new permissions in GET /me', async () => {
    expect((await bo(t, 'session.me', { cookie: content.cookie })).body.operator.permissions).toEqual([
      'content',
    ]);
    expect((await bo(t, 'session.me', { cookie: owner.cookie })).body.operator.permissions).toEqual(
      expect.arrayContaining(['support', 'content']),
    );
  });

  it('refuse a cross-site change', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/backoffice/notices/1',
      headers: { origin: 'https://evil.example', cookie: owner.cookie },
    });
    expect([res.statusCode, res.json()]).toEqual([403, { status: 'forbidden' }]);
  });
});

describe('help posts', () => {
  it('list posts with the member id or the guest phone, filtered by state, kind and member, newest first', async () => {
    const m = await createMember(t);
    const other = await createMember(t);
    const first = await writeHelp(m, '첫 문의');
    await call(t, 'user-ask-account', {}, m.cookie);
    await writeHelp(other, '다른 회원 문의');
    await call(
      t,
      'guest-write-help',
      { userId: 'Forgetful', phone: '010 5555 1212', title: '로그인 불가', contents: '도와주세요' },
      { ip: '10.40.0.1' },
    );
    await bo(t, 'helps.answer', {
      cookie: support.cookie,
      params: { id: first },
      body: { answer: '<p>답변</p>' },
    });

    const mine = await bo(t, 'helps.list', {
      cookie: support.cookie,
      query: { userId: m.userId.toUpperCase() },
    });
    expect(mine.body.maxCount).toBe(2);
    expect(mine.body.list.map((h: JsonBody) => [h.kind, h.state, h.userId])).toEqual([
      ['account_inquiry', 'wait', m.userId],
      ['help', 'already', m.userId],
    ]);
    expect(mine.body.list[1]).toEqual({
      id: first,
      kind: 'help',
      userId: m.userId,
      guestUserId: null,
      guestPhone: null,
      title: '첫 문의',
      contents: '첫 문의 내용',
      answer: '<p>답변</p>',
      answerDate: expect.any(String),
      answeredBy: support.operatorId,
      state: 'already',
      isRead: false,
      regDate: expect.any(String),
      lastDate: expect.any(String),
    });

    const guests = await bo(t, 'helps.list', {
      cookie: support.cookie,
      query: { kind: 'guest', state: 'wait' },
    });
    expect(guests.body.list[0]).toMatchObject({
      kind: 'guest',
      userId: null,
      guestUserId: 'forgetful',
      guestPhone: '01055551212',
      title: '로그인 불가',
    });
    const waiting = await bo(t, 'helps.list', {
      cookie: support.cookie,
      query: { state: 'wait', pageSize: 100 },
    });
    expect(waiting.body.list.every((h: JsonBody) => h.state === 'wait')).toBe(true);
    expect(waiting.body.list.map((h: JsonBody) => h.id)).not.toContain(first);
    const paged = await bo(t, 'helps.list', { cookie: support.cookie, query: { page: 2, pageSize: 1 } });
    expect(paged.body.list).toHaveLength(1);
    expect(paged.body.maxCount).toBeGreaterThanOrEqual(4);
    expect(
      (await bo(t, 'helps.list', { cookie: support.cookie, query: { userId: 'nosuchmember' } })).body,
    ).toEqual({
      status: 'success',
      list: [],
      maxCount: 0,
    });
    // Raw queries, some of which the entry's type refuses.
    for (const query of ['state=done', 'kind=other', 'pageSize=101', 'page=0', 'userId=1x', 'extra=1']) {
      expect((await bo(t, 'GET', `/helps?${query}`, { cookie: support.cookie })).code).toBe(400);
    }
  });

  it('store a sanitized answer, mark the post unread, and audit every answer with before and after', async () => {
    const m = await createMember(t);
    const id = await writeHelp(m);
    const dirty =
      '<p style="color:red" onmouseover="x()">확인했습니다 <a href="javascript:alert(1)">여기</a>' +
      '<img src="https://cdn.example/a.png" onerror="x()"><iframe src="https://evil.example"></iframe></p>';
    const res = await bo(t, 'helps.answer', {
      cookie: support.cookie,
      params: { id },
      body: { answer: dirty },
    });
    expect(res.body).toEqual({ status: 'success' });
    const row = await t.db.selectFrom('helps').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.answer).toBe(
      '<p style="color: red">확인했습니다 <a>여기</a><img src="https://cdn.example/a.png"></p>',
    );
    expect(row).toMatchObject({ state: 'already', is_read: false, answered_by: support.operatorId });

    await call(t, 'read-help-message', { id }, m.cookie);
    await bo(t, 'helps.answer', {
      cookie: owner.cookie,
      params: { id },
      body: { answer: '<p>추가 답변</p>' },
    });
    expect((await call(t, 'user-health-check', {}, m.cookie)).body.helpCount).toBe(1);

    const audit = await auditOf(t, `help:${id}`, AUDIT_ORIGIN);
    expect(audit).toEqual([
      {
        operator_id: support.id,
        actor: support.operatorId,
        action: 'help.answer',
        target: `help:${id}`,
        before: { state: 'wait', answer: null, answeredBy: null },
        after: { state: 'already', answer: row.answer, answeredBy: support.operatorId },
        ip: '127.0.0.1',
      },
      {
        operator_id: owner.id,
        actor: owner.operatorId,
        action: 'help.answer',
        target: `help:${id}`,
        before: { state: 'already', answer: row.answer, answeredBy: support.operatorId },
        after: { state: 'already', answer: '<p>추가 답변</p>', answeredBy: owner.operatorId },
        ip: '127.0.0.1',
      },
    ]);
  });

  it('refuse an answer that is empty once sanitized, and answer not_found for a missing or deleted post', async () => {
    const m = await createMember(t);
    const id = await writeHelp(m);
    for (const answer of ['<script>alert(1)</script>', '<p> </p>', '']) {
      const res = await bo(t, 'helps.answer', { cookie: support.cookie, params: { id }, body: { answer } });
      expect([res.code, res.body]).toEqual([
        400,
        { status: 'invalid', errors: [{ path: 'answer', code: expect.any(String) }] },
      ]);
    }
    const tooLong = await bo(t, 'helps.answer', {
      cookie: support.cookie,
      params: { id },
      body: { answer: 'x'.repeat(20_001) },
    });
    expect(tooLong.body.errors).toEqual([{ path: 'answer', code: 'length' }]);
    expect(
      (await t.db.selectFrom('helps').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state,
    ).toBe('wait');
    expect(await auditOf(t, `help:${id}`, AUDIT_ORIGIN)).toEqual([]);

    expect(
      (
        await bo(t, 'helps.answer', {
          cookie: support.cookie,
          params: { id: 999999 },
          body: { answer: '<p>a</p>' },
        })
      ).body,
    ).toEqual({ status: 'not_found' });
    await call(t, 'del-help', { id }, m.cookie);
    expect(
      (await bo(t, 'helps.answer', { cookie: support.cookie, params: { id }, body: { answer: '<p>a</p>' } }))
        .body,
    ).toEqual({ status: 'not_found' });
    expect(
      (await bo(t, 'helps.answer', { cookie: support.cookie, params: { id: 'abc' }, body: { answer: 'a' } }))
        .code,
    ).toBe(400);
  });
});

describe('notes', () => {
  it('send a sanitized note to one member, not_found for an unknown id, audited', async () => {
    const m = await createMember(t);
    const res = await bo(t, 'notes.send', {
      cookie: support.cookie,
      body: { userId: m.userId, title: '이벤트 안내', contents: '<p onclick="x()">당첨을 축하합니다</p>' },
    });
    expect(res.body).toEqual({ status: 'success' });
    const notes = (await call(t, 'get-user-note', {}, m.cookie)).body.notes;
    expect(notes).toEqual([
      expect.objectContaining({ title: '이벤트 안내', contents: '<p>당첨을 축하합니다</p>', isRead: false }),
    ]);
    const [entry] = await auditOf(t, `member:${m.userId}`, AUDIT_ORIGIN);
    expect(entry).toMatchObject({
      actor: support.operatorId,
      action: 'note.send',
      after: { title: '이벤트 안내', contents: '<p>당첨을 축하합니다</p>', recipients: 1 },
    });

    const unknown = await bo(t, 'notes.send', {
      cookie: support.cookie,
      body: { userId: 'nosuchmember', title: 'x', contents: '<p>x</p>' },
    });
    expect(unknown.body).toEqual({ status: 'not_found' });
    for (const body of [
      { title: 'x', contents: '<p>x</p>' },
      { userId: null, title: '', contents: '<p>x</p>' },
      { userId: null, title: 'x', contents: '<img src="javascript:x">' },
      { userId: null, title: 'x'.repeat(101), contents: '<p>x</p>' },
    ]) {
      // Bodies the entry's type refuses (a missing userId among them).
      expect((await bo(t, 'POST', '/notes', { cookie: support.cookie, body })).code).toBe(400);
    }
  });

  it('send a note to all: one copy to every member existing then, none to later ones', async () => {
    const before = [await createMember(t), await createMember(t)];
    const existing = Number(
      (
        await t.db
          .selectFrom('members')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const res = await bo(t, 'notes.send', {
      cookie: owner.cookie,
      body: { userId: null, title: '점검 안내', contents: '<p>내일 새벽 점검이 있습니다</p>' },
    });
    expect(res.body).toEqual({ status: 'success' });
    const later = await createMember(t);

    const copies = await t.db
      .selectFrom('notes')
      .select(['member_id', 'send_id'])
      .where('title', '=', '점검 안내')
      .execute();
    expect(copies).toHaveLength(existing);
    expect(new Set(copies.map((c) => c.member_id)).size).toBe(existing);
    expect(copies.map((c) => c.member_id)).not.toContain(later.id);
    expect((await call(t, 'get-user-note', {}, later.cookie)).body.maxCount).toBe(0);

    // Each member reads and deletes their own copy.
    const [a, b] = before;
    const aNote = (await call(t, 'get-user-note', {}, a!.cookie)).body.notes[0]!;
    expect(aNote.title).toBe('점검 안내');
    await call(t, 'read-note-message', { id: aNote.id }, a!.cookie);
    expect((await call(t, 'read-note-message', { id: aNote.id }, b!.cookie)).body).toEqual({
      status: 'not_found',
    });
    expect((await call(t, 'user-health-check', {}, b!.cookie)).body.noteCount).toBe(1);
    expect((await call(t, 'user-health-check', {}, a!.cookie)).body.noteCount).toBe(0);

    const sent = await bo(t, 'notes.list', { cookie: support.cookie });
    expect(sent.body.list[0]).toEqual({
      id: copies[0]!.send_id,
      userId: null,
      title: '점검 안내',
      contents: '<p>내일 새벽 점검이 있습니다</p>',
      recipients: existing,
      readCount: 1,
      operatorId: owner.operatorId,
      regDate: expect.any(String),
    });
    expect(sent.body.list[1]).toMatchObject({ userId: expect.any(String), recipients: 1 });
    expect(await auditOf(t, 'members:all', AUDIT_ORIGIN)).toEqual([
      expect.objectContaining({
        actor: owner.operatorId,
        action: 'note.send',
        after: expect.objectContaining({ recipients: existing, sendId: copies[0]!.send_id }),
      }),
    ]);
  });
});

describe('notices', () => {
  it('create, list, change and delete a notice, each audited with before and after', async () => {
    const created = await bo(t, 'notices.create', {
      cookie: content.cookie,
      body: { title: ' 입금 안내 ', contents: '<p>안내<script>x()</script></p>', domain: ' casino-a.com ' },
    });
    expect(created.body).toEqual({ status: 'success', id: expect.any(Number) });
    const { id } = created.body;
    const listed = (await bo(t, 'notices.list', { cookie: content.cookie, query: { pageSize: 100 } })).body
      .list;
    expect(listed.find((n: JsonBody) => n.id === id)).toEqual({
      id,
      title: '입금 안내',
      contents: '<p>안내</p>',
      domain: 'casino-a.com',
      isActive: true,
      operatorId: content.operatorId,
      regDate: expect.any(String),
      lastDate: expect.any(String),
    });

    const patched = await bo(t, 'notices.update', {
      cookie: owner.cookie,
      params: { id },
      body: { contents: '<b>바뀐 안내</b>', isActive: false },
    });
    expect(patched.body).toEqual({ status: 'success' });
    expect((await bo(t, 'notices.update', { cookie: owner.cookie, params: { id }, body: {} })).body).toEqual({
      status: 'invalid',
      errors: [{ path: '', code: 'required' }],
    });
    expect(
      (
        await bo(t, 'notices.update', {
          cookie: owner.cookie,
          params: { id },
          body: { contents: '<script>x</script>' },
        })
      ).body.errors,
    ).toEqual([{ path: 'contents', code: 'required' }]);
    expect((await bo(t, 'notices.delete', { cookie: content.cookie, params: { id } })).body).toEqual({
      status: 'success',
    });
    expect((await bo(t, 'notices.delete', { cookie: content.cookie, params: { id } })).body).toEqual({
      status: 'not_found',
    });
    expect(
      (await bo(t, 'notices.update', { cookie: content.cookie, params: { id }, body: { title: 'x' } })).body,
    ).toEqual({
      status: 'not_found',
    });
    const after = (await bo(t, 'notices.list', { cookie: content.cookie, query: { pageSize: 100 } })).body
      .list;
    expect(after.map((n: JsonBody) => n.id)).not.toContain(id);

    const fields = { title: '입금 안내', contents: '<p>안내</p>', domain: 'casino-a.com', is_active: true };
    expect(await auditOf(t, `notice:${id}`, AUDIT_ORIGIN)).toEqual([
      {
        operator_id: content.id,
        actor: content.operatorId,
        action: 'notice.create',
        target: `notice:${id}`,
        before: null,
        after: fields,
        ip: '127.0.0.1',
      },
      expect.objectContaining({
        actor: owner.operatorId,
        action: 'notice.update',
        before: fields,
        after: { ...fields, contents: '<b>바뀐 안내</b>', is_active: false },
      }),
      expect.objectContaining({
        actor: content.operatorId,
        action: 'notice.delete',
        before: { ...fields, contents: '<b>바뀐 안내</b>', is_active: false },
        after: null,
      }),
    ]);
  });

  it('refuse bad notices with a 400 and store nothing', async () => {
    const count = async () =>
      (await bo(t, 'notices.list', { cookie: content.cookie })).body.maxCount as number;
    const before = await count();
    for (const body of [
      { ...notice, title: '' },
      { ...notice, contents: '' },
      { ...notice, contents: '<iframe src="https://evil.example"></iframe>' },
      { ...notice, domain: 'x'.repeat(501) },
      { ...notice, title: 'x\u0000' },
      { title: notice.title, contents: notice.contents },
      { ...notice, extra: true },
    ]) {
      // Bodies the entry's type refuses (a missing domain, an unknown field among them).
      expect((await bo(t, 'POST', '/notices', { cookie: content.cookie, body })).code).toBe(400);
    }
    expect(await count()).toBe(before);
  });
});

describe('popups', () => {
  it('create, list, change and delete a popup, each audited', async () => {
    const created = await bo(t, 'popups.create', {
      cookie: content.cookie,
      body: {
        ...popup,
        posX: 4000,
        posY: 120,
        sortOrder: 3,
        contents: '<p>팝업<img src=x onerror=alert(1)></p>',
      },
    });
    expect(created.body).toEqual({ status: 'success', id: expect.any(Number) });
    const { id } = created.body;
    const listed = (await bo(t, 'popups.list', { cookie: content.cookie, query: { pageSize: 100 } })).body
      .list;
    expect(listed.find((p: JsonBody) => p.id === id)).toEqual({
      id,
      title: '팝업',
      titleColor: '#123abc',
      contents: '<p>팝업<img src="x"></p>',
      domain: '',
      posX: 4000,
      posY: 120,
      isActive: true,
      sortOrder: 3,
      operatorId: content.operatorId,
      regDate: expect.any(String),
      lastDate: expect.any(String),
    });
    expect(
      (
        await bo(t, 'popups.update', {
          cookie: content.cookie,
          params: { id },
          body: { titleColor: '#00FF00', posX: 1 },
        })
      ).body,
    ).toEqual({ status: 'success' });
    const changed = (
      await bo(t, 'popups.list', { cookie: content.cookie, query: { pageSize: 100 } })
    ).body.list.find((p: JsonBody) => p.id === id);
    expect(changed).toMatchObject({
      titleColor: '#00FF00',
      posX: 1,
      posY: 120,
      contents: '<p>팝업<img src="x"></p>',
    });
    expect((await bo(t, 'popups.delete', { cookie: content.cookie, params: { id } })).body).toEqual({
      status: 'success',
    });
    expect((await call(t, 'get-notice-popup', {})).body.note.map((p: JsonBody) => p.id)).not.toContain(id);
    expect((await auditOf(t, `popup:${id}`, AUDIT_ORIGIN)).map((a) => a.action)).toEqual([
      'popup.create',
      'popup.update',
      'popup.delete',
    ]);
  });

  it('refuse a bad colour or position with a 400 naming the field', async () => {
    const cases: [TBackofficeBody<'popups.create'>, string][] = [
      [{ ...popup, titleColor: 'red' }, 'titleColor'],
      [{ ...popup, titleColor: '#12345' }, 'titleColor'],
      [{ ...popup, posX: 4001 }, 'posX'],
      [{ ...popup, posY: -1 }, 'posY'],
      [{ ...popup, posX: 1.5 }, 'posX'],
      [{ ...popup, sortOrder: 2_000_000 }, 'sortOrder'],
    ];
    for (const [body, path] of cases) {
      const res = await bo(t, 'popups.create', { cookie: content.cookie, body });
      expect([res.code, res.body.errors?.[0]?.path]).toEqual([400, path]);
    }
    expect(
      (await bo(t, 'popups.update', { cookie: content.cookie, params: { id: 1 }, body: { posY: 9999 } }))
        .code,
    ).toBe(400);
  });
});
