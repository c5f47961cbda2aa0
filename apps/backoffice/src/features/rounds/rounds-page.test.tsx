import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RoundsPage } from './rounds-page.tsx';
import { renderConsole, serveJson, setUpConsoleTests } from '../../test/console.tsx';

const ROUND = {
  status: 'success',
  round: {
    provider: 'acme',
    roundId: 'r-77',
    userId: 'alice1',
    gameCode: 'fruit',
    bet: 1_000,
    win: 2_500,
    rolledBack: 0,
    closed: true,
    regDate: '2026-11-24T10:00:00.000Z',
    lastDate: '2026-11-24T10:00:05.000Z',
  },
  calls: [
    {
      transactionId: 'tx-1001',
      action: 'bet',
      amount: 1_000,
      referenceId: null,
      outcome: 'RS_OK',
      rolledBack: false,
      compPoints: 10,
      transferId: 501,
      regDate: '2026-11-24T10:00:00.000Z',
    },
    {
      transactionId: 'tx-1002',
      action: 'win',
      amount: 2_500,
      referenceId: null,
      outcome: 'RS_OK',
      rolledBack: false,
      compPoints: 0,
      transferId: 502,
      regDate: '2026-11-24T10:00:05.000Z',
    },
  ],
};

function renderAt(path: string) {
  renderConsole(<RoundsPage />, { path: path });
}

setUpConsoleTests();

describe('round lookup', () => {
  it('finds a round by provider and round id and shows its wallet calls', async () => {
    const urls = serveJson(() => ROUND);
    renderAt('/rounds');
    fireEvent.change(screen.getByLabelText('Provider'), { target: { value: 'acme' } });
    fireEvent.change(screen.getByLabelText('Round ID'), { target: { value: 'r-77' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find round' }));
    expect(await screen.findByText('tx-1002')).toBeTruthy();
    expect(urls).toEqual(['/api/backoffice/rounds/acme/r-77']);
    expect(screen.getByText('alice1')).toBeTruthy();
    // The member's result: wins less the bets that stand.
    expect(screen.getByText('₩1,500')).toBeTruthy();
  });

  it('lists a member’s rounds and says when the member does not exist', async () => {
    serveJson(() => ({ status: 'not_found' }));
    renderAt('/rounds?userId=ghost');
    expect(await screen.findByText('No member ghost.')).toBeTruthy();
  });
});
