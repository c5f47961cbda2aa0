import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TCallResponse } from '@casino/contracts/calls';
import type { TNote } from '@casino/contracts/community';
import { userHealthCheckKey } from '../../lib/session/api/user-health-check.ts';
import { closeDialog, HttpAnswer, settle, type TRoutes } from '../../test/fake-server.tsx';
import { renderCommunityPage, type ServerCounts } from './community-test-app.tsx';
import { NotePage } from './note-page.tsx';

function note(id: number, extra: Partial<TNote> = {}): TNote {
  return {
    id,
    title: `쪽지 ${id}`,
    contents: `안내 <b>굵게</b> ${id}<img src="x" onerror="window.hacked=1">`,
    isRead: false,
    regDate: '2026-11-20T01:00:00.000Z',
    ...extra,
  };
}

let notes: TNote[] = [];
let counts: ServerCounts = { noteCount: 0, helpCount: 0 };
const unread = () => notes.filter((n) => !n.isRead).length;

function list(): TCallResponse<'get-user-note'> {
  return { status: 'success', notes, maxCount: notes.length };
}

async function open(routes: TRoutes = {}) {
  counts = { noteCount: unread(), helpCount: 0 };
  return renderCommunityPage('/note', <NotePage />, { 'get-user-note': list, ...routes }, () => counts);
}

function dialogText() {
  return [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
    .map((d) => d.textContent)
    .join('|');
}

const click = (name: string | RegExp) =>
  act(async () => fireEvent.click(screen.getByRole('button', { name })));

beforeEach(() => {
  notes = [];
});

describe('/note', () => {
  it('opening an unread note marks it read, and the note count drops at once', async () => {
    notes = [note(3), note(2), note(1, { isRead: true })];
    let countWhenAsked: number | undefined;
    const { api, client } = await open({
      'read-note-message': (body) => {
        countWhenAsked =
          client.getQueryData<TCallResponse<'user-health-check'>>(userHealthCheckKey)?.noteCount;
        notes = notes.map((n) => (n.id === body.id ? { ...n, isRead: true } : n));
        counts = { ...counts, noteCount: unread() };
        return { status: 'success' };
      },
    });
    expect(screen.getByTestId('badges').textContent).toBe('notes 2 · helps 0');
    expect(screen.getByText('읽지 않음 2 · 전체 3')).toBeTruthy();

    await click(/쪽지 1/);
    await settle();
    expect(api.countOf('read-note-message')).toBe(0);

    await click(/쪽지 3/);
    await settle();
    expect(api.bodiesOf('read-note-message')).toEqual([{ id: 3 }]);
    expect(countWhenAsked).toBe(1);
    expect(screen.getByTestId('badges').textContent).toBe('notes 1 · helps 0');
    // The contents are operator HTML: shown, sanitized.
    const row = screen.getByRole('button', { name: /쪽지 3/ }).closest('li')!;
    expect(row.textContent).toContain('굵게');
    expect(row.querySelector('[onerror]')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('marks every note read at once', async () => {
    notes = [note(2), note(1)];
    let countWhenAsked: number | undefined;
    const { client } = await open({
      'read-all-note': () => {
        countWhenAsked =
          client.getQueryData<TCallResponse<'user-health-check'>>(userHealthCheckKey)?.noteCount;
        notes = notes.map((n) => ({ ...n, isRead: true }));
        counts = { ...counts, noteCount: 0 };
        return { status: 'success' };
      },
    });
    await click('모두 읽음');
    await settle();
    expect(countWhenAsked).toBe(0);
    expect(dialogText()).toContain('모든 쪽지를 읽음으로 표시했습니다.');
    await closeDialog();
    expect(screen.getByTestId('badges').textContent).toBe('notes 0 · helps 0');
    expect(screen.queryByText('안 읽음')).toBeNull();
    expect((screen.getByRole('button', { name: '모두 읽음' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('deletes one note after a confirmation', async () => {
    notes = [note(2), note(1)];
    const { api } = await open({
      'del-note': (body) => {
        notes = notes.filter((n) => n.id !== body.id);
        return { status: 'success' };
      },
    });
    await click(/쪽지 2/);
    await settle();
    await click('삭제');
    expect(dialogText()).toContain('"쪽지 2" 쪽지를 삭제하시겠습니까?');
    await closeDialog('취소');
    expect(api.countOf('del-note')).toBe(0);

    await click('삭제');
    await closeDialog('삭제');
    expect(api.bodiesOf('del-note')).toEqual([{ id: 2 }]);
    expect(dialogText()).toContain('쪽지를 삭제했습니다.');
    await closeDialog();
    expect(screen.queryByRole('button', { name: /쪽지 2/ })).toBeNull();
  });

  it('deletes all after a confirmation, and says so when it failed', async () => {
    notes = [note(2), note(1)];
    let fails = true;
    const { api } = await open({
      'del-all-note': () => {
        if (fails) return new HttpAnswer(503, { status: 'error' });
        notes = [];
        counts = { ...counts, noteCount: 0 };
        return { status: 'success' };
      },
    });
    await click('전체 삭제');
    expect(dialogText()).toContain('받은 쪽지를 모두 삭제하시겠습니까?');
    await closeDialog('전체 삭제');
    expect(dialogText()).toContain('쪽지를 삭제하지 못했습니다.');
    await closeDialog();

    fails = false;
    await click('전체 삭제');
    await closeDialog('전체 삭제');
    expect(dialogText()).toContain('쪽지를 모두 삭제했습니다.');
    await closeDialog();
    expect(api.countOf('del-all-note')).toBe(2);
    expect(screen.getByText('받은 쪽지가 없습니다.')).toBeTruthy();
    expect(screen.getByTestId('badges').textContent).toBe('notes 0 · helps 0');
  });
});
