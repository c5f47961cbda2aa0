import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  closeDialog,
  fakeServer,
  invalid,
  renderPage,
  settle,
  type TRoutes,
} from '../../../test/fake-server.tsx';
import { RegisterForm } from './register-form.tsx';

function server(overrides: TRoutes = {}) {
  return fakeServer({
    'get-banks': () => ({
      status: 'success',
      banks: [{ code: '004', nameKo: '국민은행', nameEn: 'KB Kookmin Bank' }],
    }),
    'get-reg-domain': () => ({ status: 'success', code: 'DEMO', domain: 'localhost' }),
    'check-user-id': () => ({ status: 'success' }),
    'check-user-nick': () => ({ status: 'success' }),
    'user-register': () => ({ status: 'success' }),
    ...overrides,
  });
}

async function open(overrides: TRoutes = {}) {
  const api = server(overrides);
  const { router } = renderPage('/register', <RegisterForm />);
  await settle();
  return { ...api, router };
}

const input = (name: string) =>
  document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!;
const messageOf = (name: string) =>
  document.getElementById(input(name).getAttribute('aria-describedby')!.split(' ').at(-1)!)!.textContent;
const type = (name: string, value: string) =>
  act(async () => fireEvent.change(input(name), { target: { value } }));
const leave = (name: string) => act(async () => fireEvent.blur(input(name)));
const submit = () => act(async () => screen.getByRole('button', { name: '가입하기' }).click());

async function fillValid() {
  await type('userId', 'newmember1');
  await type('password', 'Password123');
  await type('passwordConfirm', 'Password123');
  await type('nick', '새회원');
  await type('phone', '01012345678');
  await act(async () => fireEvent.change(input('bankname'), { target: { value: '004' } }));
  await type('bankOwner', '홍길동');
  await type('banknum', '12345678901');
  await type('exchangePassword', '1234');
  await act(async () => (input('agree18') as HTMLInputElement).click());
}

describe('the registration form', () => {
  it('shows a field error once the field was left, and the code comes pre-filled', async () => {
    await open();
    expect(input('code').value).toBe('DEMO');
    await type('userId', 'ab');
    expect(input('userId').getAttribute('aria-invalid')).toBeNull();
    await leave('userId');
    expect(input('userId').getAttribute('aria-invalid')).toBe('true');
    expect(messageOf('userId')).toBe('아이디는 4~16자로 입력해 주세요.');
    // Once left, it is checked as it changes.
    await type('userId', 'abcd1');
    expect(input('userId').getAttribute('aria-invalid')).toBeNull();
  });

  it('the confirmation follows the password once it was checked', async () => {
    await open();
    await type('password', 'Password123');
    await type('passwordConfirm', 'Password123');
    await leave('passwordConfirm');
    expect(input('passwordConfirm').getAttribute('aria-invalid')).toBeNull();
    await type('password', 'Password1234');
    expect(messageOf('passwordConfirm')).toBe('비밀번호가 일치하지 않습니다.');
  });

  it('an empty submit marks every field, says so, focuses the id and sends nothing', async () => {
    const api = await open();
    await submit();
    await settle();
    expect(screen.getByText('표시된 항목을 확인해 주세요.')).toBeTruthy();
    expect(input('userId').getAttribute('aria-invalid')).toBe('true');
    expect(input('agree18').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('userId'));
    expect(api.countOf('user-register')).toBe(0);
  });

  it('sends the request without the confirmation, then goes to the sign-in page', async () => {
    const api = await open();
    await fillValid();
    await submit();
    await settle();
    expect(api.bodiesOf('user-register')).toEqual([
      {
        userId: 'newmember1',
        password: 'Password123',
        nick: '새회원',
        phone: '01012345678',
        bankname: '004',
        bankOwner: '홍길동',
        banknum: '12345678901',
        exchangePassword: '1234',
        code: 'DEMO',
        agree18: true,
      },
    ]);
    expect(screen.getByRole('dialog').textContent).toContain('회원가입이 완료되었습니다');
    await closeDialog();
    expect(api.router.state.location.pathname).toBe('/login');
  });

  it('a 400 shows at its field', async () => {
    await open({ 'user-register': () => invalid('phone', 'pattern') });
    await fillValid();
    await submit();
    await settle();
    expect(input('phone').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('표시된 항목을 확인해 주세요.')).toBeTruthy();
  });

  it('alread with a field: says so in a dialog and marks that field', async () => {
    await open({ 'user-register': () => ({ status: 'alread', field: 'banknum' }) });
    await fillValid();
    await submit();
    await settle();
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(input('banknum').getAttribute('aria-invalid')).toBe('true');
    await closeDialog();
    await settle();
    expect(document.activeElement).toBe(input('banknum'));
  });
});
