import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiKey, useApiMutation } from './api.ts';
import { fakeFetch, renderConsole, setUpConsoleTests } from '../test/console.tsx';

setUpConsoleTests();

const SETTINGS = { status: 'success', settings: { enabled: true, rate: 75 }, figures: {} };

/** A screen with one write: the referral settings saved through `useApiMutation`. */
function Saver({ onSaved, onFailed }: { onSaved: (rate: number) => void; onFailed: (e: unknown) => void }) {
  const save = useApiMutation('promotions.updateReferral', {
    input: (rate: number) => ({ body: { enabled: true, rate } }),
    sets: apiKey('promotions.referral'),
    invalidates: [apiKey('promotions.flaggedReferrals')],
    onSuccess: (answer) => onSaved(answer.settings.rate),
    onError: onFailed,
  });
  return (
    <button type="button" onClick={() => save.mutate(75)}>
      save
    </button>
  );
}

describe('useApiMutation', () => {
  it("sends the route's method, path and body, keeps the answer under `sets`, refreshes `invalidates`, then runs onSuccess", async () => {
    const sent: { method: string | undefined; url: string; body: unknown }[] = [];
    fakeFetch((url, init) => {
      sent.push({ method: init.method, url, body: JSON.parse(init.body as string) });
      return SETTINGS;
    });
    const onSaved = vi.fn();
    const onFailed = vi.fn();
    const client = renderConsole(<Saver onSaved={onSaved} onFailed={onFailed} />, { path: null });
    const flagged = apiKey('promotions.flaggedReferrals');
    client.setQueryData(flagged, { status: 'success', list: [], maxCount: 0 });
    act(() => screen.getByRole('button', { name: 'save' }).click());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(75));
    expect(sent).toEqual([
      { method: 'PUT', url: '/api/backoffice/promotions/referral', body: { enabled: true, rate: 75 } },
    ]);
    expect(client.getQueryData(apiKey('promotions.referral'))).toEqual(SETTINGS);
    expect(client.getQueryState(flagged)?.isInvalidated).toBe(true);
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('leaves the cache as it was and hands a refusal to onError', async () => {
    fakeFetch(() => Response.json({ status: 'denied' }, { status: 403 }));
    const onSaved = vi.fn();
    const onFailed = vi.fn();
    const client = renderConsole(<Saver onSaved={onSaved} onFailed={onFailed} />, { path: null });
    act(() => screen.getByRole('button', { name: 'save' }).click());
    await waitFor(() => expect(onFailed).toHaveBeenCalled());
    expect((onFailed.mock.calls[0]![0] as { status: string }).status).toBe('denied');
    expect(client.getQueryData(apiKey('promotions.referral'))).toBeUndefined();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
