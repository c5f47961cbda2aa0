import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request, type APIRequestContext, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newPage } from './browser.ts';
import { ADMIN_PASSWORD, boText, DEMO_PASSWORD, newMember, SCREENS } from './fixtures.ts';

// A partner's whole day in the console, and an owner settling a week and approving a payout
// (issue 25; docs/api/backoffice-partners.md). Commission is settled for finished days only, so the
// members' bets are made on a server whose site calendar is a day behind (Pacific/Pago_Pago, UTC-11)
// and the same database is then served on one a day ahead (Pacific/Kiritimati, UTC+14): the day of
// the bets is a finished day there, as it would be the next morning.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = Date.now().toString(36).slice(-5);
const SECRET = `e2e-partner-provider-${stamp}-0123456789abcdef`;
const PROVIDER = { code: `e2e-pc-${stamp}`, name: 'E2E Partner Casino', nameKo: '이투이 총판 카지노' };
const GAME = { code: 'table-p', nameKo: '총판 테이블', nameEn: 'Partner Table' };
const PARTNER = { partnerId: `pa${stamp}`, password: 'Partner-Pass-2468', name: '강남 총판' };
const CODE = `PA${stamp}`.toUpperCase();

let dataDir: string;
let server: ChildProcess | undefined;
let baseUrl = '';
let browser: Browser;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts the server on the test's database in the site time zone `zone`; resolves once it answers. */
async function startServer(zone: string): Promise<void> {
  const port = await freePort();
  server = spawn(process.execPath, [path.join(root, 'apps/api/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DEMO_MEMBER_PASSWORD: DEMO_PASSWORD,
      BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
      SITE_TIME_ZONE: zone,
      LOG_LEVEL: 'warn',
      REGISTER_MAX_PER_IP: '1000',
      SIGNIN_MAX_ATTEMPTS_PER_IP: '10000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stopServer(): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server!.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}

/** A JSON client of the server with the site's origin (an operator's or a member's cookies kept). */
async function client(): Promise<APIRequestContext> {
  return request.newContext({ baseURL: baseUrl, extraHTTPHeaders: { origin: baseUrl } });
}

async function json<T = Record<string, unknown>>(
  res: Awaited<ReturnType<APIRequestContext['get']>>,
): Promise<T> {
  return (await res.json()) as T;
}

async function ownerApi(): Promise<APIRequestContext> {
  const api = await client();
  const login = await json(
    await api.post('/api/backoffice/login', { data: { operatorId: 'admin', password: ADMIN_PASSWORD } }),
  );
  if (login.status !== 'success') throw new Error(`owner login answered ${JSON.stringify(login)}`);
  return api;
}

/** A provider's signed wallet call (hex HMAC-SHA256 of the raw body). */
async function walletCall(api: APIRequestContext, action: string, body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const res = await api.post(`/api/wallet/${PROVIDER.code}/${action}`, {
    headers: {
      'content-type': 'application/json',
      'x-signature': createHmac('sha256', SECRET).update(raw).digest('hex'),
    },
    data: raw,
  });
  return json<{ status: string }>(res);
}

/** Signs in to the console in Korean (its default) as `operatorId`. */
async function consoleSignIn(page: Page, operatorId: string, password: string): Promise<void> {
  const ko = (key: string) => boText('ko', key);
  await page.goto('/backoffice/');
  await page.getByLabel(ko('login.operatorId')).fill(operatorId);
  await page.getByLabel(ko('login.password')).fill(password);
  await page.getByRole('button', { name: ko('login.submit') }).click();
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENS, `partners-${name}.png`), fullPage: true });
}

beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  dataDir = mkdtempSync(path.join(tmpdir(), 'casino-partners-e2e-'));
  browser = await launchBrowser();

  // --- yesterday, on a site a day behind: the partner, its member and the member's bets ---
  await startServer('Pacific/Pago_Pago');
  const owner = await ownerApi();
  const created = await json(
    await owner.post('/api/backoffice/partners', {
      data: { ...PARTNER, parentId: null, rates: { casino: 100, slot: 100, mini: 100, losing: 2000 } },
    }),
  );
  expect(created.status).toBe('success');
  expect(
    (
      await json(
        await owner.post(`/api/backoffice/partners/${PARTNER.partnerId}/codes`, { data: { code: CODE } }),
      )
    ).status,
  ).toBe('success');
  await owner.post('/api/backoffice/providers', {
    data: {
      ...PROVIDER,
      kind: 'casino',
      wallet: 'seamless',
      launchUrl: 'https://provider.example/launch',
      secret: SECRET,
    },
  });
  await owner.post('/api/backoffice/games', { data: { provider: PROVIDER.code, ...GAME } });

  // A member joins with the partner's code, is funded and plays: 200,000 staked, 150,000 won.
  const m = newMember();
  const member = await client();
  const registered = await json(
    await member.post('/api/routes/user-register', {
      data: { ...m, code: CODE, agree18: true },
    }),
  );
  expect(registered.status).toBe('success');
  await json(
    await member.post('/api/routes/user-do-login', { data: { userId: m.userId, password: m.password } }),
  );
  await owner.post(`/api/backoffice/members/${m.userId}/adjust`, {
    data: { amount: 300_000, reason: 'e2e partner play', kind: 'cash' },
    headers: { 'idempotency-key': `e2e-fund-${stamp}` },
  });
  const open = await json<{ status: string; gameUrl?: string }>(
    await member.post('/api/routes/open-game', {
      data: { code: GAME.code, company: PROVIDER.code, timeStemp: Date.now() },
    }),
  );
  expect(open.status).toBe('success');
  const token = new URL(open.gameUrl!).searchParams.get('token')!;
  for (let round = 0; round < 4; round += 1) {
    const common = { userId: m.userId, roundId: `pr-${stamp}-${round}`, gameCode: GAME.code };
    expect(
      (
        await walletCall(member, 'bet', {
          ...common,
          token,
          transactionId: `pb-${stamp}-${round}`,
          amount: 50_000,
        })
      ).status,
    ).toBe('RS_OK');
    if (round % 2 === 0)
      expect(
        (
          await walletCall(member, 'win', {
            ...common,
            transactionId: `pw-${stamp}-${round}`,
            amount: 75_000,
            roundClosed: true,
          })
        ).status,
      ).toBe('RS_OK');
  }
  await member.dispose();
  await owner.dispose();
  await stopServer();

  // --- the next morning: the same database on a site a day ahead ---
  await startServer('Pacific/Kiritimati');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stopServer();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('partners in the console', () => {
  it('a partner does its day: dashboard, members, a sub-partner, a code', async () => {
    const { context, page } = await newPage(browser, baseUrl, DESKTOP);
    await consoleSignIn(page, PARTNER.partnerId, PARTNER.password);
    // Its console: its own dashboard first, none of the house's screens.
    await page.getByRole('heading', { level: 1, name: '내 대시보드' }).waitFor();
    const nav = page.getByRole('navigation');
    expect(await nav.getByRole('link', { name: '충전 관리' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: '사이트 관리' }).count()).toBe(0);
    await page.getByText('내 트리의 회원').waitFor();
    await shot(page, '01-dashboard');

    await nav.getByRole('link', { name: '내 회원' }).click();
    await page.getByRole('heading', { level: 1, name: '내 회원' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: CODE });
    await row.waitFor();
    // No bank numbers in a partner's member list.
    expect(await page.getByRole('columnheader', { name: /계좌/ }).count()).toBe(0);
    await shot(page, '02-members');

    await nav.getByRole('link', { name: '총판 관리' }).click();
    const form = page.getByRole('form', { name: '새 총판' });
    await form.getByLabel('총판 아이디').fill(`pb${stamp}`);
    await form.getByLabel('이름', { exact: true }).fill('역삼 매장');
    await form.getByLabel('비밀번호').fill('Shop-Pass-13579');
    await form.getByLabel('카지노').fill('60');
    await form.getByLabel('죽장').fill('1000');
    await form.getByRole('button', { name: '총판 추가' }).click();
    await page.getByText(`pb${stamp} 총판을 추가했습니다.`).waitFor();
    await page.getByRole('list', { name: '총판 트리' }).getByText('역삼 매장').waitFor();
    await shot(page, '03-partners');

    await nav.getByRole('link', { name: '내 코드' }).click();
    const codeForm = page.getByRole('form', { name: '새 코드' });
    await codeForm.getByLabel('코드').fill(`PB${stamp}`.toUpperCase());
    await codeForm.getByRole('button', { name: '코드 추가' }).click();
    await page.getByText(`PB${stamp}`.toUpperCase() + ' 코드를 추가했습니다.').waitFor();
    await page.getByRole('row').filter({ hasText: CODE }).waitFor();
    await shot(page, '04-codes');
    await context.close();
  });

  it('the owner settles the week; the partner asks a payout; the owner approves it', async () => {
    // The owner: the week's settlement of the partner, previewed, then settled once.
    const desk = await newPage(browser, baseUrl, DESKTOP);
    const op = desk.page;
    await consoleSignIn(op, 'admin', ADMIN_PASSWORD);
    await op.getByRole('navigation').getByRole('link', { name: '정산' }).click();
    await op.getByLabel('총판').selectOption(PARTNER.partnerId);
    const preview = op.getByRole('region', { name: new RegExp(`${PARTNER.partnerId} 정산 미리보기`) });
    await preview.waitFor();
    // Rolling 1% of 200,000 and losing 20% of the 50,000 lost: 2,000 + 10,000.
    await preview.getByText('12,000원').waitFor();
    await shot(op, '05-settle-preview');
    await preview.getByRole('button', { name: '이 기간 정산' }).click();
    await op.getByText(/정산 완료: 12,000원을 수수료 잔액에 지급했습니다/).waitFor();

    // The partner: its balance, and a payout asked.
    const shop = await newPage(browser, baseUrl, DESKTOP);
    const pp = shop.page;
    await consoleSignIn(pp, PARTNER.partnerId, PARTNER.password);
    await pp.getByRole('heading', { level: 1, name: '내 대시보드' }).waitFor();
    await pp.getByText('12,000원').first().waitFor();
    await pp.getByRole('navigation').getByRole('link', { name: '수수료 출금' }).click();
    const ask = pp.getByRole('form', { name: '출금 신청' });
    await ask.getByLabel('금액').fill('10000');
    await ask.getByRole('button', { name: '출금 신청' }).click();
    await pp.getByText('10,000원 출금 신청이 승인을 기다리고 있습니다.').waitFor();
    await shot(pp, '06-payout-asked');

    // The owner approves it.
    await op.getByRole('navigation').getByRole('link', { name: '수수료 출금' }).click();
    const payout = op.getByRole('row').filter({ hasText: PARTNER.partnerId });
    await payout.getByRole('button', { name: '승인' }).click();
    await op.getByRole('dialog').getByRole('button', { name: '확인' }).click();
    await op.getByText(`${PARTNER.partnerId} 총판의 10,000원 출금을 승인했습니다.`).waitFor();
    await shot(op, '07-payout-approved');

    // The partner's balance is what is left.
    await pp.reload();
    await pp.getByText('2,000원').first().waitFor();
    await desk.context.close();
    await shop.context.close();
  });
});
