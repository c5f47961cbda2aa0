import { describe, expect, it } from 'vitest';
import {
  auditOf,
  bo,
  call,
  createMember,
  fileTestApp,
  operatorsOfEveryRole,
  type JsonBody,
} from './factories.ts';

// The help desk's and content screens' server side (docs/api/backoffice-content.md): the deposit
// account for account inquiries, the help search, the role split between support and content, and
// operator HTML that cannot carry script to the portal's answers or back to the console.

const t = await fileTestApp();
const { owner, cashier, support, content } = await operatorsOfEveryRole(t);

/** Operator HTML written to do harm in every way the policy removes, around text that must stay. */
const HOSTILE =
  '<p>안내<script>alert(1)</script></p><img src="/media/x.png" onerror="alert(2)">' +
  '<a href="javascript:alert(3)">링크</a><a href="JaVa&#x09;ScRiPt:alert(4)">둘</a>' +
  '<div style="background:url(javascript:alert(5))">끝</div><iframe src="https://evil.example"></iframe>';

/** Nothing in `html` can run script or navigate to a script URL. */
function expectInert(html: string | null): void {
  expect(html).not.toMatch(/<script|<iframe/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:|vbscript:|url\s*\(/i);
  expect(html).toContain('안내');
}

describe('the deposit account', () => {
  const account = { bank: '004', number: '123-456-789012', holder: '주식회사 예시' };

  it('is read by support and owner, set only by the owner, audited with before and after', async () => {
    expect((await bo(t, 'depositAccount.get', { cookie: support.cookie })).body).toEqual({
      status: 'success',
      account: null,
    });
    expect((await bo(t, 'depositAccount.set', { cookie: support.cookie, body: account })).code).toBe(403);
    const put = await bo(t, 'depositAccount.set', { cookie: owner.cookie, body: account });
    expect(put.body).toEqual({
      status: 'success',
      account: { bank: '004', number: '123456789012', holder: '주식회사 예시' },
    });
    expect((await bo(t, 'depositAccount.get', { cookie: support.cookie })).body.account).toEqual(
      put.body.account,
    );
    expect((await bo(t, 'depositAccount.remove', { cookie: support.cookie })).code).toBe(403);
    const removed = await bo(t, 'depositAccount.remove', { cookie: owner.cookie });
    expect(removed.body).toEqual({ status: 'success', account: null });
    const audit = await auditOf(t, 'settings:deposit-account');
    expect(audit.map((row) => [row.action, row.before, row.after])).toEqual([
      ['settings.deposit_account', null, put.body.account],
      ['settings.deposit_account', put.body.account, null],
    ]);
    expect(audit[0]!.actor).toBe(owner.operatorId);
  });

  it('refuses content and cashier operators, and a bad account with a 400 naming the field', async () => {
    for (const who of [content, cashier]) {
      expect((await bo(t, 'depositAccount.get', { cookie: who.cookie })).code).toBe(403);
      expect((await bo(t, 'depositAccount.set', { cookie: who.cookie, body: account })).code).toBe(403);
    }
    expect((await bo(t, 'depositAccount.get', {})).code).toBe(401);
    const bad = await bo(t, 'depositAccount.set', {
      cookie: owner.cookie,
      body: { ...account, bank: '999', number: '12ab' },
    });
    expect(bad.code).toBe(400);
    expect(bad.body.errors.map((e: JsonBody) => e.path).sort()).toEqual(['bank', 'number']);
  });
});

describe('the help search', () => {
  it('finds posts by words of the title or text and guests by the phone; % and _ are plain characters', async () => {
    const m = await createMember(t);
    await call(t, 'user-write-help', { title: '출금 지연 문의', contents: '100% 확인 부탁' }, m.cookie);
    await call(t, 'user-write-help', { title: '기타', contents: '로그인이 안 돼요' }, m.cookie);
    const titles = async (q: string) =>
      (
        await bo(t, 'helps.list', { cookie: support.cookie, query: { pageSize: 100, userId: m.userId, q } })
      ).body.list.map((h: JsonBody) => h.title);
    expect(await titles('지연')).toEqual(['출금 지연 문의']);
    expect(await titles('로그인')).toEqual(['기타']);
    expect(await titles('100%')).toEqual(['출금 지연 문의']);
    expect(await titles('1_0')).toEqual([]);
    expect(await titles('%')).toEqual(['출금 지연 문의']);
    const tooLong = await bo(t, 'helps.list', { cookie: support.cookie, query: { q: 'a'.repeat(101) } });
    expect(tooLong.code).toBe(400);
  });
});

describe('roles', () => {
  it('give content operators notices, popups and banners but 403 on help posts, notes and members', async () => {
    for (const name of ['helps.list', 'notes.list', 'members.list', 'depositAccount.get'] as const) {
      expect((await bo(t, name, { cookie: content.cookie })).code, name).toBe(403);
    }
    for (const name of ['notices.list', 'popups.list', 'banners.list'] as const) {
      expect((await bo(t, name, { cookie: content.cookie })).code, name).toBe(200);
    }
  });

  it('give support operators help posts but 403 on every content route', async () => {
    expect((await bo(t, 'helps.list', { cookie: support.cookie })).code).toBe(200);
    for (const [method, url] of [
      ['GET', '/notices'],
      ['POST', '/notices'],
      ['GET', '/popups'],
      ['PATCH', '/popups/1'],
      ['GET', '/banners'],
      ['DELETE', '/banners/1'],
    ] as const) {
      expect((await bo(t, method, url, { cookie: support.cookie, body: {} })).code, `${method} ${url}`).toBe(
        403,
      );
    }
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/media',
      headers: { origin: 'http://localhost', cookie: support.cookie, 'content-type': 'image/png' },
      payload: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    });
    expect(upload.statusCode).toBe(403);
  });
});

describe('operator HTML', () => {
  it('reaches the portal notices and popups inert, and the console lists them inert', async () => {
    const notice = await bo(t, 'notices.create', {
      cookie: content.cookie,
      body: { title: '보안 공지', contents: HOSTILE, domain: '' },
    });
    const popup = await bo(t, 'popups.create', {
      cookie: content.cookie,
      body: { title: '보안 팝업', titleColor: '#ff0000', contents: HOSTILE, domain: '', posX: 10, posY: 20 },
    });
    expect(notice.body.status).toBe('success');
    expect(popup.body.status).toBe('success');

    const notices = (await call(t, 'get-user-notices')).body.notices as JsonBody[];
    const shown = notices.find((n) => n.title === '보안 공지');
    expect(shown).toBeDefined();
    expectInert(shown!.contents);
    const popups = (await call(t, 'get-notice-popup')).body.note as JsonBody[];
    const shownPopup = popups.find((p) => p.title === '보안 팝업');
    expect(shownPopup).toBeDefined();
    expectInert(shownPopup!.contents);

    const listed = (await bo(t, 'notices.list', { cookie: content.cookie, query: { pageSize: 100 } })).body
      .list;
    expectInert(listed.find((n) => n.id === notice.body.id)!.contents);
    const listedPopups = (await bo(t, 'popups.list', { cookie: owner.cookie, query: { pageSize: 100 } })).body
      .list;
    expectInert(listedPopups.find((p) => p.id === popup.body.id)!.contents);

    // A change goes through the same policy as a creation.
    await bo(t, 'notices.update', {
      cookie: content.cookie,
      params: { id: notice.body.id },
      body: { contents: HOSTILE },
    });
    await bo(t, 'popups.update', {
      cookie: content.cookie,
      params: { id: popup.body.id },
      body: { contents: HOSTILE },
    });
    const after = (await call(t, 'get-user-notices')).body.notices as JsonBody[];
    expectInert(after.find((n) => n.title === '보안 공지')!.contents);
    const afterPopups = (await call(t, 'get-notice-popup')).body.note as JsonBody[];
    expectInert(afterPopups.find((p) => p.title === '보안 팝업')!.contents);
  });

  it('reaches the member answer of a help post inert (get-help-list, read-help-message) and the console too', async () => {
    const m = await createMember(t);
    await call(t, 'user-ask-account', {}, m.cookie);
    const own = (await call(t, 'get-help-list', { pageSize: 1 }, m.cookie)).body.helps[0]!;
    expect(own.kind).toBe('account_inquiry');
    const answered = await bo(t, 'helps.answer', {
      cookie: support.cookie,
      params: { id: own.id },
      body: { answer: HOSTILE },
    });
    expect(answered.body).toEqual({ status: 'success' });

    const seen = (await call(t, 'get-help-list', { pageSize: 1 }, m.cookie)).body.helps[0]!;
    expect(seen.state).toBe('already');
    expectInert(seen.answer);
    expect((await call(t, 'read-help-message', { id: own.id }, m.cookie)).body).toEqual({
      status: 'success',
    });
    const read = (await call(t, 'get-help-list', { pageSize: 1 }, m.cookie)).body.helps[0]!;
    expect(read.isRead).toBe(true);
    expectInert(read.answer);

    const queue = (await bo(t, 'helps.list', { cookie: support.cookie, query: { userId: m.userId } })).body
      .list;
    expectInert(queue[0]!.answer);
    const audit = await auditOf(t, `help:${own.id}`);
    expectInert((audit.at(-1)!.after as { answer: string }).answer);
  });
});
