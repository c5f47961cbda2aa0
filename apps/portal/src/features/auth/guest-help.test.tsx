import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { closeDialog, fakeServer, HttpAnswer, settle, type TRoutes } from '../../test/fake-server.tsx';
import { fakeSession, TestProviders } from '../../test/test-app.tsx';
import { LoginPage } from './login-page.tsx';

function renderLogin() {
  const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], {
    initialEntries: ['/login'],
  });
  render(
    <TestProviders session={fakeSession('unauthenticated')}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

async function openInquiry(routes: TRoutes = {}) {
  const api = fakeServer(routes);
  renderLogin();
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: '비회원 문의하기' })));
  await settle();
  return api;
}

function dialogText() {
  return [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
    .map((d) => d.textContent)
    .join('|');
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function send() {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '문의 보내기' })));
  await settle();
}

function fillValid() {
  fill('휴대폰 번호', '010-1234-5678');
  fill('제목', '로그인이 안 됩니다');
  fill('내용', '비밀번호를 잊었습니다.');
}

describe('the guest inquiry on /login', () => {
  it('checks the fields in screen order like the help form (msg2024 for the title) and sends nothing', async () => {
    const api = await openInquiry({ 'guest-write-help': () => ({ status: 'success' }) });
    expect(screen.getByRole('dialog', { name: '비회원 문의' })).toBeTruthy();
    await send();
    expect(dialogText()).toContain('휴대폰 번호를 입력해 주세요.');
    await closeDialog();

    fill('휴대폰 번호', '02-123-4567');
    fill('내용', '내용만 있습니다');
    await send();
    expect(dialogText()).toContain('01로 시작하는 휴대폰 번호를 입력해 주세요.');
    await closeDialog();
    fill('휴대폰 번호', '01012345678');
    await send();
    expect(dialogText()).toContain('제목을 입력해 주세요.');
    await closeDialog();
    expect(api.countOf('guest-write-help')).toBe(0);
  });

  it('confirms (msg2222), sends without an empty user id, thanks the guest and closes', async () => {
    const api = await openInquiry({ 'guest-write-help': () => ({ status: 'success' }) });
    fillValid();
    await send();
    expect(dialogText()).toContain('문의를 등록하시겠습니까?');
    await closeDialog('문의 보내기');
    expect(api.bodiesOf('guest-write-help')).toEqual([
      { phone: '010-1234-5678', title: '로그인이 안 됩니다', contents: '비밀번호를 잊었습니다.' },
    ]);
    expect(dialogText()).toContain('문의를 보냈습니다.');
    await closeDialog();
    expect(screen.queryByRole('dialog', { name: '비회원 문의' })).toBeNull();
  });

  it('sends the user id when given', async () => {
    const api = await openInquiry({ 'guest-write-help': () => ({ status: 'success' }) });
    fill('아이디 (선택)', 'Gildong7');
    fillValid();
    await send();
    await closeDialog('문의 보내기');
    expect(api.bodiesOf('guest-write-help')[0]).toMatchObject({ userId: 'Gildong7' });
  });

  it('says plainly when too many were sent (429), with the wait when the server gives it', async () => {
    await openInquiry({ 'guest-write-help': () => new HttpAnswer(429, { status: 'too_many' }) });
    fillValid();
    await send();
    await closeDialog('문의 보내기');
    expect(dialogText()).toContain('문의를 너무 많이 보냈습니다. 잠시 후 다시 시도해 주세요.');
    await closeDialog();

    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ status: 'too_many' }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '270' },
          }),
      ),
    );
    await send();
    await closeDialog('문의 보내기');
    expect(dialogText()).toContain('문의를 너무 많이 보냈습니다. 5분 후에 다시 시도해 주세요.');
    // The form stays, with what the guest wrote.
    await closeDialog();
    expect((screen.getByLabelText('제목') as HTMLInputElement).value).toBe('로그인이 안 됩니다');
  });
});
