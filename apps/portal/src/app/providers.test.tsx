import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sportSettingKey } from '../lib/site/get-sport-setting.ts';
import { fakeServer, settle } from '../test/fake-server.tsx';
import { createTestI18n } from '../test/test-i18n.ts';
import { AppProviders, createQueryClient } from './providers.tsx';

const sport = {
  status: 'success' as const,
  sport: [{ code: 'bti', used: 'y' as const, imgUrl: '/media/bti.webp', name: 'BTi Sports' }],
};

describe('AppProviders', () => {
  it('fetches get-sport-setting once at start and keeps the answer in the query cache', async () => {
    const server = fakeServer({ 'get-sport-setting': () => sport });
    const queryClient = createQueryClient();
    const { rerender } = render(
      <AppProviders i18n={createTestI18n('ko')} queryClient={queryClient}>
        <p>app</p>
      </AppProviders>,
    );
    await settle();
    expect(server.countOf('get-sport-setting')).toBe(1);
    expect(server.bodiesOf('get-sport-setting')).toEqual([{}]);
    expect(queryClient.getQueryData(sportSettingKey)).toEqual(sport);

    // Renders and time do not ask again: nothing on screen depends on it.
    rerender(
      <AppProviders i18n={createTestI18n('ko')} queryClient={queryClient}>
        <p>app again</p>
      </AppProviders>,
    );
    await settle();
    expect(server.countOf('get-sport-setting')).toBe(1);
    expect(queryClient.getQueryCache().find({ queryKey: sportSettingKey })?.isStale()).toBe(false);
  });
});
