import { lazy, type ReactNode } from 'react';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import type { TMenuId } from '../lib/menu.ts';

// Every screen but the dashboard (where operators land) loads when first opened.
const AuditPage = lazy(() =>
  import('../features/audit/AuditPage.tsx').then((m) => ({ default: m.AuditPage })),
);
const ReportsPage = lazy(() =>
  import('../features/reports/ReportsPage.tsx').then((m) => ({ default: m.ReportsPage })),
);
const HelpdeskPage = lazy(() =>
  import('../features/helpdesk/HelpdeskPage.tsx').then((m) => ({ default: m.HelpdeskPage })),
);
const BannersPage = lazy(() =>
  import('../features/content/BannersPage.tsx').then((m) => ({ default: m.BannersPage })),
);
const ContentPage = lazy(() =>
  import('../features/content/ContentPage.tsx').then((m) => ({ default: m.ContentPage })),
);
const MembersScreen = lazy(() =>
  import('../features/members/MembersScreen.tsx').then((m) => ({ default: m.MembersScreen })),
);
const QueuePage = lazy(() =>
  import('../features/queues/QueuePage.tsx').then((m) => ({ default: m.QueuePage })),
);
const GamesPage = lazy(() =>
  import('../features/games/GamesPage.tsx').then((m) => ({ default: m.GamesPage })),
);
const RoundsPage = lazy(() =>
  import('../features/rounds/RoundsPage.tsx').then((m) => ({ default: m.RoundsPage })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/SettingsPage.tsx').then((m) => ({ default: m.SettingsPage })),
);
const AccountPage = lazy(() =>
  import('../features/account/AccountPage.tsx').then((m) => ({ default: m.AccountPage })),
);
const BreaksPage = lazy(() =>
  import('../features/breaks/BreaksPage.tsx').then((m) => ({ default: m.BreaksPage })),
);
const OperatorsPage = lazy(() =>
  import('../features/operators/OperatorsPage.tsx').then((m) => ({ default: m.OperatorsPage })),
);

/**
 * The screen of each menu entry (one line per screen). A screen owns everything under its path
 * (`/members/*`): it declares its own sub-routes with `<Routes>`. An entry missing here shows
 * "not yet" until its screen exists.
 */
export const SCREENS: Partial<Record<TMenuId, ReactNode>> = {
  dashboard: <DashboardPage />,
  reports: <ReportsPage />,
  audit: <AuditPage />,
  deposits: <QueuePage key="deposit" kind="deposit" />,
  withdrawals: <QueuePage key="withdraw" kind="withdraw" />,
  games: <GamesPage />,
  rounds: <RoundsPage />,
  settings: <SettingsPage />,
  members: <MembersScreen />,
  breaks: <BreaksPage />,
  helpdesk: <HelpdeskPage />,
  notices: <ContentPage key="notices" kind="notices" />,
  popups: <ContentPage key="popups" kind="popups" />,
  banners: <BannersPage />,
  operators: <OperatorsPage />,
  account: <AccountPage />,
};
