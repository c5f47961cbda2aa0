import type { ReactNode } from 'react';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { QueuePage } from '../features/queues/QueuePage.tsx';
import type { TMenuId } from '../lib/menu.ts';

/**
 * The screen of each menu entry (one line per screen). A screen owns everything under its path
 * (`/members/*`): it declares its own sub-routes with `<Routes>`. An entry missing here shows
 * "not yet" until its screen exists.
 */
export const SCREENS: Partial<Record<TMenuId, ReactNode>> = {
  dashboard: <DashboardPage />,
  deposits: <QueuePage key="deposit" kind="deposit" />,
  withdrawals: <QueuePage key="withdraw" kind="withdraw" />,
};
