import { useState } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { fakeSession, TestProviders, TEST_USER } from '../test/test-app.tsx';
import type { HealthSnapshot } from '../lib/session/session-context.ts';
import { LocaleContext } from '../i18n/locale-context.ts';
import { splitLocalePath } from '../i18n/locale-paths.ts';
import { HealthDialogs } from './health-dialogs.tsx';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

let setHealth: (health: HealthSnapshot) => void = () => {};

function Harness({ initial, path, userId }: { initial: HealthSnapshot; path: string; userId?: string }) {
  const [health, set] = useState(initial);
  setHealth = set;
  const [router] = useState(() =>
    createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <LocaleContext.Provider value={splitLocalePath(path).locale}>
              <HealthDialogs />
              <Where />
            </LocaleContext.Provider>
          ),
        },
      ],
      { initialEntries: [path] },
    ),
  );
  return (
    <TestProviders
      session={fakeSession('authenticated', {
        health,
        user: { ...TEST_USER, userId: userId ?? TEST_USER.userId },
      })}
    >
      <RouterProvider router={router} />
    </TestProviders>
  );
}

const NOTES_TEXT = '새 쪽지가 도착했습니다. 쪽지함을 확인해 주세요.';

describe('HealthDialogs', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('shows msg2003 once for unread notes, and confirming goes to /note', async () => {
    render(<Harness initial={{ noteCount: 2, helpCount: 0, checkedAt: 1 }} path="/deposit" />);
    expect(await screen.findByText(NOTES_TEXT)).toBeTruthy();

    // The next health answer while the dialog is still open does not open a second one.
    act(() => setHealth({ noteCount: 3, helpCount: 0, checkedAt: 2 }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);

    await act(async () => screen.getByRole('button', { name: '쪽지 보기' }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/note');
  });

  it('keeps the locale of the page when it navigates', async () => {
    render(<Harness initial={{ noteCount: 0, helpCount: 1, checkedAt: 1 }} path="/en/deposit" />);
    await act(async () => (await screen.findByRole('button', { name: '고객센터로 이동' })).click());
    expect(screen.getByTestId('where').textContent).toBe('/en/help');
  });

  it('does not show the note dialog on /note, nor the help dialog on /en/help', () => {
    render(<Harness initial={{ noteCount: 4, helpCount: 0, checkedAt: 1 }} path="/note" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    render(<Harness initial={{ noteCount: 0, helpCount: 4, checkedAt: 1 }} path="/en/help" />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a dialog once per count: not on the next polls, not after a reload, again when the count rises', async () => {
    render(<Harness initial={{ noteCount: 2, helpCount: 0, checkedAt: 1 }} path="/deposit" />);
    await act(async () => (await screen.findByRole('button', { name: '닫기' })).click());
    expect(screen.queryByRole('dialog')).toBeNull();

    // The next polls with the same count (every 30 seconds) stay quiet.
    act(() => setHealth({ noteCount: 2, helpCount: 0, checkedAt: 2 }));
    act(() => setHealth({ noteCount: 2, helpCount: 0, checkedAt: 3 }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // A full page load in the same tab remembers it too.
    cleanup();
    render(<Harness initial={{ noteCount: 2, helpCount: 0, checkedAt: 4 }} path="/deposit" />);
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();

    // A new note raises the count: shown again.
    act(() => setHealth({ noteCount: 3, helpCount: 0, checkedAt: 5 }));
    expect(await screen.findByText(NOTES_TEXT)).toBeTruthy();
  });

  it('announces the next note after the member read the earlier ones', async () => {
    render(<Harness initial={{ noteCount: 1, helpCount: 0, checkedAt: 1 }} path="/deposit" />);
    await act(async () => (await screen.findByRole('button', { name: '닫기' })).click());
    act(() => setHealth({ noteCount: 0, helpCount: 0, checkedAt: 2 }));
    act(() => setHealth({ noteCount: 1, helpCount: 0, checkedAt: 3 }));
    expect(await screen.findByText(NOTES_TEXT)).toBeTruthy();
  });

  it('remembers per member: another member signing in in the same tab is told', async () => {
    render(<Harness initial={{ noteCount: 1, helpCount: 0, checkedAt: 1 }} path="/deposit" />);
    await act(async () => (await screen.findByRole('button', { name: '닫기' })).click());
    cleanup();
    render(
      <Harness initial={{ noteCount: 1, helpCount: 0, checkedAt: 2 }} path="/deposit" userId="other77" />,
    );
    expect(await screen.findByText(NOTES_TEXT)).toBeTruthy();
  });
});
