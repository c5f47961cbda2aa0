import DOMPurify from 'isomorphic-dompurify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@casino/contracts/locales';
import { createHtmlSanitizer } from '@casino/contracts/sanitize-html';
import { LEGAL_KINDS } from '@casino/contracts/site';
import { firstVersionText } from '../src/modules/legal/legal-texts.ts';
import { LEGAL_DOCUMENT_CACHE_MS } from '../src/modules/legal/legal.routes.ts';
import {
  bo,
  call,
  createCashierTestApp,
  createOperator,
  ensureRegCode,
  uniqueMemberInput,
  type CashierTestApp,
  type TestOperator,
} from './factories.ts';

// Versioned terms and privacy policy (issue 12): first-start texts, the public call, publishing in
// the back office, and the versions a new member accepts.

let t: CashierTestApp;
let owner: TestOperator;
let content: TestOperator;

beforeAll(async () => {
  t = await createCashierTestApp();
  owner = await createOperator(t, 'owner');
  content = await createOperator(t, 'content');
  await ensureRegCode(t);
});

afterAll(async () => {
  await t?.close();
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
    const audit = await bo(t, 'GET', '/audit?target=legal:terms', { cookie: owner.cookie });
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
  const publish = (body: unknown, cookie = content.cookie) => bo(t, 'POST', '/legal', { cookie, body });

  it('is for the owner and the content role; others get 403, nobody 401', async () => {
    const body = { kind: 'terms', texts: [{ locale: 'ko', title: '약관', body: '<p>본문</p>' }] };
    for (const role of ['cashier', 'support'] as const) {
      const other = await createOperator(t, role);
      expect((await publish(body, other.cookie)).code).toBe(403);
      expect((await bo(t, 'GET', '/legal', { cookie: other.cookie })).code).toBe(403);
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
      const answer = await publish(body);
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

    const audit = await bo(t, 'GET', '/audit?target=legal:terms', { cookie: owner.cookie });
    expect(audit.body.list[0]).toMatchObject({
      operatorId: content.operatorId,
      action: 'legal.publish',
      before: { version: 1 },
      after: { version: 2, locales: ['ko', 'en'] },
    });
    expect(await register()).toMatchObject({ terms_version: 2, privacy_version: 1 });
  });

  it('gives publications made at the same moment consecutive versions', async () => {
    const body = (n: number) => ({
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
    const list = await bo(t, 'GET', '/legal?kind=terms&pageSize=3', { cookie: content.cookie });
    expect(list.code).toBe(200);
    expect(list.body.current).toEqual({ terms: 2, privacy: 4 });
    expect(list.body.maxCount).toBe(7);
    expect(list.body.list.map((d: { version: number; locale: string }) => `${d.version}${d.locale}`)).toEqual(
      ['2ko', '2en', '1ko'],
    );
    expect(list.body.list[0]).toMatchObject({ kind: 'terms', createdBy: content.operatorId });
    expect(
      (await bo(t, 'GET', '/legal?page=3&pageSize=3&kind=terms', { cookie: owner.cookie })).body.list,
    ).toHaveLength(1);
  });

  it('never changes a published text: the database refuses it', async () => {
    await expect(
      sql`update legal_documents set body = '<p>x</p>' where kind = 'terms'`.execute(t.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from legal_documents`.execute(t.db)).rejects.toThrow(/append-only/);
  });
});
