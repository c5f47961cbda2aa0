import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TCallResponse } from '@casino/contracts/calls';
import type { THelp } from '@casino/contracts/community';
import { userHealthCheckKey } from '../../lib/session/api/user-health-check.ts';
import { closeDialog, HttpAnswer, invalid, settle, type TRoutes } from '../../test/fake-server.tsx';
import { renderCommunityPage, type ServerCounts } from './community-test-app.tsx';
import { HelpPage } from './help-page.tsx';

const MSG = {
  titleMissing: '제목을 입력해 주세요.',
  contentsMissing: '내용을 입력해 주세요.',
  confirmWrite: '문의를 등록하시겠습니까?',
  written: '문의가 등록되었습니다.',
  writeFailed: '문의를 등록하지 못했습니다. 잠시 후 다시 시도해 주세요.',
  confirmDeleteAll: '문의 내역을 모두 삭제하시겠습니까?',
  deletedAll: '문의 내역을 모두 삭제했습니다.',
  deleteAllFailed: '문의 내역을 삭제하지 못했습니다. 잠시 후 다시 시도해 주세요.',
};

function help(id: number, extra: Partial<THelp> = {}): THelp {
  return {
    id,
    kind: 'help',
    title: `문의 ${id}`,
    contents: `내용 ${id}\n둘째 줄 <b>태그 아님</b>`,
    answer: null,
    answerDate: null,
    state: 'wait',
    isRead: true,
    regDate: '2026-11-20T01:00:00.000Z',
    lastDate: null,
    ...extra,
  };
}

let helps: THelp[] = [];
let counts: ServerCounts = { noteCount: 0, helpCount: 0 };

function list(): TCallResponse<'get-help-list'> {
  return { status: 'success', helps, maxCount: helps.length };
}

async function open(routes: TRoutes = {}, url = '/help') {
  return renderCommunityPage('/help', <HelpPage />, { 'get-help-list': list, ...routes }, () => counts, url);
}

function dialogText() {
  return [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
    .map((d) => d.textContent)
    .join('|');
}

async function submitForm() {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '문의 등록' })));
  await settle();
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => {
  helps = [];
  counts = { noteCount: 0, helpCount: 0 };
});

describe('/help: writing a post', () => {
  it('warns msg2024 for a missing title and msg2025 for missing contents, and sends nothing', async () => {
    const { api } = await open({ 'user-write-help': () => ({ status: 'success' }) });
    await submitForm();
    expect(dialogText()).toContain(MSG.titleMissing);
    await closeDialog();
    expect(screen.getAllByText(MSG.titleMissing).length).toBeGreaterThan(0);

    // A title of spaces is no title either; with a title, the contents are next.
    fill('제목', '   ');
    await submitForm();
    expect(dialogText()).toContain(MSG.titleMissing);
    await closeDialog();
    fill('제목', '출금 문의');
    await submitForm();
    expect(dialogText()).toContain(MSG.contentsMissing);
    await closeDialog();
    expect(api.countOf('user-write-help')).toBe(0);
  });

  it('counts characters against the limits and caps the fields at 100 and 5000', async () => {
    await open();
    fill('제목', '출금 문의');
    expect(screen.getByText('5 / 100자')).toBeTruthy();
    expect(screen.getByText('0 / 5,000자')).toBeTruthy();
    expect(screen.getByLabelText('제목').getAttribute('maxlength')).toBe('100');
    expect(screen.getByLabelText('내용').getAttribute('maxlength')).toBe('5000');
  });

  it('asks msg2222 first: cancelling sends nothing, confirming sends, says msg2026 and shows the new post', async () => {
    const { api } = await open({
      'user-write-help': (body) => {
        helps = [help(9, { title: String(body.title), contents: String(body.contents) }), ...helps];
        return { status: 'success' };
      },
    });
    fill('제목', '출금 문의');
    fill('내용', '언제 처리되나요?');
    await submitForm();
    expect(dialogText()).toContain(MSG.confirmWrite);
    await closeDialog('취소');
    expect(api.countOf('user-write-help')).toBe(0);

    await submitForm();
    await closeDialog('문의 등록');
    expect(api.bodiesOf('user-write-help')).toEqual([{ title: '출금 문의', contents: '언제 처리되나요?' }]);
    expect(dialogText()).toContain(MSG.written);
    await closeDialog();
    expect((screen.getByLabelText('제목') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: /출금 문의/ })).toBeTruthy();
  });

  it('says msg2027 when the post could not be saved, and puts a 400 on its field', async () => {
    let answer: HttpAnswer = new HttpAnswer(500, { status: 'error' });
    await open({ 'user-write-help': () => answer });
    fill('제목', '출금 문의');
    fill('내용', '언제 처리되나요?');
    await submitForm();
    await closeDialog('문의 등록');
    expect(dialogText()).toContain(MSG.writeFailed);
    await closeDialog();

    answer = invalid('contents', 'required');
    await submitForm();
    await closeDialog('문의 등록');
    expect(dialogText()).toBe('');
    expect(screen.getByText(MSG.contentsMissing)).toBeTruthy();
  });
});

describe('/help: the list', () => {
  it('shows states in help words, member text as text, the answer as sanitized HTML', async () => {
    helps = [
      help(2, {
        state: 'already',
        answer: '안내 <b>드립니다</b><script>window.hacked=1</script>',
        isRead: true,
      }),
      help(1),
    ];
    await open();
    expect(screen.getByText('답변 완료')).toBeTruthy();
    expect(screen.getByText('답변 대기')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /문의 2/ })));
    const row = screen.getByRole('button', { name: /문의 2/ }).closest('li')!;
    expect(within(row).getByText(/둘째 줄 <b>태그 아님<\/b>/)).toBeTruthy();
    expect(row.querySelector('script')).toBeNull();
    expect(row.textContent).toContain('드립니다');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('reading an unread answer calls read-help-message and the help count drops at once', async () => {
    helps = [
      help(5, { state: 'already', answer: '답변입니다', isRead: false }),
      help(4, { state: 'already', answer: '예전 답변' }),
    ];
    counts = { noteCount: 0, helpCount: 1 };
    let countWhenAsked: number | undefined;
    const { api, client } = await open({
      'read-help-message': () => {
        countWhenAsked =
          client.getQueryData<TCallResponse<'user-health-check'>>(userHealthCheckKey)?.helpCount;
        helps = helps.map((h) => ({ ...h, isRead: true }));
        counts = { ...counts, helpCount: 0 };
        return { status: 'success' };
      },
    });
    expect(screen.getByTestId('badges').textContent).toBe('notes 0 · helps 1');
    expect(screen.getByText('새 답변')).toBeTruthy();

    // An answer already read is not read again.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /문의 4/ })));
    await settle();
    expect(api.countOf('read-help-message')).toBe(0);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: /문의 5/ })));
    await settle();
    expect(api.bodiesOf('read-help-message')).toEqual([{ id: 5 }]);
    expect(countWhenAsked).toBe(0);
    expect(screen.getByTestId('badges').textContent).toBe('notes 0 · helps 0');
    expect(screen.queryByText('새 답변')).toBeNull();
  });

  it('a link to one post (/help?id=N from the home panel) opens it and reads its answer', async () => {
    helps = [help(6), help(5, { state: 'already', answer: '링크된 답변', isRead: false })];
    counts = { noteCount: 0, helpCount: 1 };
    const { api } = await open(
      {
        'read-help-message': () => {
          helps = helps.map((h) => ({ ...h, isRead: true }));
          counts = { ...counts, helpCount: 0 };
          return { status: 'success' };
        },
      },
      '/help?id=5',
    );
    await settle();
    expect(screen.getByRole('button', { name: /문의 5/ }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: /문의 6/ }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('링크된 답변')).toBeTruthy();
    expect(api.bodiesOf('read-help-message')).toEqual([{ id: 5 }]);
  });

  it('shows the deposit-account inquiry under its title in the member’s language', async () => {
    helps = [help(8, { kind: 'account_inquiry', title: '입금계좌문의' })];
    counts = { noteCount: 0, helpCount: 0 };
    await open();
    const row = document.querySelector('.entry__summary .entry__title');
    expect(row?.textContent).toBe('입금계좌 문의');
  });

  it('deletes all after msg2221 (msg2053), or says msg2054 when it failed', async () => {
    helps = [help(2), help(1)];
    let fails = true;
    const { api } = await open({
      'del-all-help': () => {
        if (fails) return new HttpAnswer(500, { status: 'error' });
        helps = [];
        return { status: 'success' };
      },
    });
    const deleteAll = () =>
      act(async () => fireEvent.click(screen.getByRole('button', { name: '전체 삭제' })));

    await deleteAll();
    expect(dialogText()).toContain(MSG.confirmDeleteAll);
    await closeDialog('취소');
    expect(api.countOf('del-all-help')).toBe(0);

    await deleteAll();
    await closeDialog('전체 삭제');
    expect(dialogText()).toContain(MSG.deleteAllFailed);
    await closeDialog();
    expect(screen.getByRole('button', { name: /문의 2/ })).toBeTruthy();

    fails = false;
    await deleteAll();
    await closeDialog('전체 삭제');
    expect(dialogText()).toContain(MSG.deletedAll);
    await closeDialog();
    expect(screen.getByText('등록한 문의가 없습니다.')).toBeTruthy();
    expect((screen.getByRole('button', { name: '전체 삭제' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('deletes one post after a confirmation', async () => {
    helps = [help(2), help(1)];
    const { api } = await open({
      'del-help': (body) => {
        helps = helps.filter((h) => h.id !== body.id);
        return { status: 'success' };
      },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /문의 2/ })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '삭제' })));
    expect(dialogText()).toContain('"문의 2" 문의를 삭제하시겠습니까?');
    await closeDialog('삭제');
    expect(api.bodiesOf('del-help')).toEqual([{ id: 2 }]);
    expect(dialogText()).toContain('문의를 삭제했습니다.');
    await closeDialog();
    expect(screen.queryByRole('button', { name: /문의 2/ })).toBeNull();
  });

  it('asks for the deposit account, and says so when one is still waiting', async () => {
    let status: 'success' | 'already' = 'success';
    const { api } = await open({
      'user-ask-account': () => {
        if (status === 'success') helps = [help(7, { title: '입금계좌문의' }), ...helps];
        return { status };
      },
    });
    const ask = () =>
      act(async () => fireEvent.click(screen.getByRole('button', { name: '입금계좌 문의하기' })));
    await ask();
    await settle();
    expect(dialogText()).toContain('입금계좌 문의를 등록했습니다.');
    await closeDialog();
    expect(screen.getByRole('button', { name: /입금계좌문의/ })).toBeTruthy();

    status = 'already';
    await ask();
    await settle();
    expect(dialogText()).toContain('답변을 기다리는 입금계좌 문의가 이미 있습니다.');
    expect(api.countOf('user-ask-account')).toBe(2);
  });
});
