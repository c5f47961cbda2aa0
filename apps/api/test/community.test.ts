import type { TBackofficeBody } from '@casino/contracts/backoffice-routes';
import type { Logger } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { HELP_CONTENTS_MAX, HELP_TITLE_MAX } from '@casino/contracts/fields';
import { ACCOUNT_INQUIRY_TITLE } from '../src/modules/community/help-desk.service.ts';
import { DEMO_HELPS, DEMO_NOTICES, DEMO_POPUP } from '../src/seed-community.ts';
import { seedOnFirstStart } from '../src/seed.ts';
import {
  bo,
  call,
  createCashierTestApp,
  createMember,
  createOperator,
  fileTestApp,
  type JsonBody,
  type TestMember,
} from './factories.ts';

// The community's member calls of docs/api/member-calls.md (help posts, notes, notices, popups) through
// POST /api/routes/<call>, with the operators' side made through the back office where a case
// needs an answer, a note or site content.

const t = await fileTestApp({ GUEST_HELP_MAX_PER_IP: '5', GUEST_HELP_MAX_PER_PHONE: '3' });
const support = await createOperator(t, 'support');
const content = await createOperator(t, 'content');

async function counts(m: TestMember): Promise<{ noteCount: number; helpCount: number }> {
  const body = (await call(t, 'user-health-check', {}, m.cookie)).body;
  expect(body.user.noteCount).toBe(body.noteCount);
  expect(body.user.helpCount).toBe(body.helpCount);
  return { noteCount: body.noteCount, helpCount: body.helpCount };
}

async function helpList(m: TestMember, paging: object = {}) {
  const res = await call(t, 'get-help-list', paging, m.cookie);
  expect(res.code).toBe(200);
  return res.body;
}

async function noteList(m: TestMember, paging: object = {}) {
  const res = await call(t, 'get-user-note', paging, m.cookie);
  expect(res.code).toBe(200);
  return res.body;
}

async function write(m: TestMember, title: string, contents = `${title}의 내용`): Promise<number> {
  expect((await call(t, 'user-write-help', { title, contents }, m.cookie)).body).toEqual({
    status: 'success',
  });
  return (await helpList(m, { pageSize: 1 })).helps[0]!.id;
}

async function answer(id: number, html: string): Promise<JsonBody> {
  const res = await bo(t, 'helps.answer', { cookie: support.cookie, params: { id }, body: { answer: html } });
  expect(res.code).toBe(200);
  return res.body;
}

async function helpRow(id: number) {
  return t.db.selectFrom('helps').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('help posts (user-write-help, get-help-list)', () => {
  it('need a member session', async () => {
    for (const name of [
      'user-write-help',
      'get-help-list',
      'read-help-message',
      'del-help',
      'del-all-help',
    ]) {
      const res = await call(t, name, name.startsWith('user') ? { title: 'a', contents: 'b' } : {});
      expect([name, res.code, res.body]).toEqual([name, 401, { status: 'unauthenticated' }]);
    }
  });

  it('stores member text as written and lists the member own posts newest first, with paging', async () => {
    const m = await createMember(t);
    const other = await createMember(t);
    await write(other, '다른 회원의 문의');
    const script = '<script>alert(1)</script> <img src=x onerror=alert(2)> & "따옴표"';
    for (let i = 1; i <= 4; i += 1) await write(m, `문의 ${i}`);
    await write(m, script, `  앞뒤 공백과 ${script}\n줄바꿈  `);

    const first = await helpList(m, { page: 1, pageSize: 2 });
    expect(first.maxCount).toBe(5);
    expect(first.helps.map((h: JsonBody) => h.title)).toEqual([script, '문의 4']);
    // Plain text: stored and answered exactly as written, never turned into (or cleaned as) HTML.
    expect(first.helps[0]).toEqual({
      id: expect.any(Number),
      kind: 'help',
      title: script,
      contents: `  앞뒤 공백과 ${script}\n줄바꿈  `,
      answer: null,
      answerDate: null,
      state: 'wait',
      isRead: false,
      regDate: expect.any(String),
      lastDate: expect.any(String),
    });
    expect((await helpList(m, { page: 3, pageSize: 2 })).helps.map((h: JsonBody) => h.title)).toEqual([
      '문의 1',
    ]);
    expect(await helpList(m, { page: 4, pageSize: 2 })).toEqual({
      status: 'success',
      helps: [],
      maxCount: 5,
    });
    // The default page is the first 20.
    expect((await helpList(m)).helps).toHaveLength(5);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const m = await createMember(t);
    const cases: [unknown, string, string][] = [
      [{ title: '', contents: '내용' }, 'title', 'required'],
      [{ title: '   ', contents: '내용' }, 'title', 'required'],
      [{ title: '제목', contents: ' \n ' }, 'contents', 'required'],
      [{ title: 'x'.repeat(HELP_TITLE_MAX + 1), contents: '내용' }, 'title', 'length'],
      [{ title: '제목', contents: 'x'.repeat(HELP_CONTENTS_MAX + 1) }, 'contents', 'length'],
      [{ title: 42, contents: '내용' }, 'title', 'type'],
      [{ contents: '내용' }, 'title', 'required'],
      [{ title: '제목\u0000', contents: '내용' }, 'title', 'pattern'],
      [{ title: '제목', contents: '내용', extra: 1 }, 'extra', 'unknown'],
    ];
    for (const [body, path, code] of cases) {
      const res = await call(t, 'user-write-help', body, m.cookie);
      expect([res.code, res.body.status]).toEqual([400, 'invalid']);
      expect(res.body.errors).toContainEqual({ path, code });
    }
    const huge = await call(t, 'user-write-help', { title: '제목', contents: 'x'.repeat(70_000) }, m.cookie);
    expect([huge.code, huge.body]).toEqual([413, { status: 'too_large' }]);
    // The longest allowed text is fine.
    expect(
      (
        await call(
          t,
          'user-write-help',
          { title: 'x'.repeat(HELP_TITLE_MAX), contents: '가'.repeat(HELP_CONTENTS_MAX) },
          m.cookie,
        )
      ).body,
    ).toEqual({ status: 'success' });
    expect((await helpList(m)).maxCount).toBe(1);
  });

  it("shows an operator's answer (sanitized), counts it until read, and again when re-answered", async () => {
    const m = await createMember(t);
    const id = await write(m, '출금 문의');
    expect(await counts(m)).toEqual({ noteCount: 0, helpCount: 0 });
    // Reading a post that has no answer yet changes no count.
    expect((await call(t, 'read-help-message', { id }, m.cookie)).body).toEqual({ status: 'success' });
    expect(await counts(m)).toEqual({ noteCount: 0, helpCount: 0 });

    expect(await answer(id, '<p onclick="steal()">처리되었습니다<script>alert(1)</script></p>')).toEqual({
      status: 'success',
    });
    expect(await counts(m)).toEqual({ noteCount: 0, helpCount: 1 });
    const [post] = (await helpList(m)).helps;
    expect(post).toMatchObject({
      id,
      answer: '<p>처리되었습니다</p>',
      state: 'already',
      isRead: false,
      answerDate: expect.any(String),
    });
    expect(Date.parse(post!.lastDate!)).toBeGreaterThanOrEqual(Date.parse(post!.regDate));

    expect((await call(t, 'read-help-message', { id }, m.cookie)).body).toEqual({ status: 'success' });
    expect(await counts(m)).toEqual({ noteCount: 0, helpCount: 0 });
    expect((await helpList(m)).helps[0]!.isRead).toBe(true);

    // A second answer replaces the first and tells the member again.
    await answer(id, '<p>추가 안내드립니다.</p>');
    expect(await counts(m)).toEqual({ noteCount: 0, helpCount: 1 });
    expect((await helpList(m)).helps[0]).toMatchObject({
      answer: '<p>추가 안내드립니다.</p>',
      isRead: false,
    });
  });

  it("answers not_found for another member's post and changes nothing", async () => {
    const owner = await createMember(t);
    const intruder = await createMember(t);
    const id = await write(owner, '내 문의');
    await answer(id, '<p>답변</p>');
    const before = await helpRow(id);
    for (const name of ['read-help-message', 'del-help']) {
      expect((await call(t, name, { id }, intruder.cookie)).body).toEqual({ status: 'not_found' });
    }
    expect((await call(t, 'del-all-help', {}, intruder.cookie)).body).toEqual({ status: 'success' });
    expect(await helpRow(id)).toEqual(before);
    expect(await counts(owner)).toEqual({ noteCount: 0, helpCount: 1 });
    expect((await helpList(intruder)).maxCount).toBe(0);
    // An id that does not exist at all answers the same.
    expect((await call(t, 'read-help-message', { id: 2 ** 31 }, owner.cookie)).body).toEqual({
      status: 'not_found',
    });
    const bad = await call(t, 'del-help', { id: 0 }, owner.cookie);
    expect([bad.code, bad.body.errors]).toEqual([400, [{ path: 'id', code: 'min' }]]);
  });

  it('del-help and del-all-help hide the member own posts (soft delete) and drop them from helpCount', async () => {
    const m = await createMember(t);
    const other = await createMember(t);
    const otherId = await write(other, '남의 문의');
    await answer(otherId, '<p>답변</p>');
    const a = await write(m, '첫 문의');
    const b = await write(m, '둘째 문의');
    const c = await write(m, '셋째 문의');
    await answer(a, '<p>답변 A</p>');
    await answer(b, '<p>답변 B</p>');
    expect(await counts(m)).toEqual({ noteCount: 0, helpCount: 2 });

    expect((await call(t, 'del-help', { id: a }, m.cookie)).body).toEqual({ status: 'success' });
    expect((await call(t, 'del-help', { id: a }, m.cookie)).body).toEqual({ status: 'not_found' });
    expect((await call(t, 'read-help-message', { id: a }, m.cookie)).body).toEqual({ status: 'not_found' });
    expect(await counts(m)).toEqual({ noteCount: 0, helpCount: 1 });
    expect((await helpList(m)).helps.map((h: JsonBody) => h.id)).toEqual([c, b]);
    expect((await helpRow(a)).deleted_at).not.toBeNull();

    expect((await call(t, 'del-all-help', {}, m.cookie)).body).toEqual({ status: 'success' });
    expect(await helpList(m)).toEqual({ status: 'success', helps: [], maxCount: 0 });
    expect(await counts(m)).toEqual({ noteCount: 0, helpCount: 0 });
    // Kept for the records, and another member's posts untouched.
    expect(await t.db.selectFrom('helps').select('id').where('member_id', '=', m.id).execute()).toHaveLength(
      3,
    );
    expect(await counts(other)).toEqual({ noteCount: 0, helpCount: 1 });
  });

  it("shows the operator's answer to user-ask-account in get-help-list", async () => {
    const m = await createMember(t);
    expect((await call(t, 'user-ask-account', {}, m.cookie)).body).toEqual({ status: 'success' });
    expect((await call(t, 'user-ask-account', {}, m.cookie)).body).toEqual({ status: 'already' });
    const [inquiry] = (await helpList(m)).helps;
    expect(inquiry).toMatchObject({ title: ACCOUNT_INQUIRY_TITLE, state: 'wait', answer: null });
    await answer(inquiry!.id, '<p>입금 계좌: 국민은행 123-456-789 (예금주 주식회사)</p>');
    expect((await helpList(m)).helps[0]).toMatchObject({
      id: inquiry!.id,
      state: 'already',
      isRead: false,
      answer: '<p>입금 계좌: 국민은행 123-456-789 (예금주 주식회사)</p>',
    });
    expect(await counts(m)).toEqual({ noteCount: 0, helpCount: 1 });
    // Answered, so the member may ask again.
    expect((await call(t, 'user-ask-account', {}, m.cookie)).body).toEqual({ status: 'success' });
  });
});

describe('guest-write-help', () => {
  const post = { phone: '010-1234-5678', title: '로그인이 안 됩니다', contents: '비밀번호를 잊었습니다.' };

  it('stores a guest post with the phone as digits and the typed id lower-cased', async () => {
    const res = await call(t, 'guest-write-help', { ...post, userId: ' LostUser1 ' }, { ip: '10.20.0.1' });
    expect([res.code, res.body]).toEqual([200, { status: 'success' }]);
    const row = await t.db
      .selectFrom('helps')
      .selectAll()
      .where('guest_phone', '=', '01012345678')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      member_id: null,
      kind: 'guest',
      guest_user_id: 'lostuser1',
      title: post.title,
      contents: post.contents,
      state: 'wait',
    });
  });

  it('answers authenticated to a signed-in member and writes nothing', async () => {
    const m = await createMember(t);
    const res = await call(t, 'guest-write-help', { ...post, phone: '01099990000' }, m.cookie);
    expect(res.body).toEqual({ status: 'authenticated' });
    expect(
      await t.db.selectFrom('helps').select('id').where('guest_phone', '=', '01099990000').execute(),
    ).toHaveLength(0);
  });

  it('refuses bad input with a 400 that does not count against the limit', async () => {
    const ip = '10.20.0.2';
    for (const [body, path] of [
      [{ ...post, phone: '02-123-4567' }, 'phone'],
      [{ ...post, userId: '1bad' }, 'userId'],
      [{ ...post, title: '' }, 'title'],
      [{ phone: post.phone, title: post.title }, 'contents'],
    ] as const) {
      const res = await call(t, 'guest-write-help', body, { ip });
      expect([res.code, (res.body as JsonBody).errors[0].path]).toEqual([400, path]);
    }
    const ok = await call(t, 'guest-write-help', { ...post, phone: '01055550001' }, { ip });
    expect(ok.code).toBe(200);
    expect((await t.services.rateLimiter.peek(`guest-help-ip:${ip}`)).count).toBe(1);
  });

  it('lets exactly 5 of 40 parallel posts from one address through', async () => {
    const ip = '10.20.1.1';
    const phones = Array.from({ length: 40 }, (_, i) => `0107000${String(i).padStart(4, '0')}`);
    const answers = await Promise.all(
      phones.map((phone) => call(t, 'guest-write-help', { ...post, phone }, { ip })),
    );
    const codes = answers.map((r) => r.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(35);
    const refused = answers.find((r) => r.code === 429)!;
    expect(refused.body).toEqual({ status: 'too_many' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const stored = await t.db.selectFrom('helps').select('id').where('guest_phone', 'in', phones).execute();
    expect(stored).toHaveLength(5);
  });

  it('lets exactly 3 of 40 parallel posts for one phone through, from any address', async () => {
    const phone = '01088887777';
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(t, 'guest-write-help', { ...post, phone }, { ip: `10.30.${i}.1` }),
      ),
    );
    expect(answers.filter((r) => r.code === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.code === 429)).toHaveLength(37);
    expect(
      await t.db.selectFrom('helps').select('id').where('guest_phone', '=', phone).execute(),
    ).toHaveLength(3);
  });
});

describe('notes (get-user-note, read-note-message, read-all-note, del-note, del-all-note)', () => {
  async function send(m: TestMember, title: string, contents = `<p>${title}</p>`): Promise<number> {
    return t.services.community.sendNote(m.id, { title, contents });
  }

  it('need a member session', async () => {
    for (const name of ['get-user-note', 'read-note-message', 'read-all-note', 'del-note', 'del-all-note']) {
      expect((await call(t, name, {})).code).toBe(401);
    }
  });

  it('lists the member own notes newest first with paging, and counts the unread', async () => {
    const m = await createMember(t);
    const other = await createMember(t);
    await send(other, '다른 회원');
    const ids = [];
    for (let i = 1; i <= 5; i += 1) ids.push(await send(m, `쪽지 ${i}`));
    expect(await counts(m)).toEqual({ noteCount: 5, helpCount: 0 });

    const page = await noteList(m, { page: 2, pageSize: 2 });
    expect(page).toEqual({
      status: 'success',
      maxCount: 5,
      notes: [
        {
          id: ids[2],
          title: '쪽지 3',
          contents: '<p>쪽지 3</p>',
          isRead: false,
          regDate: expect.any(String),
        },
        {
          id: ids[1],
          title: '쪽지 2',
          contents: '<p>쪽지 2</p>',
          isRead: false,
          regDate: expect.any(String),
        },
      ],
    });
    expect((await noteList(m, { page: 9 })).notes).toEqual([]);
    const bad = await call(t, 'get-user-note', { pageSize: 101 }, m.cookie);
    expect([bad.code, bad.body.errors]).toEqual([400, [{ path: 'pageSize', code: 'max' }]]);
  });

  it('reads one note, then all, each dropping noteCount', async () => {
    const m = await createMember(t);
    const a = await send(m, 'A');
    await send(m, 'B');
    await send(m, 'C');
    expect((await call(t, 'read-note-message', { id: a }, m.cookie)).body).toEqual({ status: 'success' });
    // Reading it again is still fine and counts nothing twice.
    expect((await call(t, 'read-note-message', { id: a }, m.cookie)).body).toEqual({ status: 'success' });
    expect(await counts(m)).toEqual({ noteCount: 2, helpCount: 0 });
    const readRow = await t.db.selectFrom('notes').selectAll().where('id', '=', a).executeTakeFirstOrThrow();
    expect(readRow.is_read).toBe(true);
    expect(readRow.read_at).not.toBeNull();
    expect((await noteList(m)).notes.map((n: JsonBody) => n.isRead)).toEqual([false, false, true]);

    expect((await call(t, 'read-all-note', {}, m.cookie)).body).toEqual({ status: 'success' });
    expect(await counts(m)).toEqual({ noteCount: 0, helpCount: 0 });
    expect((await noteList(m)).notes.every((n: JsonBody) => n.isRead)).toBe(true);
  });

  it("answers not_found for another member's note and changes nothing", async () => {
    const owner = await createMember(t);
    const intruder = await createMember(t);
    const id = await send(owner, '비밀 쪽지');
    for (const name of ['read-note-message', 'del-note']) {
      expect((await call(t, name, { id }, intruder.cookie)).body).toEqual({ status: 'not_found' });
    }
    expect((await call(t, 'read-all-note', {}, intruder.cookie)).body).toEqual({ status: 'success' });
    expect((await call(t, 'del-all-note', {}, intruder.cookie)).body).toEqual({ status: 'success' });
    const row = await t.db.selectFrom('notes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ is_read: false, read_at: null, deleted_at: null });
    expect(await counts(owner)).toEqual({ noteCount: 1, helpCount: 0 });
  });

  it('deletes one note, then all (soft delete), dropping them from the list and the count', async () => {
    const m = await createMember(t);
    const other = await createMember(t);
    await send(other, '남의 쪽지');
    const a = await send(m, 'A');
    const b = await send(m, 'B');
    await send(m, 'C');
    expect((await call(t, 'del-note', { id: a }, m.cookie)).body).toEqual({ status: 'success' });
    expect((await call(t, 'del-note', { id: a }, m.cookie)).body).toEqual({ status: 'not_found' });
    expect((await call(t, 'read-note-message', { id: a }, m.cookie)).body).toEqual({ status: 'not_found' });
    expect(await counts(m)).toEqual({ noteCount: 2, helpCount: 0 });
    // A read note that is deleted leaves the list as well.
    await call(t, 'read-note-message', { id: b }, m.cookie);
    expect((await noteList(m)).maxCount).toBe(2);

    expect((await call(t, 'del-all-note', {}, m.cookie)).body).toEqual({ status: 'success' });
    expect(await noteList(m)).toEqual({ status: 'success', notes: [], maxCount: 0 });
    expect(await counts(m)).toEqual({ noteCount: 0, helpCount: 0 });
    expect(await t.db.selectFrom('notes').select('id').where('member_id', '=', m.id).execute()).toHaveLength(
      3,
    );
    expect(await counts(other)).toEqual({ noteCount: 1, helpCount: 0 });
  });
});

describe('user-health-check counts', () => {
  it('count exactly the unread, undeleted notes and the answered, unread, undeleted help posts', async () => {
    const m = await createMember(t);
    const n = await Promise.all(
      ['1', '2', '3', '4'].map((x) => t.services.community.sendNote(m.id, { title: x, contents: x })),
    );
    await call(t, 'read-note-message', { id: n[0] }, m.cookie);
    await call(t, 'del-note', { id: n[1] }, m.cookie);
    // unread and undeleted: n[2], n[3]

    const waiting = await write(m, '대기');
    const answeredUnread = await write(m, '답변 미확인');
    const answeredRead = await write(m, '답변 확인');
    const answeredDeleted = await write(m, '답변 삭제');
    for (const id of [answeredUnread, answeredRead, answeredDeleted]) await answer(id, '<p>답변</p>');
    await call(t, 'read-help-message', { id: answeredRead }, m.cookie);
    await call(t, 'del-help', { id: answeredDeleted }, m.cookie);
    await call(t, 'read-help-message', { id: waiting }, m.cookie);

    expect(await counts(m)).toEqual({ noteCount: 2, helpCount: 1 });
    const login = await call(t, 'get-help-list', {}, m.cookie);
    expect(login.body.maxCount).toBe(3);
  });
});

describe('notices and popups (get-user-notices, get-notice-popup)', () => {
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const make = async (name: string, domain: string, isActive = true) => {
      const res = await bo(t, 'notices.create', {
        cookie: content.cookie,
        body: { title: name, contents: `<p>${name}</p>`, domain, isActive },
      });
      expect(res.body).toEqual({ status: 'success', id: expect.any(Number) });
      ids[name] = res.body.id;
    };
    await make('everywhere', '');
    await make('a', 'casino-a.com');
    await make('b-or-c', 'https://casino-b.com/path | WWW.Casino-C.com:8443, casino-x.net');
    await make('inactive', '', false);
    await make('deleted', '');
    await bo(t, 'notices.delete', { cookie: content.cookie, params: { id: ids.deleted } });
    await make('a-newest', 'www.casino-a.com');
  });

  /** A public call made from a page of `origin` (the Host matching it, as a browser sends). */
  async function fromPage(name: string, origin: string, cookie?: string): Promise<JsonBody> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/routes/${name}`,
      headers: {
        host: new URL(origin).host,
        origin,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
      },
      payload: '{}',
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  /** A script's call (no Origin, no session): the Host header alone names the site. */
  async function fromHost(name: string, host: string): Promise<JsonBody> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/routes/${name}`,
      headers: { host, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  const titles = (body: JsonBody) => body.notices.map((n: JsonBody) => n.title);

  it('answer the active notices of the request host, newest first (www, port and case ignored)', async () => {
    expect(titles(await fromPage('get-user-notices', 'http://www.casino-a.com:8443'))).toEqual([
      'a-newest',
      'a',
      'everywhere',
    ]);
    expect(titles(await fromPage('get-user-notices', 'http://CASINO-A.com'))).toEqual([
      'a-newest',
      'a',
      'everywhere',
    ]);
    expect(titles(await fromPage('get-user-notices', 'http://casino-c.com'))).toEqual([
      'b-or-c',
      'everywhere',
    ]);
    expect(titles(await fromHost('get-user-notices', 'www.casino-b.com:3000'))).toEqual([
      'b-or-c',
      'everywhere',
    ]);
    expect(titles(await fromHost('get-user-notices', 'casino-x.net'))).toEqual(['b-or-c', 'everywhere']);
    // A look-alike host is not the host.
    expect(titles(await fromHost('get-user-notices', 'casino-a.com.evil.example'))).toEqual(['everywhere']);
    expect(titles(await fromHost('get-user-notices', 'notcasino-a.com'))).toEqual(['everywhere']);
    expect(titles(await fromPage('get-user-notices', 'http://localhost:3000'))).toEqual(['everywhere']);
  });

  it('answer notices in the contract shape, to guests and members alike', async () => {
    const m = await createMember(t);
    const asMember = await fromPage('get-user-notices', 'http://www.casino-a.com', m.cookie);
    const asGuest = await fromPage('get-user-notices', 'http://www.casino-a.com');
    expect(asMember).toEqual(asGuest);
    expect(asGuest.notices[1]).toEqual({
      id: ids.a,
      title: 'a',
      contents: '<p>a</p>',
      lastDate: expect.any(String),
      domain: 'casino-a.com',
    });
  });

  it('show a change made in the back office at once', async () => {
    await bo(t, 'notices.update', {
      cookie: content.cookie,
      params: { id: ids.inactive },
      body: { isActive: true },
    });
    expect(titles(await fromHost('get-user-notices', 'casino-a.com'))).toEqual([
      'a-newest',
      'inactive',
      'a',
      'everywhere',
    ]);
    await bo(t, 'notices.update', {
      cookie: content.cookie,
      params: { id: ids.inactive },
      body: { isActive: false },
    });
    expect(titles(await fromHost('get-user-notices', 'casino-a.com'))).not.toContain('inactive');
  });

  it('answer the active popups of the host in their order, with title colour and position', async () => {
    const make = async (body: TBackofficeBody<'popups.create'>) => {
      const res = await bo(t, 'popups.create', { cookie: content.cookie, body });
      expect(res.body.status).toBe('success');
      return res.body.id as number;
    };
    const base = { titleColor: '#FF0000', contents: '<p>팝업<script>x()</script></p>', posX: 10, posY: 4000 };
    const late = await make({ ...base, title: 'late', domain: '', sortOrder: 5 });
    const first = await make({ ...base, title: 'first', domain: 'casino-a.com', sortOrder: -1 });
    await make({ ...base, title: 'elsewhere', domain: 'casino-z.com' });
    const off = await make({ ...base, title: 'off', domain: '', isActive: false });
    const middle = await make({ ...base, title: 'middle', domain: '' });

    const body = await fromPage('get-notice-popup', 'http://www.casino-a.com');
    expect(body.note.map((p: JsonBody) => p.id)).toEqual([first, middle, late]);
    expect(body.note[0]).toEqual({
      id: first,
      title: 'first',
      titleColor: '#FF0000',
      contents: '<p>팝업</p>',
      domain: 'casino-a.com',
      posX: 10,
      posY: 4000,
    });
    expect((await fromHost('get-notice-popup', 'casino-q.com')).note.map((p: JsonBody) => p.id)).toEqual([
      middle,
      late,
    ]);
    expect(off).toBeGreaterThan(0);
  });
});

describe('the demo seed', () => {
  it('gives the demo member notices, a popup and two help posts, one answered, beside its cashier notes', async () => {
    const s = await createCashierTestApp();
    try {
      const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Logger;
      const services = { ...s.services, config: { ...s.services.config, seedDemo: true } };
      const report = await seedOnFirstStart({
        services,
        logger: quiet,
        env: { DEMO_MEMBER_PASSWORD: 'demo-pass-1234' },
      });
      expect(report.demo?.userId).toBe('demo');
      const member = await s.services.members.byUserId('demo');
      const helps = await s.services.community.helps.list(member!.id, { page: 1, pageSize: 20 });
      expect(helps.helps.map((h) => [h.title, h.state, h.answer !== null])).toEqual([
        [DEMO_HELPS[1].title, 'wait', false],
        [DEMO_HELPS[0].title, 'already', true],
      ]);
      const notices = await s.services.community.content.noticesFor('localhost');
      expect(notices.notices.map((n) => n.title)).toEqual(DEMO_NOTICES.map((n) => n.title).reverse());
      const popups = await s.services.community.content.popupsFor('localhost');
      expect(popups.note).toEqual([
        expect.objectContaining({ title: DEMO_POPUP.title, titleColor: DEMO_POPUP.titleColor }),
      ]);
      expect(popups.note[0]!.contents).not.toMatch(/<img/);
      const notes = await s.services.community.notes.list(member!.id, { page: 1, pageSize: 20 });
      expect(notes.notes.map((n) => n.title)).toEqual(['환전 완료 안내', '충전 완료 안내']);
      // The seeded HTML went through the sanitizer unchanged: it is harmless markup only.
      expect(notices.notices.map((n) => n.contents).reverse()).toEqual(DEMO_NOTICES.map((n) => n.contents));
    } finally {
      await s.close();
    }
  });
});
