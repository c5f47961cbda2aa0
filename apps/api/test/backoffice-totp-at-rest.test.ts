import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../src/lib/secrets.ts';
import { generateTotpSecret, totpCode } from '../src/modules/backoffice/totp.ts';
import { bo, createOperator, fileTestApp, OPERATOR_PASSWORD, type Answer } from './factories.ts';

/**
 * Operators' TOTP secrets at rest (docs/security.md, "Secrets at rest"): the rows hold them sealed
 * under SECRETS_KEY, rows from before the sealing still sign in and are sealed, and a row sealed
 * under another key fails closed.
 */

const t = await fileTestApp();
const owner = await createOperator(t, 'owner');

async function req(
  method: 'GET' | 'POST',
  url: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<Answer & { cookie: string }> {
  const answer = await bo(t, method, url, options);
  return Object.assign(answer, { cookie: String(answer.headers['set-cookie'] ?? '').split(';')[0] ?? '' });
}

function login(operatorId: string, secret?: string) {
  return req('POST', '/login', {
    body: {
      operatorId,
      password: OPERATOR_PASSWORD,
      ...(secret ? { totp: totpCode(secret, t.clock.now().getTime()) } : {}),
    },
  });
}

async function stored(id: number) {
  return t.db
    .selectFrom('operators')
    .select(['totp_secret', 'totp_pending_secret'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** A sealed value: the `v1:` form, with no trace of the base32 secret. */
function expectSealed(value: string | null, secret: string): void {
  expect(value).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
  expect(value).not.toContain(secret);
}

/** The next 30-second step, so that a code differs from any used before. */
function nextStep(): void {
  t.clock.advance(30_000);
}

describe('TOTP secrets sealed at rest', () => {
  it('stores the enrolment sealed, and the sealed secret still signs in', async () => {
    const op = await createOperator(t, 'cashier');
    const start = await req('POST', '/account/totp/start', { cookie: op.cookie });
    const secret = start.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const pending = await stored(op.id);
    expect(pending.totp_secret).toBeNull();
    expectSealed(pending.totp_pending_secret, secret);

    const confirm = await req('POST', '/account/totp/confirm', {
      cookie: op.cookie,
      body: { code: totpCode(secret, t.clock.now().getTime()) },
    });
    expect(confirm.body).toEqual({ status: 'success' });
    const enrolled = await stored(op.id);
    expect(enrolled.totp_pending_secret).toBeNull();
    expectSealed(enrolled.totp_secret, secret);

    nextStep();
    const signedIn = await login(op.operatorId, secret);
    expect(signedIn.body).toEqual({ status: 'success' });
    expect(signedIn.cookie).toMatch(/^bo_sid=/);
    // A sign-in with a sealed secret leaves it as it was.
    expect((await stored(op.id)).totp_secret).toBe(enrolled.totp_secret);

    // Removal opens the sealed secret too.
    nextStep();
    expect(
      (
        await req('POST', '/account/totp/disable', {
          cookie: signedIn.cookie,
          body: { password: OPERATOR_PASSWORD, code: totpCode(secret, t.clock.now().getTime()) },
        })
      ).body,
    ).toEqual({ status: 'success' });
    expect(await stored(op.id)).toEqual({ totp_secret: null, totp_pending_secret: null });
  });

  it('stores the secrets an owner sets (create, reset) sealed, and never in the audit log', async () => {
    const operatorId = 'sealed.desk';
    const created = await req('POST', '/operators', {
      cookie: owner.cookie,
      body: { operatorId, role: 'support', withTotp: true },
    });
    expect(created.body).toMatchObject({ status: 'success', totpSecret: expect.any(String) });
    const row = await t.db
      .selectFrom('operators')
      .select(['id', 'totp_secret'])
      .where('operator_id', '=', operatorId)
      .executeTakeFirstOrThrow();
    expectSealed(row.totp_secret, created.body.totpSecret as string);

    const reset = await req('POST', `/operators/${operatorId}/totp`, { cookie: owner.cookie, body: {} });
    expect(reset.body).toMatchObject({ status: 'success', totpSecret: expect.any(String) });
    expectSealed((await stored(row.id)).totp_secret, reset.body.totpSecret as string);

    const log = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('target', '=', `operator:${operatorId}`)
      .execute();
    expect(log.length).toBeGreaterThanOrEqual(2);
    const text = JSON.stringify(log);
    expect(text).not.toContain(created.body.totpSecret as string);
    expect(text).not.toContain(reset.body.totpSecret as string);
    expect(text).not.toContain('v1:');
  });
});

describe('rows written before the sealing', () => {
  it('signs in with a plain secret and seals it afterwards', async () => {
    const secret = generateTotpSecret();
    // The factory writes the row as the server did before: the base32 secret in plain text.
    const op = await createOperator(t, 'cashier', { totpSecret: secret });
    expect((await stored(op.id)).totp_secret).toBe(secret);
    expect((await login(op.operatorId)).body).toEqual({ status: 'totp_required' });
    // A wrong code leaves the row as it was.
    const wrong = totpCode(secret, t.clock.now().getTime()) === '000000' ? '111111' : '000000';
    expect(
      (
        await req('POST', '/login', {
          body: { operatorId: op.operatorId, password: OPERATOR_PASSWORD, totp: wrong },
        })
      ).body,
    ).toEqual({ status: 'fail' });
    expect((await stored(op.id)).totp_secret).toBe(secret);

    expect((await login(op.operatorId, secret)).body).toEqual({ status: 'success' });
    const sealed = (await stored(op.id)).totp_secret;
    expectSealed(sealed, secret);
    // The sealed row opens to the same secret: the operator's authenticator app keeps working.
    nextStep();
    expect((await login(op.operatorId, secret)).body).toEqual({ status: 'success' });
    expect((await stored(op.id)).totp_secret).toBe(sealed);
  });

  it('confirms a plain pending enrolment and stores the secret sealed', async () => {
    const op = await createOperator(t, 'support');
    const secret = generateTotpSecret();
    await t.db
      .updateTable('operators')
      .set({ totp_pending_secret: secret })
      .where('id', '=', op.id)
      .execute();
    expect(
      (
        await req('POST', '/account/totp/confirm', {
          cookie: op.cookie,
          body: { code: totpCode(secret, t.clock.now().getTime()) },
        })
      ).body,
    ).toEqual({ status: 'success' });
    const row = await stored(op.id);
    expect(row.totp_pending_secret).toBeNull();
    expectSealed(row.totp_secret, secret);
  });

  it('seals every plain row in one pass at start, and finds none the second time', async () => {
    const active = generateTotpSecret();
    const pending = generateTotpSecret();
    const a = await createOperator(t, 'content', { totpSecret: active });
    const b = await createOperator(t, 'content', { signedIn: false });
    await t.db
      .updateTable('operators')
      .set({ totp_pending_secret: pending })
      .where('id', '=', b.id)
      .execute();

    expect(await t.services.backoffice.operators.sealLegacyTotpSecrets()).toBeGreaterThanOrEqual(2);
    expectSealed((await stored(a.id)).totp_secret, active);
    expect((await stored(b.id)).totp_secret).toBeNull();
    expectSealed((await stored(b.id)).totp_pending_secret, pending);
    const plainLeft = await t.db
      .selectFrom('operators')
      .select('id')
      .where((eb) =>
        eb.or([eb('totp_secret', 'not like', 'v1:%'), eb('totp_pending_secret', 'not like', 'v1:%')]),
      )
      .execute();
    expect(plainLeft).toEqual([]);
    expect(await t.services.backoffice.operators.sealLegacyTotpSecrets()).toBe(0);

    nextStep();
    expect((await login(a.operatorId, active)).body).toEqual({ status: 'success' });
  });
});

describe('a secret sealed under another key', () => {
  it('fails closed: sign-in refused as a wrong code, until an owner resets the TOTP', async () => {
    const secret = generateTotpSecret();
    const op = await createOperator(t, 'cashier', { totpSecret: secret });
    const foreign = createSecretBox(randomBytes(32)).seal(secret);
    await t.db.updateTable('operators').set({ totp_secret: foreign }).where('id', '=', op.id).execute();

    expect((await login(op.operatorId)).body).toEqual({ status: 'totp_required' });
    // A right code: still the plain `fail` a wrong code gets (HTTP 200, no session, no 500).
    const refused = await login(op.operatorId, secret);
    expect(refused.code).toBe(200);
    expect(refused.body).toEqual({ status: 'fail' });
    expect(refused.cookie).toBe('');
    // Nothing is rewritten: the row stays as it was for the right key to open.
    expect((await stored(op.id)).totp_secret).toBe(foreign);

    // A value in neither form (damaged) fails the same way.
    await t.db
      .updateTable('operators')
      .set({ totp_secret: `${foreign.slice(0, -4)}AAAA` })
      .where('id', '=', op.id)
      .execute();
    nextStep();
    expect((await login(op.operatorId, secret)).body).toEqual({ status: 'fail' });
    await t.db.updateTable('operators').set({ totp_secret: 'not base32!' }).where('id', '=', op.id).execute();
    nextStep();
    expect((await login(op.operatorId, secret)).body).toEqual({ status: 'fail' });

    // An owner hands over a new secret: the operator signs in again.
    const reset = await req('POST', `/operators/${op.operatorId}/totp`, { cookie: owner.cookie, body: {} });
    expect(reset.body).toMatchObject({ status: 'success' });
    nextStep();
    expect((await login(op.operatorId, reset.body.totpSecret as string)).body).toEqual({
      status: 'success',
    });
  });

  it('refuses a removal or a pending confirmation it cannot open', async () => {
    const op = await createOperator(t, 'support');
    const other = createSecretBox(randomBytes(32));
    const secret = generateTotpSecret();
    await t.db
      .updateTable('operators')
      .set({ totp_pending_secret: other.seal(secret) })
      .where('id', '=', op.id)
      .execute();
    // No readable enrolment: the operator starts again.
    expect(
      (
        await req('POST', '/account/totp/confirm', {
          cookie: op.cookie,
          body: { code: totpCode(secret, t.clock.now().getTime()) },
        })
      ).body,
    ).toEqual({ status: 'not_found' });

    await t.db
      .updateTable('operators')
      .set({ totp_secret: other.seal(secret), totp_pending_secret: null })
      .where('id', '=', op.id)
      .execute();
    const disable = await req('POST', '/account/totp/disable', {
      cookie: op.cookie,
      body: { password: OPERATOR_PASSWORD, code: totpCode(secret, t.clock.now().getTime()) },
    });
    expect(disable.code).toBe(200);
    expect(disable.body).toEqual({ status: 'fail' });
    expect((await stored(op.id)).totp_secret).not.toBeNull();
  });
});
