import type { TBackofficeBody } from '@casino/contracts/backoffice-routes';
import DOMPurify from 'isomorphic-dompurify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@casino/contracts/locales';
import { createHtmlSanitizer } from '@casino/contracts/sanitize-html';
import { LEGAL_KINDS } from '@casino/contracts/site';
import { firstVersionText } from '../src/modules/legal/legal-texts.ts';
import { LEGAL_DOCUMENT_CACHE_MS } from '../src/modules/legal/legal.routes.ts';
import {
  bo,
  call,
  createMember,
  createOperator,
  ensureRegCode,
  fileTestApp,
  requestIdsOf,
  signIn,
  uniqueMemberInput,
} from './factories.ts';
import { SAME_ORIGIN } from './harness.ts';

// Versioned terms and privacy policy (issue 12): first-start texts, the public call, publishing in
// the back office, and the versions a new member accepts.

const t = await fileTestApp();
const owner = await createOperator(t, 'owner');
const content = await createOperator(t, 'content');

beforeAll(async () => {
  await ensureRegCode(t);
});

const document = (kind: string, locale?: string) =>
  call(t, 'get-legal-document', locale ? { kind, locale } : { kind });

/** Registers a member through `user-register` and reads back its legal columns. */
async function register() {
  const input = uniqueMemberInput();
  const answer = await call(t, 'user-register', { ...input, agree18: true });
  expect(answer.body).toEqual({ status: 'success' });
  return t.db
    .selectFrom('members')
    .select(['terms_version', 'privacy_version', 'terms_accepted_at', 'created_at'])
    .where('user_id', '=', input.userId)
    .executeTakeFirstOrThrow();
}

/** Waits out the shared answer of get-legal-document (decision 0009) on the test clock. */
function afterCache(): void {
  t.clock.advance(LEGAL_DOCUMENT_CACHE_MS + 1);
}

describe('before any document exists', () => {
  it('answers not_found, and a new member accepts no version', async () => {
    expect((await document('terms')).body).toEqual({ status: 'not_found' });
    expect(await register()).toMatchObject({
      terms_version: null,
      privacy_version: null,
      terms_accepted_at: null,
    });
  });
});

describe('the first start', () => {
  it('publishes version 1 of both documents in all five locales, once', async () => {
    expect(await t.services.legal.ensureFirstVersions()).toEqual(['terms', 'privacy']);
    expect(await t.services.legal.ensureFirstVersions()).toEqual([]);
    const rows = await t.db
      .selectFrom('legal_documents')
      .select(['kind', 'version', 'locale', 'created_by'])
      .execute();
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row).toMatchObject({ version: 1, created_by: 'system' });
    const audit = await bo(t, 'audit.list', { cookie: owner.cookie, query: { target: 'legal:terms' } });
    expect(audit.body.list[0]).toMatchObject({
      operatorId: 'system',
      action: 'legal.publish',
      after: { version: 1 },
    });
  });

  it('ships texts that the one HTML policy leaves unchanged, with what a site must say', () => {
    const sanitize = createHtmlSanitizer(DOMPurify);
    for (const kind of LEGAL_KINDS) {
      for (const locale of LOCALES) {
        const { title, body } = firstVersionText(kind, locale);
        expect(title.length, `${kind} ${locale}`).toBeGreaterThan(1);
        expect(sanitize(body), `${kind} ${locale}`).toBe(body);
        expect(body.match(/<h2>/g)?.length ?? 0).toBeGreaterThanOrEqual(8);
      }
    }
    const terms = firstVersionText('terms', 'ko').body;
    for (const topic of ['만 18세', '환전', '충전', '건전한 게임', '1336', '고객센터'])
      expect(terms).toContain(topic);
    const privacy = firstVersionText('privacy', 'en').body;
    for (const topic of ['What we collect', 'How long we keep it', 'Cookies', 'Support'])
      expect(privacy).toContain(topic);
  });

  it('serves the version in force in the asked locale, Korean by default', async () => {
    afterCache();
    const ko = await document('terms');
    expect(ko.body).toMatchObject({
      status: 'success',
      document: { kind: 'terms', version: 1, locale: 'ko', title: '이용약관' },
    });
    expect(ko.body.document.body).toBe(firstVersionText('terms', 'ko').body);
    expect(Date.parse(ko.body.document.publishedAt)).not.toBeNaN();
    expect((await document('privacy', 'vn')).body.document).toMatchObject({
      locale: 'vn',
      title: 'Chính sách quyền riêng tư',
    });
  });

  it('refuses an unknown kind or locale with 400', async () => {
    expect((await document('cookies')).code).toBe(400);
    const answer = await document('terms', 'de');
    expect(answer.code).toBe(400);
    expect(answer.body.errors).toEqual([{ path: 'locale', code: 'pattern' }]);
  });

  it('records the versions in force when a member registers', async () => {
    const row = await register();
    expect(row).toMatchObject({ terms_version: 1, privacy_version: 1 });
    expect(row.terms_accepted_at?.getTime()).toBe(row.created_at.getTime());
  });
});

describe('publishing in the back office', () => {
  const publish = (body: TBackofficeBody<'legal.publish'>, cookie = content.cookie) =>
    bo(t, 'legal.publish', { cookie, body });

  it('is for the owner and the content role; others get 403, nobody 401', async () => {
    const body: TBackofficeBody<'legal.publish'> = {
      kind: 'terms',
      texts: [{ locale: 'ko', title: '약관', body: '<p>본문</p>' }],
    };
    for (const role of ['cashier', 'support'] as const) {
      const other = await createOperator(t, role);
      expect((await publish(body, other.cookie)).code).toBe(403);
      expect((await bo(t, 'legal.list', { cookie: other.cookie })).code).toBe(403);
    }
    expect((await publish(body, '')).code).toBe(401);
    expect((await t.services.legal.currentVersions()).terms).toBe(1);
  });

  it('refuses bad input with 400 and publishes nothing', async () => {
    const text = { locale: 'ko', title: '약관', body: '<p>본문</p>' };
    const cases: Array<[unknown, { path: string; code: string }]> = [
      [
        { kind: 'terms', texts: [{ ...text, locale: 'en' }] },
        { path: 'texts', code: 'required' },
      ],
      [
        { kind: 'terms', texts: [text, text] },
        { path: 'texts', code: 'pattern' },
      ],
      [
        { kind: 'terms', texts: [] },
        { path: 'texts', code: 'length' },
      ],
      [
        { kind: 'rules', texts: [text] },
        { path: 'kind', code: 'pattern' },
      ],
      [
        { kind: 'terms', texts: [{ ...text, title: ' ' }] },
        { path: 'texts', code: 'length' },
      ],
      // Markup the policy removes entirely leaves nothing to publish.
      [
        { kind: 'terms', texts: [{ ...text, body: '<script>alert(1)</script>' }] },
        { path: 'texts', code: 'required' },
      ],
    ];
    for (const [body, error] of cases) {
      // Bodies the entry's type refuses among them.
      const answer = await bo(t, 'POST', '/legal', { cookie: content.cookie, body });
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors, JSON.stringify(body)).toContainEqual(error);
    }
    expect(await t.services.legal.currentVersions()).toEqual({ terms: 1, privacy: 1 });
  });

  it('publishes the next version sanitized, audited, and in force at once for new members', async () => {
    const answer = await publish({
      kind: 'terms',
      texts: [
        {
          locale: 'ko',
          title: '이용약관 (개정)',
          body: '<h2>제1조</h2><p onclick="steal()">개정된 본문<img src="x" onerror="alert(1)"></p><script>alert(2)</script><a href="javascript:alert(3)">링크</a>',
        },
        { locale: 'en', title: 'Terms of Use (revised)', body: '<p>Revised text.</p>' },
      ],
    });
    expect(answer.code).toBe(200);
    expect(answer.body).toEqual({ status: 'success', kind: 'terms', version: 2 });

    afterCache();
    const ko = (await document('terms', 'ko')).body.document;
    expect(ko).toMatchObject({ version: 2, locale: 'ko', title: '이용약관 (개정)' });
    expect(ko.body).toContain('개정된 본문');
    expect(ko.body).not.toMatch(/onclick|onerror|<script|javascript:/i);
    expect((await document('terms', 'en')).body.document).toMatchObject({ version: 2, locale: 'en' });
    // Version 2 has no Japanese text: the Korean text of version 2, not the Japanese of version 1.
    expect((await document('terms', 'jp')).body.document).toMatchObject({ version: 2, locale: 'ko' });
    // The privacy policy did not move.
    expect((await document('privacy', 'jp')).body.document).toMatchObject({ version: 1, locale: 'jp' });

    const audit = await bo(t, 'audit.list', { cookie: owner.cookie, query: { target: 'legal:terms' } });
    expect(audit.body.list[0]).toMatchObject({
      operatorId: content.operatorId,
      action: 'legal.publish',
      before: { version: 1 },
      after: { version: 2, locales: ['ko', 'en'] },
    });
    expect(await register()).toMatchObject({ terms_version: 2, privacy_version: 1 });
  });

  it('gives publications made at the same moment consecutive versions', async () => {
    const body = (n: number): TBackofficeBody<'legal.publish'> => ({
      kind: 'privacy',
      texts: [{ locale: 'ko', title: `개인정보 처리방침 ${n}`, body: `<p>판 ${n}</p>` }],
    });
    const answers = await Promise.all([1, 2, 3].map((n) => publish(body(n), owner.cookie)));
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.version as number).sort()).toEqual([2, 3, 4]);
    const rows = await t.db
      .selectFrom('legal_documents')
      .select(['version', 'title'])
      .where('kind', '=', 'privacy')
      .where('version', '>', 1)
      .execute();
    expect(rows).toHaveLength(3);
  });

  it('lists every text, newest first, with the versions in force', async () => {
    const list = await bo(t, 'legal.list', { cookie: content.cookie, query: { kind: 'terms', pageSize: 3 } });
    expect(list.code).toBe(200);
    expect(list.body.current).toEqual({ terms: 2, privacy: 4 });
    expect(list.body.maxCount).toBe(7);
    expect(list.body.list.map((d: { version: number; locale: string }) => `${d.version}${d.locale}`)).toEqual(
      ['2ko', '2en', '1ko'],
    );
    expect(list.body.list[0]).toMatchObject({ kind: 'terms', createdBy: content.operatorId });
    expect(
      (await bo(t, 'legal.list', { cookie: owner.cookie, query: { page: 3, pageSize: 3, kind: 'terms' } }))
        .body.list,
    ).toHaveLength(1);
  });

  it('never changes a published text: the database refuses it', async () => {
    await expect(
      sql`update legal_documents set body = '<p>x</p>' where kind = 'terms'`.execute(t.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from legal_documents`.execute(t.db)).rejects.toThrow(/append-only/);
  });
});

// Issue 22: a member who accepted older versions is asked to accept the ones in force at the next
// sign-in (both sign-in paths) or at once when already signed in; until then the calls that move
// money or start play answer 403 must_accept_terms, and the acceptance is recorded like the one of
// registration. One mechanism with the forced password change (`TUser.requires`).
describe('a newer version for members who accepted an older one', () => {
  /** A registered member with comp points, signed in through the credentials callback. */
  async function member() {
    const m = await createMember(t, { signedIn: false, comp: 20_000 });
    return { ...m, cookie: await signIn(t, m) };
  }
  const today = () => new Date(t.clock.now().getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
  const health = async (cookie: string) => (await call(t, 'user-health-check', {}, cookie)).body.user;
  const acceptances = (memberId: number) =>
    t.db
      .selectFrom('legal_acceptances')
      .select(['kind', 'version', 'accepted_at', 'ip', 'user_agent', 'context'])
      .where('member_id', '=', memberId)
      .orderBy('id')
      .execute();
  const versions = (memberId: number) =>
    t.db
      .selectFrom('members')
      .select(['terms_version', 'privacy_version', 'terms_accepted_at'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
  const comp = async (memberId: number) =>
    (
      await t.db
        .selectFrom('accounts')
        .select('balance')
        .where('member_id', '=', memberId)
        .where('kind', '=', 'comp')
        .executeTakeFirstOrThrow()
    ).balance;
  const publishTerms = async (title: string) => {
    const answer = await bo(t, 'legal.publish', {
      cookie: content.cookie,
      body: { kind: 'terms', texts: [{ locale: 'ko', title, body: `<p>${title}</p>` }] },
    });
    expect(answer.body.status).toBe('success');
    return answer.body.version as number;
  };
  const MONEY_OR_PLAY: Array<[string, unknown]> = [
    ['roll-to-balance', { amount: 10_000 }],
    ['apply-user-deposit', { amount: 30_000 }],
    ['apply-user-withdraw', { amount: 10_000, exchangePassword: '123456' }],
    ['del-deposit', { id: 1 }],
    ['del-withdraw', { id: 1 }],
    ['game-transfer-in', { company: 'none', amount: 1_000 }],
    ['game-transfer-out', {}],
    ['open-game', { code: 'fruit', company: 'none', timeStemp: 1 }],
    ['check-attendance', {}],
    ['cancel-bonus', {}],
  ];

  it('records the acceptance of registration with its address and browser', async () => {
    await ensureRegCode(t);
    const input = uniqueMemberInput();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/routes/user-register',
      headers: { ...SAME_ORIGIN, 'content-type': 'application/json', 'user-agent': 'Registrar/1.0' },
      payload: JSON.stringify({ ...input, agree18: true }),
      remoteAddress: '198.51.100.7',
    });
    expect(answer.json()).toEqual({ status: 'success' });
    const id = (await t.services.members.byUserId(input.userId))!.id;
    const row = await versions(id);
    expect(await acceptances(id)).toEqual([
      {
        kind: 'terms',
        version: 2,
        accepted_at: row.terms_accepted_at,
        ip: '198.51.100.7',
        user_agent: 'Registrar/1.0',
        context: 'registration',
      },
      {
        kind: 'privacy',
        version: 4,
        accepted_at: row.terms_accepted_at,
        ip: '198.51.100.7',
        user_agent: 'Registrar/1.0',
        context: 'registration',
      },
    ]);
  });

  it('asks nothing while the member accepted the versions in force', async () => {
    const m = await member();
    expect(await health(m.cookie)).toMatchObject({
      requires: [],
      termsToAccept: [],
      mustChangePassword: false,
    });
    expect((await call(t, 'roll-to-balance', { amount: 10_000 }, m.cookie)).body).toMatchObject({
      status: 'success',
    });
  });

  it('asks a signed-in member at once, refuses money and play with 403 must_accept_terms, and allows the rest', async () => {
    const m = await member();
    const auditBefore = (await t.db.selectFrom('audit_log').select('id').execute()).length;
    const version = await publishTerms('이용약관 3판');
    expect(version).toBe(3);
    // The back office's publication is what asks: no cache stands between it and the member.
    expect(await health(m.cookie)).toMatchObject({
      requires: ['accept_terms'],
      termsToAccept: [{ kind: 'terms', version: 3 }],
      mustChangePassword: false,
    });
    for (const [name, body] of MONEY_OR_PLAY) {
      const answer = await call(t, name, body, m.cookie);
      expect({ name, code: answer.code, body: answer.body }).toEqual({
        name,
        code: 403,
        body: { status: 'must_accept_terms' },
      });
    }
    // Nothing a refused call would have done happened.
    expect(await comp(m.id)).toBe(20_000);
    expect((await t.db.selectFrom('audit_log').select('id').execute()).length).toBe(auditBefore + 1);
    expect(await requestIdsOf(t, 'deposit', m.id)).toEqual([]);
    // Reading, support and player protection stay open.
    for (const [name, body] of [
      ['get-member-account', {}],
      ['get-deposit-list', {}],
      ['get-play-limits', {}],
      ['set-reality-check', { minutes: 30 }],
      ['get-sessions', {}],
      ['get-account-history', { from: today(), to: today() }],
      ['get-deposit-bonus', {}],
      ['get-rollover', {}],
      ['get-my-level', {}],
    ] as const) {
      const answer = await call(t, name, body, m.cookie);
      expect({ name, code: answer.code }).toEqual({ name, code: 200 });
    }
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/account/history.csv?from=${today()}&to=${today()}`,
      headers: { cookie: m.cookie },
    });
    expect(csv.statusCode).toBe(200);
  });

  it('asks at the next sign-in on both paths, the credentials callback and user-do-login', async () => {
    const m = await createMember(t, { signedIn: false, comp: 20_000 });
    await publishTerms('이용약관 4판');
    const callback = await signIn(t, m);
    expect(await health(callback)).toMatchObject({
      requires: ['accept_terms'],
      termsToAccept: [{ kind: 'terms', version: 4 }],
    });
    expect((await call(t, 'roll-to-balance', { amount: 10_000 }, callback)).code).toBe(403);

    const login = await call(t, 'user-do-login', { userId: m.userId, password: m.password });
    expect(login.body).toMatchObject({
      status: 'success',
      user: { requires: ['accept_terms'], termsToAccept: [{ kind: 'terms', version: 4 }] },
    });
    const sid = String(login.headers['set-cookie']).match(/sid=([^;]+)/)?.[1];
    expect(sid).toBeTruthy();
    const answer = await call(t, 'open-game', { code: 'fruit', company: 'none', timeStemp: 1 }, `sid=${sid}`);
    expect({ code: answer.code, body: answer.body }).toEqual({
      code: 403,
      body: { status: 'must_accept_terms' },
    });
  });

  it('records the acceptance of the version in force (version, time, address, browser) and lets money move again', async () => {
    const m = await member();
    const version = await publishTerms('이용약관 5판');
    const before = await versions(m.id);
    const accept = (body: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/routes/accept-terms',
        headers: { ...SAME_ORIGIN, 'content-type': 'application/json', cookie: m.cookie, ...headers },
        payload: JSON.stringify(body),
        remoteAddress: '203.0.113.44',
      });

    // Bad input: 400 naming the field, nothing recorded.
    for (const [body, error] of [
      [{}, { path: '', code: 'required' }],
      [{ terms: 'five' }, { path: 'terms', code: 'type' }],
      [{ terms: 0 }, { path: 'terms', code: 'min' }],
      [
        { terms: version, cookies: 1 },
        { path: 'cookies', code: 'unknown' },
      ],
    ] as const) {
      const answer = await accept(body);
      expect({ body, code: answer.statusCode, json: answer.json() }).toEqual({
        body,
        code: 400,
        json: { status: 'invalid', errors: [error] },
      });
    }
    // A version that is not the one in force (an older one, or one not published): fail, nothing recorded.
    for (const stale of [{ terms: version - 1 }, { terms: version + 1 }, { terms: version, privacy: 3 }])
      expect((await accept(stale)).json()).toEqual({ status: 'fail' });
    expect(await versions(m.id)).toEqual(before);
    expect((await acceptances(m.id)).filter((a) => a.context === 'update')).toEqual([]);
    expect((await call(t, 'roll-to-balance', { amount: 10_000 }, m.cookie)).code).toBe(403);
    // Without a session: 401.
    expect((await call(t, 'accept-terms', { terms: version })).code).toBe(401);

    t.clock.advance(60_000);
    const at = t.clock.now();
    const ok = await accept({ terms: version, privacy: 4 }, { 'user-agent': 'Reader/2.0' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'success' });
    const after = await versions(m.id);
    expect(after).toMatchObject({ terms_version: version, privacy_version: 4 });
    expect(Math.abs(after.terms_accepted_at!.getTime() - at.getTime())).toBeLessThan(5_000);
    // Only the version that was new to the member is recorded (privacy 4 was accepted at registration).
    expect((await acceptances(m.id)).filter((a) => a.context === 'update')).toEqual([
      {
        kind: 'terms',
        version,
        accepted_at: after.terms_accepted_at,
        ip: '203.0.113.44',
        user_agent: 'Reader/2.0',
        context: 'update',
      },
    ]);
    expect(await health(m.cookie)).toMatchObject({ requires: [], termsToAccept: [] });
    expect((await call(t, 'roll-to-balance', { amount: 10_000 }, m.cookie)).body.status).toBe('success');
    expect(await comp(m.id)).toBe(10_000);
    // Accepting again records nothing more.
    expect((await accept({ terms: version })).json()).toEqual({ status: 'success' });
    expect((await acceptances(m.id)).filter((a) => a.context === 'update')).toHaveLength(1);
  });

  it('asks for both texts when both are newer, and a member who never accepted any for every one in force', async () => {
    const m = await member();
    await publishTerms('이용약관 6판');
    const privacy = await bo(t, 'legal.publish', {
      cookie: owner.cookie,
      body: { kind: 'privacy', texts: [{ locale: 'ko', title: '개인정보 5판', body: '<p>5판</p>' }] },
    });
    expect(privacy.body.version).toBe(5);
    expect((await health(m.cookie)).termsToAccept).toEqual([
      { kind: 'terms', version: 6 },
      { kind: 'privacy', version: 5 },
    ]);
    // Accepting one leaves the other asked for, and money still refused.
    expect((await call(t, 'accept-terms', { privacy: 5 }, m.cookie)).body).toEqual({ status: 'success' });
    expect(await health(m.cookie)).toMatchObject({
      requires: ['accept_terms'],
      termsToAccept: [{ kind: 'terms', version: 6 }],
    });
    expect((await call(t, 'roll-to-balance', { amount: 10_000 }, m.cookie)).code).toBe(403);

    // Registered before any text existed (the first member of this file): both, at their sign-in.
    const old = await t.db
      .selectFrom('members')
      .select(['id'])
      .where('terms_version', 'is', null)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('members').set({ terms_version: null }).where('id', '=', m.id).execute();
    expect(old.id).toBeLessThan(m.id);
    expect((await health(m.cookie)).termsToAccept).toEqual([{ kind: 'terms', version: 6 }]);
  });

  it('comes after a forced password change: one list, the first requirement answers', async () => {
    const m = await member();
    await publishTerms('이용약관 7판');
    await t.db.updateTable('members').set({ must_change_password: true }).where('id', '=', m.id).execute();
    expect(await health(m.cookie)).toMatchObject({
      requires: ['change_password', 'accept_terms'],
      mustChangePassword: true,
    });
    // Everything but the password change is refused with the first requirement's status, the
    // acceptance too; a money call as well.
    expect((await call(t, 'accept-terms', { terms: 7 }, m.cookie)).body).toEqual({
      status: 'must_change_password',
    });
    expect((await call(t, 'get-member-account', {}, m.cookie)).body).toEqual({
      status: 'must_change_password',
    });
    expect((await call(t, 'roll-to-balance', { amount: 10_000 }, m.cookie)).body).toEqual({
      status: 'must_change_password',
    });
    const changed = await call(
      t,
      'change-password',
      { password: m.password, newPassword: 'Another-Pass-77' },
      m.cookie,
    );
    expect(changed.body).toEqual({ status: 'success' });
    expect(await health(m.cookie)).toMatchObject({ requires: ['accept_terms'], mustChangePassword: false });
    expect((await call(t, 'get-member-account', {}, m.cookie)).code).toBe(200);
    expect((await call(t, 'roll-to-balance', { amount: 10_000 }, m.cookie)).body).toEqual({
      status: 'must_accept_terms',
    });
    expect((await call(t, 'accept-terms', { terms: 7 }, m.cookie)).body).toEqual({ status: 'success' });
    expect((await call(t, 'roll-to-balance', { amount: 10_000 }, m.cookie)).body.status).toBe('success');
  });
});
