import type { TBackofficeBody } from '@casino/contracts/backoffice-routes';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { markSiteName, prerenderedFile } from '@casino/contracts/prerender';
import { parseSiteInfo, SITE_INFO_ELEMENT_ID } from '@casino/contracts/site-info';
import { auditOf, bo, call, fileTestApp, operatorsOfEveryRole, uniqueMemberInput } from './factories.ts';

// The sites of issue 25 (docs/api/backoffice-sites.md): several domains, each
// with its own name, colour and logo, default partner and registration code; the portal's
// documents, `get-site-status` and the registration form follow the request's host.

const FRAME = (title: string, body: string) =>
  `<!doctype html><html lang="ko"><head><meta name="theme-color" content="#0b0d13" /><title>${title}</title></head><body>${body}${'<p>page</p>'.repeat(150)}</body></html>`;

const dist = mkdtempSync(path.join(tmpdir(), 'sites-dist-'));
writeFileSync(path.join(dist, 'index.html'), FRAME('GOLD CROWN', '<div id="root"></div>'));
mkdirSync(path.join(dist, 'prerendered'));
writeFileSync(
  path.join(dist, prerenderedFile('home', 'ko')),
  FRAME('GOLD CROWN · 프리미엄 카지노', `<header>${markSiteName('GOLD CROWN')}</header>`),
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const t = await fileTestApp({ PORTAL_DIST: dist, SITE_NAME: 'Default House' });
const { owner, cashier, support, content } = await operatorsOfEveryRole(t);

let seq = 0;
/** A host no other test uses. */
function host(): string {
  seq += 1;
  return `site${seq}-${Date.now().toString(36)}.example`;
}

async function createSite(body: TBackofficeBody<'sites.create'>) {
  return bo(t, 'sites.create', { cookie: owner.cookie, body });
}

async function newCode(domain = ''): Promise<string> {
  seq += 1;
  const code = `ST${seq}${Date.now().toString(36)}`.slice(0, 20).toUpperCase();
  const made = await bo(t, 'regCodes.create', { cookie: owner.cookie, body: { code, domain } });
  expect(made.body).toEqual({ status: 'success' });
  return code;
}

/** A request as a browser on `domain` sends it. */
const from = (domain: string) => ({ host: domain, origin: `http://${domain}` });

async function siteStatus(domain: string) {
  const answer = await call(t, 'get-site-status', {}, { headers: from(domain) });
  expect(answer.code).toBe(200);
  return answer.body as { site: { name: string; theme: { primary: string | null; logoUrl: string | null } } };
}

async function page(domain: string, url = '/', headers: Record<string, string> = {}) {
  return t.app.inject({ url, headers: { host: domain, ...headers } });
}

function dataBlock(html: string) {
  const open = `<script id="${SITE_INFO_ELEMENT_ID}" type="application/json">`;
  const at = html.indexOf(open);
  return at === -1 ? {} : parseSiteInfo(html.slice(at + open.length, html.indexOf('</script>', at)));
}

async function siteRows() {
  return (await bo(t, 'sites.list', { cookie: owner.cookie, query: { pageSize: 100 } })).body.list as {
    id: number;
    name: string;
    domains: string[];
  }[];
}

describe('creating a site', () => {
  it('stores its normalized domains, name and look, audited, and lists it', async () => {
    const a = host();
    const created = await createSite({
      domains: [`WWW.${a.toUpperCase()}`, `shop.${a}`, a],
      name: '  Blue Ocean ',
      theme: { primary: '#38BDF8', logoUrl: '/media/logo.png' },
    });
    expect(created.code).toBe(200);
    expect(created.body).toEqual({ status: 'success', id: expect.any(Number) });
    const { id } = created.body as { id: number };

    const list = await bo(t, 'sites.list', { cookie: owner.cookie });
    expect(list.body.default).toEqual({ name: 'Default House' });
    expect(list.body.list.find((s: { id: number }) => s.id === id)).toMatchObject({
      id,
      name: 'Blue Ocean',
      domains: [a, `shop.${a}`],
      partnerId: null,
      regCode: null,
      theme: { primary: '#38bdf8', logoUrl: '/media/logo.png' },
    });
    expect(await auditOf(t, `site:${id}`)).toEqual([
      {
        actor: owner.operatorId,
        action: 'site.create',
        before: null,
        after: {
          id,
          name: 'Blue Ocean',
          domains: [a, `shop.${a}`],
          partnerId: null,
          regCode: null,
          theme: { primary: '#38bdf8', logoUrl: '/media/logo.png' },
        },
      },
    ]);
  });

  it('takes the domains as one text too, as domain fields are typed', async () => {
    const a = host();
    const created = await createSite({ domains: `${a}, m.${a} | www.${a}`, name: 'Text domains' });
    expect(created.body.status).toBe('success');
    const row = (await siteRows()).find((s) => s.id === created.body.id);
    expect(row?.domains).toEqual([a, `m.${a}`]);
  });

  it('answers already when a domain belongs to another site, and keeps nothing of the refused one', async () => {
    const a = host();
    expect((await createSite({ domains: [a], name: 'First' })).body.status).toBe('success');
    const before = (await siteRows()).length;
    const b = host();
    const again = await createSite({ domains: [b, `www.${a}`], name: 'Second' });
    expect(again.body).toEqual({ status: 'already' });
    expect((await siteRows()).length).toBe(before);
    // The refused site's other domain is free.
    expect((await createSite({ domains: [b], name: 'Third' })).body.status).toBe('success');
  });

  it('gives a domain to exactly one of 40 parallel creations', async () => {
    const a = host();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => createSite({ domains: [a], name: `Racer ${i}` })),
    );
    const statuses = answers.map((r) => r.body.status);
    expect(statuses.filter((s) => s === 'success')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'already')).toHaveLength(39);
    const owners = (await siteRows()).filter((s) => s.domains.includes(a));
    expect(owners).toHaveLength(1);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = (await siteRows()).length;
    const a = host();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ domains: [`https://${a}/`], name: 'x' }, 'domains', 'pattern'],
      [{ domains: [`${a}:3000`], name: 'x' }, 'domains', 'pattern'],
      [{ domains: [], name: 'x' }, 'domains', 'length'],
      [{ domains: 'a' as unknown, name: 'x', extra: 1 }, 'extra', 'unknown'],
      [{ domains: [a], name: '' }, 'name', 'length'],
      [{ domains: [a], name: 'x'.repeat(61) }, 'name', 'length'],
      [{ domains: [a], name: 'line\nbreak' }, 'name', 'pattern'],
      [{ domains: [a] }, 'name', 'required'],
      [{ domains: [a], name: 'x', theme: { primary: 'blue' } }, 'theme', 'pattern'],
      [{ domains: [a], name: 'x', theme: { primary: '#12345' } }, 'theme', 'pattern'],
      [{ domains: [a], name: 'x', theme: { logoUrl: 'javascript:alert(1)' } }, 'theme', 'pattern'],
      [{ domains: [a], name: 'x', theme: { logoUrl: '//evil.example/logo.png' } }, 'theme', 'pattern'],
      [{ domains: [a], name: 'x', theme: { logoUrl: 'https://x.example/"onload' } }, 'theme', 'pattern'],
      [{ domains: [a], name: 'x', regCode: 'bad code!' }, 'regCode', 'pattern'],
      [{ domains: [a], name: 7 }, 'name', 'type'],
    ];
    for (const [body, field, code] of cases) {
      // Wrong types among them, which the entry's type refuses.
      const answer = await bo(t, 'POST', '/sites', { cookie: owner.cookie, body });
      expect({ body, code: answer.code }).toEqual({ body, code: 400 });
      expect(answer.body.status).toBe('invalid');
      expect(answer.body.errors).toContainEqual({ path: field, code });
    }
    expect((await siteRows()).length).toBe(before);
  });

  it('checks its registration code and partner', async () => {
    const unknownCode = await createSite({ domains: [host()], name: 'x', regCode: 'NOSUCHCODE1' });
    expect(unknownCode.body).toEqual({ status: 'cant_find_code' });
    const unknownPartner = await createSite({ domains: [host()], name: 'x', partnerId: 'nobody-here' });
    expect(unknownPartner.body).toEqual({ status: 'not_found' });
    // A code is stored as registration knows it, whatever letter case the owner typed.
    const code = await newCode();
    const made = await createSite({ domains: [host()], name: 'Coded', regCode: code.toLowerCase() });
    expect(made.body.status).toBe('success');
    const row = (
      await bo(t, 'sites.list', { cookie: owner.cookie, query: { pageSize: 100 } })
    ).body.list.find((s) => s.id === made.body.id)!;
    expect(row.regCode).toBe(code);
  });

  it('names a partner, and members joining with its code there belong to that partner', async () => {
    seq += 1;
    const partnerId = `sp${seq}${Date.now().toString(36)}`.slice(0, 20);
    const partner = await bo(t, 'partners.create', {
      cookie: owner.cookie,
      body: {
        partnerId,
        password: 'Partner-Pass-2468',
        name: 'Site partner',
        parentId: null,
        rates: { casino: 100, slot: 100, mini: 100, losing: 1000 },
      },
    });
    expect(partner.body).toEqual({ status: 'success' });
    const code = `SP${seq}${Date.now().toString(36)}`.slice(0, 20).toUpperCase();
    const owned = await bo(t, 'partners.addCode', {
      cookie: owner.cookie,
      params: { partnerId },
      body: { code },
    });
    expect(owned.body).toEqual({ status: 'success' });
    const a = host();
    const made = await createSite({ domains: [a], name: 'Partner site', partnerId, regCode: code });
    expect(made.body.status).toBe('success');
    expect((await siteRows()).find((s) => s.id === made.body.id)).toMatchObject({ partnerId, regCode: code });

    const offered = await call(t, 'get-reg-domain', {}, { headers: from(a) });
    expect(offered.body).toMatchObject({ status: 'success', code });
    const input = uniqueMemberInput({ code });
    const registered = await call(t, 'user-register', { ...input, agree18: true }, { headers: from(a) });
    expect(registered.body.status).toBe('success');
    const detail = await bo(t, 'members.detail', { cookie: owner.cookie, params: { userId: input.userId } });
    expect(detail.body.member.partnerId).toBe(partnerId);
  });

  it("gives a member joining on its host the site's partner, unless the member's code names another", async () => {
    const makePartner = async (prefix: string) => {
      seq += 1;
      const partnerId = `${prefix}${seq}${Date.now().toString(36)}`.slice(0, 20);
      const made = await bo(t, 'partners.create', {
        cookie: owner.cookie,
        body: {
          partnerId,
          password: 'Partner-Pass-2468',
          name: prefix,
          parentId: null,
          rates: { casino: 100, slot: 100, mini: 100, losing: 1000 },
        },
      });
      expect(made.body).toEqual({ status: 'success' });
      return partnerId;
    };
    const sitePartner = await makePartner('sitep');
    const otherPartner = await makePartner('other');
    const otherCode = `OC${seq}${Date.now().toString(36)}`.slice(0, 20).toUpperCase();
    await bo(t, 'partners.addCode', {
      cookie: owner.cookie,
      params: { partnerId: otherPartner },
      body: { code: otherCode },
    });
    const plainCode = await newCode();
    const a = host();
    expect(
      (await createSite({ domains: [a], name: 'Default partner', partnerId: sitePartner })).body.status,
    ).toBe('success');
    const partnerOf = async (code: string, domain: string) => {
      const input = uniqueMemberInput({ code });
      const registered = await call(
        t,
        'user-register',
        { ...input, agree18: true },
        { headers: from(domain) },
      );
      expect(registered.body.status).toBe('success');
      return (await bo(t, 'members.detail', { cookie: owner.cookie, params: { userId: input.userId } })).body
        .member.partnerId;
    };
    expect(await partnerOf(plainCode, a)).toBe(sitePartner);
    expect(await partnerOf(otherCode, a)).toBe(otherPartner);
    // Elsewhere the plain code gives no partner.
    expect(await partnerOf(plainCode, 'localhost')).toBeNull();
  });

  it('is the owner’s alone', async () => {
    for (const who of [cashier, support, content]) {
      expect((await bo(t, 'sites.list', { cookie: who.cookie })).code).toBe(403);
      const made = await bo(t, 'sites.create', {
        cookie: who.cookie,
        body: { domains: [host()], name: 'Not mine' },
      });
      expect(made).toMatchObject({ code: 403, body: { status: 'denied' } });
    }
    expect((await bo(t, 'sites.list', {})).code).toBe(401);
  });
});

describe('changing and deleting a site', () => {
  it('changes its fields and domains, audited, and frees the domains it gave up', async () => {
    const a = host();
    const b = host();
    const { id } = (await createSite({ domains: [a], name: 'Before', theme: { primary: '#112233' } }))
      .body as { id: number };
    const changed = await bo(t, 'sites.update', {
      cookie: owner.cookie,
      params: { id },
      body: { name: 'After', domains: [b], theme: { primary: '#445566' } },
    });
    expect(changed.body).toEqual({ status: 'success' });
    expect((await siteRows()).find((s) => s.id === id)).toMatchObject({ name: 'After', domains: [b] });
    const audit = await auditOf(t, `site:${id}`);
    expect(audit.at(-1)).toMatchObject({
      action: 'site.update',
      before: { name: 'Before', domains: [a], theme: { primary: '#112233', logoUrl: null } },
      after: { name: 'After', domains: [b], theme: { primary: '#445566', logoUrl: null } },
    });
    expect((await createSite({ domains: [a], name: 'Took it' })).body.status).toBe('success');
  });

  it('answers already for a domain of another site, and changes nothing then', async () => {
    const a = host();
    const b = host();
    await createSite({ domains: [a], name: 'Holder' });
    const { id } = (await createSite({ domains: [b], name: 'Mover' })).body as { id: number };
    const moved = await bo(t, 'sites.update', {
      cookie: owner.cookie,
      params: { id },
      body: { name: 'Renamed', domains: [b, a] },
    });
    expect(moved.body).toEqual({ status: 'already' });
    expect((await siteRows()).find((s) => s.id === id)).toMatchObject({ name: 'Mover', domains: [b] });
  });

  it('answers not_found for a site that is not there, and 400 for an empty change', async () => {
    expect(
      (await bo(t, 'sites.update', { cookie: owner.cookie, params: { id: 999999 }, body: { name: 'x' } }))
        .body,
    ).toEqual({ status: 'not_found' });
    const { id } = (await createSite({ domains: [host()], name: 'Empty patch' })).body as { id: number };
    const empty = await bo(t, 'sites.update', { cookie: owner.cookie, params: { id }, body: {} });
    expect(empty.code).toBe(400);
    expect(
      (await bo(t, 'sites.update', { cookie: owner.cookie, params: { id: 'abc' }, body: { name: 'x' } }))
        .code,
    ).toBe(400);
  });

  it('deletes a site: its hosts show the default site again', async () => {
    const a = host();
    const { id } = (await createSite({ domains: [a], name: 'Short lived' })).body as { id: number };
    expect((await siteStatus(a)).site.name).toBe('Short lived');
    expect((await bo(t, 'sites.delete', { cookie: owner.cookie, params: { id } })).body).toEqual({
      status: 'success',
    });
    expect((await siteStatus(a)).site.name).toBe('Default House');
    expect((await bo(t, 'sites.delete', { cookie: owner.cookie, params: { id } })).body).toEqual({
      status: 'not_found',
    });
    expect((await auditOf(t, `site:${id}`)).map((e) => e.action)).toEqual(['site.create', 'site.delete']);
  });
});

describe('what a site’s hosts see', () => {
  it('get-site-status answers the site of the host, and the default site elsewhere', async () => {
    const a = host();
    await createSite({
      domains: [a],
      name: 'Green Table',
      theme: { primary: '#22c55e', logoUrl: 'https://cdn.example/logo.svg' },
    });
    expect((await siteStatus(`www.${a}`)).site).toEqual({
      name: 'Green Table',
      theme: { primary: '#22c55e', logoUrl: 'https://cdn.example/logo.svg' },
    });
    expect((await siteStatus('unknown.example')).site).toEqual({
      name: 'Default House',
      theme: { primary: null, logoUrl: null },
    });
  });

  it('pre-fills the site’s registration code, and members register with it', async () => {
    const a = host();
    const code = await newCode();
    await createSite({ domains: [a], name: 'Coded site', regCode: code });
    const found = await call(t, 'get-reg-domain', {}, { headers: from(a) });
    expect(found.body).toEqual({ status: 'success', code, domain: a });
    const input = uniqueMemberInput({ code });
    const registered = await call(t, 'user-register', { ...input, agree18: true }, { headers: from(a) });
    expect(registered.body.status).toBe('success');
    // A disabled code is not offered.
    await bo(t, 'regCodes.update', { cookie: owner.cookie, params: { code }, body: { enabled: false } });
    expect((await call(t, 'get-reg-domain', {}, { headers: from(a) })).body.status).toBe('cant_find_code');
  });

  it('serves the pages in the site’s name and colour, each host with its own ETag', async () => {
    const a = host();
    const { id } = (await createSite({ domains: [a], name: 'Ruby <Room>', theme: { primary: '#e11d48' } }))
      .body as { id: number };

    const site = await page(a);
    expect(site.statusCode).toBe(200);
    expect(site.body).toContain('<header>Ruby &lt;Room&gt;</header>');
    expect(site.body).toContain('<meta name="theme-color" content="#e11d48" />');
    expect(site.body).toMatch(/<style id="site-theme">:root\{--site-primary:#e11d48;--gold:#e11d48;/);
    expect(dataBlock(site.body)).toMatchObject({ siteName: 'Ruby <Room>', theme: { primary: '#e11d48' } });
    expect(site.body).not.toContain('<script>');

    const plain = await page('localhost');
    expect(plain.body).toContain('<header>Default House</header>');
    expect(plain.body).toContain('<meta name="theme-color" content="#0b0d13" />');
    expect(plain.body).not.toContain('site-theme');
    expect(site.headers.etag).toBeDefined();
    expect(site.headers.etag).not.toBe(plain.headers.etag);

    // Revalidation by host: the site's ETag is current on its host only.
    expect((await page(a, '/', { 'if-none-match': String(site.headers.etag) })).statusCode).toBe(304);
    expect((await page('localhost', '/', { 'if-none-match': String(site.headers.etag) })).statusCode).toBe(
      200,
    );

    // The frame of a member page, the not-found page and a compressed answer carry the site too.
    const member = await page(a, '/mypage');
    expect(dataBlock(member.body)).toMatchObject({ siteName: 'Ruby <Room>' });
    const missing = await page(a, '/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(dataBlock(missing.body)).toMatchObject({ siteName: 'Ruby <Room>' });
    // The first answers go out uncompressed at once; the .br variant of the same bytes (its ETag
    // the same hash with its suffix) answers once it is made.
    let br = await page(a, '/', { 'accept-encoding': 'br' });
    for (let i = 0; i < 100 && br.headers['content-encoding'] !== 'br'; i += 1) {
      expect(br.body).toBe(site.body);
      await new Promise((resolve) => setTimeout(resolve, 50));
      br = await page(a, '/', { 'accept-encoding': 'br' });
    }
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(site.body);
    expect(br.headers.etag).toBe(`${String(site.headers.etag).slice(0, -1)}-br"`);

    // In maintenance every page answers 503 with the site's own document.
    await bo(t, 'settings.updateMaintenance', { cookie: owner.cookie, body: { enabled: true } });
    const closed = await page(a, '/');
    expect(closed.statusCode).toBe(503);
    expect(dataBlock(closed.body)).toMatchObject({ siteName: 'Ruby <Room>' });
    await bo(t, 'settings.updateMaintenance', { cookie: owner.cookie, body: { enabled: false } });

    // A change is served at once, with a new ETag; the old one no longer holds.
    await bo(t, 'sites.update', { cookie: owner.cookie, params: { id }, body: { name: 'Ruby Hall' } });
    const renamed = await page(a, '/', { 'if-none-match': String(site.headers.etag) });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.body).toContain('<header>Ruby Hall</header>');
    expect(renamed.headers.etag).not.toBe(site.headers.etag);
  });
});
