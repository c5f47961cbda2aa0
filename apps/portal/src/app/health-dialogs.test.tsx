import { useState } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { fakeSession, TestProviders } from '../test/test-app.tsx';
import type { HealthSnapshot } from '../lib/session/session-context.ts';
import { LocaleContext } from '../i18n/locale-context.ts';
import { splitLocalePath } from '../i18n/locale-paths.ts';
import { HealthDialogs } from './health-dialogs.tsx';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

let setHealth: (health: HealthSnapshot) => void = () => {};

function Harness({ initial, path }: { initial: HealthSnapshot; path: string }) {
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
    <TestProviders session={fakeSession('authenticated', { health })}>
      <RouterProvider router={router} />
    </TestProviders>
  );
}

describe('HealthDialogs', () => {
  it('shows msg2003 once for unread notes, and confirming goes to /note', async () => {
    render(<Harness initial={{ noteCount: 2, helpCount: 0, checkedAt: 1 }} path="/deposit" />);
    expect(await screen.findByText('새 쪽지가 도착했습니다. 쪽지함을 확인해 주세요.')).toBeTruthy();

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
});
