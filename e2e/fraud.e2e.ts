import path from 'node:path';
import { request, type APIRequestContext } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, newPage } from './browser.ts';
import { newMember, SCREENS, signInToBackoffice, specFile } from './fixtures.ts';

// The Abuse review screen (issue 28, docs/api/backoffice-fraud.md): three accounts registered from
// one phone (one device cookie) show as a ring; the operator opens one member's links, blocks a
// linked member after asking, sets registrations linked to three members to be refused (the phone's
// fourth account is), and puts the device on the blacklist with a reason. And bonus hunting: two
// accounts of one phone each take the first-deposit bonus; the operator finds the second in the
// review's open entries, voids the bonus it chose with its next deposit (the deposit is paid without
// it), and closes the entry with a note.

const baseUrl = inject('baseUrl');
const spec = specFile(baseUrl, { operator: true, screens: SCREENS });

describe('abuse review screen', () => {
  it('finds a ring of linked accounts and acts on it', async () => {
    // One phone: its browser keeps the `did` cookie the first registration set.
    const phone = await request.newContext({ baseURL: baseUrl, extraHTTPHeaders: { origin: baseUrl } });
    const ring = [newMember(), newMember(), newMember()];
    for (const m of ring) {
      const answer = await phone.post('/api/routes/user-register', {
        data: { ...m, code: 'DEMO', agree18: true },
      });
      expect(((await answer.json()) as { status: string }).status).toBe('success');
    }
    const device = (await phone.storageState()).cookies.find((c) => c.name === 'did')?.value;
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await phone.dispose();

    const { context, page } = await newPage(spec.browser, baseUrl, DESKTOP);
    await signInToBackoffice(page);
    // The dashboard's Abuse today card leads to the review.
    await page.getByRole('region', { name: '오늘의 부정 이용' }).waitFor();
    await page.getByRole('link', { name: '부정 이용 검토 열기' }).click();
    await page.getByRole('heading', { level: 1, name: '부정 이용 검토' }).waitFor();

    // The ring: the device shared by the three accounts.
    const row = page.getByRole('row').filter({ hasText: device! });
    await row.waitFor();
    for (const m of ring) expect(await row.textContent()).toContain(m.userId);

    // One member's links: the two others, by device, with a score.
    await row.getByRole('button', { name: ring[0]!.userId }).click();
    const graph = page.getByRole('region', { name: new RegExp(`${ring[0]!.userId}: 위험 점수`) });
    await graph.waitFor();
    for (const m of ring.slice(1))
      await graph.getByRole('row').filter({ hasText: m.userId }).filter({ hasText: '기기' }).waitFor();
    await page.screenshot({ path: path.join(SCREENS, 'fraud-backoffice.png'), fullPage: true });

    // Block a linked member after asking.
    await graph
      .getByRole('row')
      .filter({ hasText: ring[1]!.userId })
      .getByRole('button', { name: '차단' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: '차단' }).click();
    await page.getByText(`${ring[1]!.userId} 회원을 차단했습니다.`).waitFor();
    await expect
      .poll(async () => graph.getByRole('row').filter({ hasText: ring[1]!.userId }).textContent())
      .toContain('차단');

    // The owner refuses registrations linked to three members or more: the phone's fourth account is refused.
    const settings = page.getByRole('form', { name: '설정' });
    await settings.getByLabel('연결된 회원의 가입').selectOption('refuse');
    await settings.getByLabel('연결된 회원 수 기준(이상)').fill('3');
    await settings.getByRole('button', { name: '설정 저장' }).click();
    await page.getByText('설정을 저장했습니다.').waitFor();
    const again = await request.newContext({
      baseURL: baseUrl,
      extraHTTPHeaders: { origin: baseUrl, cookie: `did=${device}` },
    });
    const fourth = await again.post('/api/routes/user-register', {
      data: { ...newMember(), code: 'DEMO', agree18: true },
    });
    expect(await fourth.json()).toEqual({ status: 'fail' });
    await again.dispose();
    await settings.getByLabel('연결된 회원의 가입').selectOption('flag');
    await settings.getByLabel('연결된 회원 수 기준(이상)').fill('1');
    await settings.getByRole('button', { name: '설정 저장' }).click();
    await expect
      .poll(async () => {
        const answer = await page.request.get('/api/backoffice/fraud/settings');
        return ((await answer.json()) as { settings: { registerAction: string } }).settings.registerAction;
      })
      .toBe('flag');

    // Put the device on the blacklist with a reason.
    await row.getByRole('button', { name: '블랙리스트 등록' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('사유').fill('e2e 다중 계정');
    await dialog.getByRole('button', { name: '블랙리스트 등록' }).click();
    await page.getByText(`${device}을(를) 블랙리스트에 등록했습니다.`).waitFor();

    // The blacklist lists it with the reason.
    await page.getByRole('link', { name: '블랙리스트' }).click();
    // The review screen's ring row names the device too: wait for the blacklist's own row, with its reason.
    await page.waitForURL(/blacklist/);
    const listed = page.getByRole('row').filter({ hasText: device! }).filter({ hasText: 'e2e 다중 계정' });
    await listed.waitFor();
    await context.close();
  });

  it('finds linked accounts each taking a first-deposit bonus, voids the next unpaid bonus and closes the entry', async () => {
    await spec.operator.put('/api/backoffice/settings/levels/1', {
      depositBonus: [
        { kind: 'first', percent: 10, cap: 100_000, rollover: 3 },
        { kind: 'every', percent: 10, cap: 1_000, rollover: 1 },
      ],
    });
    try {
      // One phone, two accounts: each registers and signs in with the phone's device cookie.
      const phone = await request.newContext({ baseURL: baseUrl, extraHTTPHeaders: { origin: baseUrl } });
      const first = newMember();
      expect(
        await (
          await phone.post('/api/routes/user-register', { data: { ...first, code: 'DEMO', agree18: true } })
        ).json(),
      ).toEqual({ status: 'success' });
      // The phone's cookies (its device id) without the first session: each account signs in itself.
      const { cookies } = await phone.storageState();
      const didCookie = cookies.filter((c) => c.name === 'did');
      expect(didCookie).toHaveLength(1);
      await phone.dispose();
      const second = newMember();
      const accounts: APIRequestContext[] = [];
      for (const m of [first, second]) {
        const member = await request.newContext({
          baseURL: baseUrl,
          extraHTTPHeaders: { origin: baseUrl },
          storageState: { cookies: didCookie, origins: [] },
        });
        accounts.push(member);
        if (m === second)
          expect(
            await (
              await member.post('/api/routes/user-register', { data: { ...m, code: 'DEMO', agree18: true } })
            ).json(),
          ).toEqual({ status: 'success' });
        const signedIn = await member.post('/api/routes/user-do-login', {
          data: { userId: m.userId, password: m.password },
        });
        expect(((await signedIn.json()) as { status: string }).status).toBe('success');
      }
      const [firstPhone, secondPhone] = accounts as [APIRequestContext, APIRequestContext];
      const call = async <T>(member: APIRequestContext, name: string, data: unknown = {}) =>
        (await (await member.post(`/api/routes/${name}`, { data })).json()) as T;
      const bonusOf = async (member: APIRequestContext, kind: string) =>
        (await call<{ options: { id: string; kind: string }[] }>(member, 'get-deposit-bonus')).options.find(
          (o) => o.kind === kind,
        )!.id;
      const balanceOf = async (member: APIRequestContext) =>
        (await call<{ user: { balance: number } }>(member, 'user-health-check')).user.balance;

      // Both take the first-deposit bonus: the second approval finds the hunt.
      for (const [member, m] of [
        [firstPhone, first],
        [secondPhone, second],
      ] as const) {
        const asked = await call<{ status: string }>(member, 'apply-user-deposit', {
          amount: 50_000,
          bonusId: await bonusOf(member, 'first'),
        });
        expect(asked.status).toBe('success');
        await spec.operator.approve('deposit', m.userId);
      }
      // The second account gives the first bonus up (no bonus is offered while one is in play) and
      // asks another deposit with the every-deposit bonus, not paid yet.
      expect(await call<{ status: string }>(secondPhone, 'cancel-bonus')).toEqual({
        status: 'success',
        returned: 5_000,
      });
      const asked = await call<{ status: string }>(secondPhone, 'apply-user-deposit', {
        amount: 10_000,
        bonusId: await bonusOf(secondPhone, 'every'),
      });
      expect(asked.status).toBe('success');

      const { context, page } = await newPage(spec.browser, baseUrl, DESKTOP);
      await signInToBackoffice(page);
      await page.getByRole('region', { name: '오늘의 부정 이용' }).waitFor();
      await page.getByRole('link', { name: '부정 이용 검토 열기' }).click();
      const entries = page.getByRole('region', { name: '미처리 검토 항목' });
      const hunt = entries
        .getByRole('row')
        .filter({ hasText: '보너스 악용' })
        .filter({ hasText: second.userId });
      await hunt.waitFor();
      expect(await hunt.textContent()).toContain('첫충 보너스');
      await hunt.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENS, 'fraud-bonus-hunt.png'), fullPage: true });

      // Void the unpaid bonus after asking: the deposit is then paid without it.
      await hunt.getByRole('button', { name: '미지급 보너스 무효' }).click();
      await page.getByRole('dialog').getByRole('button', { name: '미지급 보너스 무효' }).click();
      await page.getByText(`${second.userId} 회원의 미지급 보너스를 무효로 했습니다.`).waitFor();
      const before = await balanceOf(secondPhone);
      await spec.operator.approve('deposit', second.userId);
      expect(await balanceOf(secondPhone)).toBe(before + 10_000);

      // Close the entry with a note: it leaves the open list.
      await hunt.getByRole('button', { name: '종료' }).click();
      const closing = page.getByRole('dialog');
      await closing.getByLabel('메모').fill('e2e 보너스 무효 처리');
      await closing.getByRole('button', { name: '종료' }).click();
      await page.getByText('검토 항목을 종료했습니다.').waitFor();
      await expect.poll(() => hunt.count()).toBe(0);
      await context.close();
      for (const member of accounts) await member.dispose();
    } finally {
      await spec.operator.put('/api/backoffice/settings/levels/1', { depositBonus: [] });
    }
  });
});
