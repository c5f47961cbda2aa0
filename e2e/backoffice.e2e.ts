import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage } from './browser.ts';
import {
  ADMIN_PASSWORD,
  boText,
  confirmTopDialog,
  dismissHealthDialogs,
  fillRegisterForm,
  localePath,
  newMember,
  operatorClient,
  registerAndSignIn,
  text,
  type TNewMember,
} from './fixtures.ts';

// The operator's full day in the back office (issue 13, "Done when"): every operator action is a
// click or a keystroke in the console at /backoffice/, and every effect is read back in the portal
// by the member it concerns. Once on a desktop in Korean, once on a tablet in English.

const baseUrl = inject('baseUrl');
let browser: Browser;
let operator: Awaited<ReturnType<typeof operatorClient>>;
let approvalAtStart: boolean;

const TABLET = { width: 1024, height: 768 } as const;
const SHOTS = '/tmp/bo-shots';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  operator = await operatorClient(baseUrl);
  approvalAtStart = await requiresApproval();
});

// The server is shared by every spec file: whatever happens, member approval ends as it started.
async function restoreApproval() {
  if (operator && (await requiresApproval()) !== approvalAtStart)
    await operator.put('/api/backoffice/settings/registration', { requireApproval: approvalAtStart });
}
afterEach(restoreApproval);
afterAll(async () => {
  await restoreApproval();
  await operator?.close();
  await browser?.close();
});

async function requiresApproval(): Promise<boolean> {
  const answer = await operator.get<{ settings: { requireApproval: boolean } }>(
    '/api/backoffice/settings/registration',
  );
  return answer.settings.requireApproval;
}

type TLang = 'ko' | 'en';

/** Whole won as both the console and the portal show it in Korean and English. */
function won(lang: TLang, amount: number): string {
  const digits = new Intl.NumberFormat(lang === 'ko' ? 'ko-KR' : 'en-US').format(amount);
  return lang === 'ko' ? `${digits}원` : `₩${digits}`;
}

/** Today in Seoul, `YYYY-MM-DD` (the reports' day). */
function seoulToday(): string {
  return new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
}

// --- the member's side (the portal) ---

function headerBalance(page: Page) {
  return page
    .locator('.desktop-header .balances__item--money dd:visible, .mobile-header__balance .money:visible')
    .first();
}

async function expectBalance(page: Page, lang: TLang, amount: number) {
  await expect.poll(() => headerBalance(page).textContent(), { timeout: 10_000 }).toBe(won(lang, amount));
}

/** Fills the portal's deposit or withdrawal form and answers its question and its answer. */
async function sendRequest(page: Page, amount: number, exchangePassword?: string) {
  const form = page.locator('form.cashier-form');
  await form.locator('input[name="amount"]').fill(String(amount));
  if (exchangePassword) await form.locator('input[name="exchangePassword"]').fill(exchangePassword);
  await form.locator('button[type="submit"]').click();
  await confirmTopDialog(page);
  await confirmTopDialog(page);
}

function historyRow(page: Page, lang: TLang, amount: number) {
  return page
    .locator('.history-row')
    .filter({ hasText: won(lang, amount) })
    .first();
}

/** Registers through the portal's form (the registration code comes from the host). */
async function registerInPortal(page: Page, lang: TLang, member: TNewMember) {
  await page.goto(localePath(lang, '/register'));
  await page.waitForFunction(() => !document.querySelector('[data-prerendered]'));
  const form = await fillRegisterForm(page, member);
  await expect.poll(() => form.locator('input[name="code"]').inputValue()).toBe('DEMO');
  await page.getByText(text(lang, 'auth:register.idFree')).waitFor();
  await form.locator('input[name="agree18"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await form.locator('input[name="agree18"]').check({ force: true });
  await form.locator('button[type="submit"]').click();
}

/** Signs in through the portal's sign-in page; the answer dialog is left open for the caller. */
async function signInInPortal(page: Page, lang: TLang, member: TNewMember) {
  await page.goto(localePath(lang, '/login'));
  await page.waitForFunction(() => !document.querySelector('[data-prerendered]'));
  const form = page.locator('main form');
  await form.locator('input[name="userId"]').fill(member.userId);
  await form.locator('input[name="password"]').fill(member.password);
  await form.locator('button[type="submit"]').click();
}

// --- the operator's side (the console) ---

function console_(page: Page, lang: TLang, width: number) {
  const t = (key: string, values?: Record<string, string | number>) => boText(lang, key, values);
  const heading = (name: string) => page.getByRole('heading', { level: 1, name });
  return {
    t,
    heading,
    /** A screen through the sidebar, as the operator opens it; waits for its title. */
    async open(menu: string, title: string) {
      await page
        .getByRole('navigation', { name: t('app.title') })
        .getByRole('link', { name: t(`menu.${menu}`), exact: true })
        .click();
      await heading(title).waitFor();
    },
    /** The whole screen, into /tmp/bo-shots (looked at by eye, not committed). */
    async shot(name: string) {
      await page.screenshot({ path: `${SHOTS}/${lang}-${width}-${name}.png`, fullPage: true });
    },
    status(textOf: string): Locator {
      return page.getByRole('status').filter({ hasText: textOf });
    },
    /** The table row of a request, a post or an item: the body row holding all of `texts`. */
    row(...texts: string[]): Locator {
      let rows = page.locator('tbody > tr');
      for (const value of texts) rows = rows.filter({ hasText: value });
      return rows.first();
    },
  };
}

async function firstNumber(row: Locator): Promise<number> {
  const id = Number(await row.locator('td.num').first().textContent());
  expect(id).toBeGreaterThan(0);
  return id;
}

/** The audit log's entry about exactly `target` (`deposit:12`, not `deposit:123`). */
function auditRow(page: Page, target: string): Locator {
  return page
    .locator('tbody > tr')
    .filter({ has: page.locator('td.audit__target', { hasText: new RegExp(`^${target}$`) }) });
}

const RUNS = [
  { name: 'desktop 1440×900 in Korean', viewport: DESKTOP, lang: 'ko' },
  { name: 'tablet 1024×768 in English', viewport: TABLET, lang: 'en' },
] as const;

describe("the operator's full day in the back office, each effect seen in the portal", () => {
  for (const run of RUNS) {
    it(`approve, reject, answer, publish, configure and read the reports (${run.name})`, async () => {
      const { lang, viewport } = run;
      const stamp = `${Date.now().toString(36).slice(-6)}`;
      const deposit = 50_000;
      const withdrawal = 20_000;
      const points = 7_000;
      const rejectReason =
        lang === 'ko' ? `예금주 확인 필요 ${stamp}` : `Account holder to be checked ${stamp}`;

      // The member, signed in to the portal at the same width, in the same language.
      const member = newMember();
      const portal = await newPage(browser, baseUrl, viewport);
      const mp = portal.page;
      await dismissHealthDialogs(mp);
      await registerAndSignIn(mp, baseUrl, member);

      // --- 1. The operator signs in; the dashboard counts the member's new deposit. ---
      const desk = await newPage(browser, baseUrl, viewport);
      const op = desk.page;
      await op.goto('/backoffice/');
      // The console opens in Korean (the operators' language) until an operator switches it.
      const ko = (key: string) => boText('ko', key);
      await op.getByRole('heading', { level: 1, name: ko('login.title') }).waitFor();
      await console_(op, lang, viewport.width).shot('01-login');
      await op.getByLabel(ko('login.operatorId')).fill('admin');
      await op.getByLabel(ko('login.password')).fill(ADMIN_PASSWORD);
      await op.getByRole('button', { name: ko('login.submit') }).click();
      await op.getByRole('heading', { level: 1, name: ko('dashboard.title') }).waitFor();
      if (lang === 'en') {
        await op
          .getByRole('group', { name: ko('shell.language') })
          .getByRole('button', { name: 'English' })
          .click();
        await expect.poll(() => op.evaluate(() => document.documentElement.lang)).toBe('en');
        // The switch itself now reads in English and shows the choice.
        const english = op
          .getByRole('group', { name: boText('en', 'shell.language') })
          .getByRole('button', { name: 'English' });
        expect(await english.getAttribute('aria-pressed')).toBe('true');
      }
      const c = console_(op, lang, viewport.width);
      const { t } = c;
      await c.heading(t('dashboard.title')).waitFor();

      const depositsCard = op
        .locator('article.card')
        .filter({ has: op.getByRole('heading', { name: t('dashboard.deposits') }) });
      const countText = () => depositsCard.locator('.card__count').textContent();
      await expect.poll(countText).toMatch(/^\d+$/);
      const waitingBefore = Number(await countText());

      // The day's deposits before this run's approval, as the reports will show them.
      const today = seoulToday();
      const reportRes = await op.request.get(`/api/backoffice/reports?unit=day&from=${today}&to=${today}`);
      expect(reportRes.status()).toBe(200);
      const reportBefore = (
        (await reportRes.json()) as { rows: { deposits: number; depositCount: number }[] }
      ).rows[0]!;

      await mp.goto(localePath(lang, '/deposit'));
      await expectBalance(mp, lang, 0);
      await sendRequest(mp, deposit);
      await historyRow(mp, lang, deposit).getByText(text(lang, 'common:requestState.waiting')).waitFor();

      // The dashboard reads the queues every 10 s: the count rises, marked as new.
      await expect.poll(countText, { timeout: 25_000 }).toBe(String(waitingBefore + 1));
      await depositsCard.getByText(t('dashboard.new'), { exact: true }).waitFor();
      await c.shot('02-dashboard');

      // --- 2. Deposits: the operator approves the member's deposit after the confirmation. ---
      await depositsCard.getByRole('link', { name: t('dashboard.open') }).click();
      await c.heading(t('queue.depositsTitle')).waitFor();
      await op.getByLabel(t('queues.userId')).fill(member.userId);
      await op.getByRole('button', { name: t('queues.search'), exact: true }).click();
      const depositRow = c.row(member.userId, won(lang, deposit));
      await depositRow.getByText(t('state.wait')).waitFor();
      const depositId = await firstNumber(depositRow);
      await depositRow.getByRole('button', { name: t('queue.approve'), exact: true }).click();
      const approveDialog = op.getByRole('dialog', { name: t('queue.approveTitle', { id: depositId }) });
      await approveDialog
        .getByText(t('queue.approveBody', { member: member.userId, amount: won(lang, deposit) }))
        .waitFor();
      await c.shot('03-deposit-confirm');
      await approveDialog.getByRole('button', { name: t('queue.confirm') }).click();
      await c.status(t('queue.approved', { id: depositId })).waitFor();
      await approveDialog.waitFor({ state: 'detached' });
      await c.shot('04-deposits');

      // The member's balance in the portal shows it, and the request reads complete.
      await mp.reload();
      await expectBalance(mp, lang, deposit);
      await historyRow(mp, lang, deposit).getByText(text(lang, 'common:requestState.complete')).waitFor();

      // --- 3. Withdrawals: review (balance, history, safety checks), then reject with a reason. ---
      await mp.goto(localePath(lang, '/withdraw'));
      await sendRequest(mp, withdrawal, member.exchangePassword);
      await expectBalance(mp, lang, deposit - withdrawal);

      await c.open('withdrawals', t('queue.withdrawalsTitle'));
      await op.getByLabel(t('queues.userId')).fill(member.userId);
      await op.getByRole('button', { name: t('queues.search'), exact: true }).click();
      const withdrawRow = c.row(member.userId, won(lang, withdrawal));
      await withdrawRow.getByText(t('state.wait')).waitFor();
      const withdrawId = await firstNumber(withdrawRow);
      await withdrawRow.getByRole('button', { name: t('queues.reviewOf', { id: withdrawId }) }).click();
      const review = op.locator('.queues-review');
      await review.getByRole('heading', { name: t('queues.checks') }).waitFor();
      await review.getByRole('heading', { name: t('queues.memberBox') }).waitFor();
      expect(await review.locator('.queues-cash').textContent()).toBe(won(lang, deposit - withdrawal));
      const recentDeposits = review
        .locator('div')
        .filter({ has: op.getByRole('heading', { name: t('queues.recentDeposits') }) })
        .last();
      await recentDeposits.getByText(`#${depositId}`).waitFor();
      for (const check of ['turnover', 'depositorName', 'sharedIp', 'sharedBank'])
        await review
          .locator('.queues-check-list')
          .getByText(t(`queues.${check}`))
          .first()
          .waitFor();
      await c.shot('05-withdrawal-review');

      await withdrawRow.getByRole('button', { name: t('queue.reject'), exact: true }).click();
      const rejectDialog = op.getByRole('dialog', { name: t('queue.rejectTitle', { id: withdrawId }) });
      const confirmReject = rejectDialog.getByRole('button', { name: t('queue.confirm') });
      expect(await confirmReject.isDisabled()).toBe(true); // no reason yet
      await rejectDialog.getByLabel(t('queue.rejectReason')).fill(rejectReason);
      await c.shot('06-withdrawal-reject');
      await confirmReject.click();
      await c.status(t('queue.rejected', { id: withdrawId })).waitFor();
      await withdrawRow.getByText(t('state.cansel')).waitFor();
      await withdrawRow.getByText(rejectReason).waitFor();

      // The member reads the reason beside the request; the held money is back.
      await mp.reload();
      await expectBalance(mp, lang, deposit);
      await historyRow(mp, lang, withdrawal).getByText(rejectReason).waitFor();

      // --- 4. Help desk: the member's post, the operator's answer, read in the portal. ---
      const helpTitle = lang === 'ko' ? `출금 문의 ${stamp}` : `Withdrawal question ${stamp}`;
      const answerText =
        lang === 'ko' ? `확인 후 다시 신청해 주세요 ${stamp}` : `Please apply again ${stamp}`;
      await mp.goto(localePath(lang, '/help'));
      const helpForm = mp.locator('form', { has: mp.locator('textarea[name="contents"]') });
      await helpForm.locator('input[name="title"]').fill(helpTitle);
      await helpForm
        .locator('textarea[name="contents"]')
        .fill(lang === 'ko' ? '환전이 거절된 이유가 궁금합니다.' : 'Why was my withdrawal rejected?');
      await helpForm.locator('button[type="submit"]').click();
      await confirmTopDialog(mp);
      await confirmTopDialog(mp);
      await mp.locator('.entry', { hasText: helpTitle }).waitFor();

      await c.open('helpdesk', t('helpdesk.title'));
      await op.getByRole('searchbox', { name: t('helpdesk.filter.search') }).fill(helpTitle);
      await op.getByRole('button', { name: t('helpdesk.filter.searchButton'), exact: true }).click();
      const helpRow = c.row(helpTitle, member.userId);
      await helpRow.getByText(t('helpdesk.state.wait')).waitFor();
      const helpId = await firstNumber(helpRow);
      await helpRow.getByRole('button', { name: helpTitle }).click();
      const helpDetail = op.getByRole('article', { name: helpTitle });
      const answerBox = helpDetail.getByRole('textbox', { name: t('helpdesk.answerLabel') });
      await answerBox.click();
      await op.keyboard.type(answerText);
      await c.shot('07-helpdesk');
      await helpDetail.getByRole('button', { name: t('helpdesk.send') }).click();
      await c.status(t('helpdesk.answered', { id: helpId })).waitFor();
      await helpRow.getByText(t('helpdesk.state.already')).waitFor();

      await mp.goto(localePath(lang, '/help'));
      const helpEntry = mp.locator('.entry', { hasText: helpTitle });
      await helpEntry.locator('.entry__summary').click();
      await helpEntry.locator('.entry__panel', { hasText: answerText }).waitFor();

      // --- 5. Content: a notice written in the editor, shown on the portal's notice page. ---
      const noticeTitle = lang === 'ko' ? `점검 안내 ${stamp}` : `Maintenance notice ${stamp}`;
      const noticeLead =
        lang === 'ko' ? '내일 새벽 점검이 있습니다.' : 'There is maintenance early tomorrow.';
      const noticeBold = lang === 'ko' ? `게임 이용 불가 ${stamp}` : `Games closed ${stamp}`;
      await c.open('notices', t('content.notices.title'));
      await op.getByRole('button', { name: t('content.notices.new') }).click();
      const noticeForm = op.getByRole('form', { name: t('content.notices.new') });
      await noticeForm.getByLabel(t('content.field.title'), { exact: true }).fill(noticeTitle);
      const body = noticeForm.getByRole('textbox', { name: t('content.field.contents') });
      await body.click();
      await op.keyboard.type(noticeLead);
      await op.keyboard.press('Enter');
      const bold = noticeForm.getByRole('button', { name: t('editor.bold') });
      await bold.click();
      // The editor takes the caret back on the next frame, bold on: type once it has.
      await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => body.evaluate((el) => el === document.activeElement)).toBe(true);
      await op.keyboard.type(noticeBold);
      // The preview shows what members will read.
      await noticeForm.locator('.ct-notice-preview strong', { hasText: noticeBold }).waitFor();
      await c.shot('08-notice-editor');
      await noticeForm.getByRole('button', { name: t('content.save') }).click();
      await c.status(t('content.created', { title: noticeTitle })).waitFor();
      const noticeRow = c.row(noticeTitle);
      const noticeId = await firstNumber(noticeRow);
      await noticeRow.getByRole('button', { name: t('content.on') }).waitFor();
      await c.shot('09-notices');

      await mp.goto(localePath(lang, '/notice'));
      const noticeEntry = mp.locator('.entry', { hasText: noticeTitle });
      await noticeEntry.locator('.entry__summary').click();
      const noticePanel = noticeEntry.locator('.entry__panel', { hasText: noticeLead });
      await noticePanel.waitFor();
      await noticePanel.locator('strong', { hasText: noticeBold }).waitFor();

      // --- 6. Settings: member approval on; a new member waits, is approved, signs in; off again. ---
      await c.open('settings', t('settings.title'));
      const approval = op.getByRole('region', { name: t('settings.approval.title') });
      await approval.getByText(t('settings.approval.off')).waitFor();
      await approval.getByRole('button', { name: t('settings.approval.turnOn') }).click();
      await approval.getByText(t('settings.approval.on')).waitFor();
      await c.shot('10-settings');

      const newcomer = newMember();
      const guest = await newPage(browser, baseUrl, viewport);
      const gp = guest.page;
      await dismissHealthDialogs(gp);
      await registerInPortal(gp, lang, newcomer);
      await gp.getByText(text(lang, 'auth:register.awaitingApproval')).waitFor();
      await confirmTopDialog(gp);
      // Pending: the portal refuses the sign-in.
      await signInInPortal(gp, lang, newcomer);
      await gp.getByText(text(lang, 'common:status.blocked')).waitFor();
      await confirmTopDialog(gp);

      await c.open('members', t('members.title'));
      const memberSearch = op.getByRole('search', { name: t('members.filter.label') });
      await memberSearch.getByLabel(t('members.filter.userId')).fill(newcomer.userId);
      await memberSearch.getByRole('button', { name: t('members.filter.search') }).click();
      const newcomerRow = c.row(newcomer.userId);
      await newcomerRow.getByText(t('memberState.pending')).waitFor();
      await c.shot('11-members');
      await newcomerRow.getByRole('link', { name: t('members.open', { userId: newcomer.userId }) }).click();
      const profile = op.locator('.member-profile');
      await profile.getByText(t('memberState.pending')).waitFor();
      await op
        .getByRole('group', { name: t('members.action.label') })
        .getByRole('button', { name: t('members.action.approve') })
        .click();
      const approveMember = op.getByRole('dialog', {
        name: t('members.dialog.approveTitle', { userId: newcomer.userId }),
      });
      await approveMember.getByRole('button', { name: t('queue.confirm') }).click();
      await c.status(t('members.result.success')).waitFor();
      await profile.getByText(t('memberState.active')).waitFor();
      await c.shot('12-member-approved');

      // The new member signs in and opens a member page.
      await signInInPortal(gp, lang, newcomer);
      const welcome = gp
        .getByRole('alertdialog')
        .or(gp.getByRole('dialog'))
        .filter({
          hasText: text(lang, 'common:msg2029'),
        });
      // Its OK reloads the page signed in.
      const reloaded = gp.waitForEvent('framenavigated', (frame) => frame === gp.mainFrame());
      await welcome.getByRole('button', { name: text(lang, 'common:action.ok') }).click();
      await reloaded;
      await gp.goto(localePath(lang, '/deposit'));
      await gp.getByRole('heading', { level: 1, name: text(lang, 'common:menu.deposit') }).waitFor();
      await guest.context.close();

      await c.open('settings', t('settings.title'));
      await approval.getByRole('button', { name: t('settings.approval.turnOff') }).click();
      await approval.getByText(t('settings.approval.off')).waitFor();
      expect(await requiresApproval()).toBe(false);

      // --- 7. Members: comp points credited to the first member with a reason. ---
      await mp.goto(localePath(lang, '/comp'));
      const compShown = mp.locator('.comp-figures__item--points dd');
      await expect.poll(() => compShown.textContent()).toMatch(/^[\d,.]+$/);
      const compBefore = Number((await compShown.textContent())!.replace(/\D/g, ''));

      await c.open('members', t('members.title'));
      await memberSearch.getByLabel(t('members.filter.userId')).fill(member.userId);
      await memberSearch.getByRole('button', { name: t('members.filter.search') }).click();
      await c
        .row(member.userId)
        .getByRole('link', { name: t('members.open', { userId: member.userId }) })
        .click();
      await c.heading(`${t('members.title')} · ${member.userId}`).waitFor();
      await op
        .getByRole('group', { name: t('members.action.label') })
        .getByRole('button', { name: t('members.action.adjust') })
        .click();
      const adjust = op.getByRole('dialog', {
        name: t('members.dialog.adjustTitle', { userId: member.userId }),
      });
      await adjust.getByLabel(t('members.dialog.adjustKind')).selectOption('point');
      await adjust.getByLabel(t('members.dialog.adjustAmount')).fill(String(points));
      await adjust
        .getByLabel(t('members.dialog.adjustReason'))
        .fill(lang === 'ko' ? '출금 지연 보상' : 'Goodwill for the delay');
      await c.shot('13-member-adjust');
      await adjust.getByRole('button', { name: t('queue.confirm') }).click();
      await c.status(t('members.result.success')).waitFor();
      const compFact = op
        .locator('.member-facts > div')
        .filter({ has: op.getByText(t('members.profile.comp'), { exact: true }) });
      await expect.poll(() => compFact.locator('dd').textContent()).toBe(won(lang, compBefore + points));
      await c.shot('14-member-detail');

      await mp.reload();
      await expect
        .poll(() => compShown.textContent())
        .toBe(new Intl.NumberFormat(lang).format(compBefore + points));

      // --- 8. Reports and the audit log. ---
      await c.open('reports', t('reports.title'));
      const todayRow = op
        .locator('table')
        .filter({ has: op.locator('caption', { hasText: t('reports.tableAll') }) })
        .locator('tbody > tr')
        .filter({
          has: op.locator('th', { hasText: new RegExp(`^(${today.slice(0, 5)})?${today.slice(5)}$`) }),
        });
      const cells = todayRow.locator('td');
      await expect.poll(() => cells.nth(0).textContent()).toBe(won(lang, reportBefore.deposits + deposit));
      expect(await cells.nth(1).textContent()).toBe(String(reportBefore.depositCount + 1));
      await c.shot('15-reports');

      await c.open('audit', t('audit.title'));
      const actionField = op.getByLabel(t('audit.action'), { exact: true });
      await actionField.fill('deposit.approve');
      await op.getByRole('button', { name: t('audit.search'), exact: true }).click();
      const approvalEntry = auditRow(op, `deposit:${depositId}`);
      await approvalEntry.getByText('deposit.approve').waitFor();
      expect(await approvalEntry.locator('td').nth(2).textContent()).toMatch(/^admin/);
      await actionField.fill('notice.create');
      await op.getByRole('button', { name: t('audit.search'), exact: true }).click();
      const noticeAudit = auditRow(op, `notice:${noticeId}`);
      await noticeAudit.getByText(noticeTitle).first().waitFor();
      await c.shot('16-audit');

      await portal.context.close();
      await desk.context.close();
    }, 300_000);
  }
});
