import { lazy, type ReactNode } from 'react';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import type { TMenuId } from '../lib/menu.ts';

// Every screen but the dashboard (where operators land) loads when first opened.
const AuditPage = lazy(() =>
  import('../features/audit/audit-page.tsx').then((m) => ({ default: m.AuditPage })),
);
const ReportsPage = lazy(() =>
  import('../features/reports/reports-page.tsx').then((m) => ({ default: m.ReportsPage })),
);
const HelpdeskPage = lazy(() =>
  import('../features/helpdesk/helpdesk-page.tsx').then((m) => ({ default: m.HelpdeskPage })),
);
const BannersPage = lazy(() =>
  import('../features/content/banners-page.tsx').then((m) => ({ default: m.BannersPage })),
);
const ContentPage = lazy(() =>
  import('../features/content/content-page.tsx').then((m) => ({ default: m.ContentPage })),
);
const MembersScreen = lazy(() =>
  import('../features/members/members-screen.tsx').then((m) => ({ default: m.MembersScreen })),
);
const QueuePage = lazy(() =>
  import('../features/queues/queue-page.tsx').then((m) => ({ default: m.QueuePage })),
);
const GamesPage = lazy(() =>
  import('../features/games/games-page.tsx').then((m) => ({ default: m.GamesPage })),
);
const RoundsPage = lazy(() =>
  import('../features/rounds/rounds-page.tsx').then((m) => ({ default: m.RoundsPage })),
);
const MiniPage = lazy(() => import('../features/mini/mini-page.tsx').then((m) => ({ default: m.MiniPage })));
const SettingsPage = lazy(() =>
  import('../features/settings/settings-page.tsx').then((m) => ({ default: m.SettingsPage })),
);
const AccountPage = lazy(() =>
  import('../features/account/account-page.tsx').then((m) => ({ default: m.AccountPage })),
);
const BreaksPage = lazy(() =>
  import('../features/breaks/breaks-page.tsx').then((m) => ({ default: m.BreaksPage })),
);
const SitesPage = lazy(() =>
  import('../features/sites/sites-page.tsx').then((m) => ({ default: m.SitesPage })),
);
const BlacklistPage = lazy(() =>
  import('../features/blacklist/blacklist-page.tsx').then((m) => ({ default: m.BlacklistPage })),
);
const FraudPage = lazy(() =>
  import('../features/fraud/fraud-page.tsx').then((m) => ({ default: m.FraudPage })),
);
const PromotionsPage = lazy(() =>
  import('../features/promotions/promotions-page.tsx').then((m) => ({ default: m.PromotionsPage })),
);
const LevelsPage = lazy(() =>
  import('../features/levels/levels-page.tsx').then((m) => ({ default: m.LevelsPage })),
);
const DepositEventsPage = lazy(() =>
  import('../features/levels/deposit-events-page.tsx').then((m) => ({ default: m.DepositEventsPage })),
);
const PartnerHomePage = lazy(() =>
  import('../features/partners/partner-home-page.tsx').then((m) => ({ default: m.PartnerHomePage })),
);
const PartnersPage = lazy(() =>
  import('../features/partners/partners-page.tsx').then((m) => ({ default: m.PartnersPage })),
);
const PartnerMembersPage = lazy(() =>
  import('../features/partners/partner-members-page.tsx').then((m) => ({ default: m.PartnerMembersPage })),
);
const PartnerCodesPage = lazy(() =>
  import('../features/partners/partner-codes-page.tsx').then((m) => ({ default: m.PartnerCodesPage })),
);
const SettlementsPage = lazy(() =>
  import('../features/partners/settlements-page.tsx').then((m) => ({ default: m.SettlementsPage })),
);
const PayoutsPage = lazy(() =>
  import('../features/partners/payouts-page.tsx').then((m) => ({ default: m.PayoutsPage })),
);
const JobsPage = lazy(() => import('../features/jobs/jobs-page.tsx').then((m) => ({ default: m.JobsPage })));
const OperatorsPage = lazy(() =>
  import('../features/operators/operators-page.tsx').then((m) => ({ default: m.OperatorsPage })),
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
  mini: <MiniPage />,
  settings: <SettingsPage />,
  promotions: <PromotionsPage />,
  levels: <LevelsPage />,
  depositEvents: <DepositEventsPage />,
  members: <MembersScreen />,
  breaks: <BreaksPage />,
  helpdesk: <HelpdeskPage />,
  notices: <ContentPage key="notices" kind="notices" />,
  popups: <ContentPage key="popups" kind="popups" />,
  banners: <BannersPage />,
  operators: <OperatorsPage />,
  jobs: <JobsPage />,
  sites: <SitesPage />,
  blacklist: <BlacklistPage />,
  fraud: <FraudPage />,
  partnerHome: <PartnerHomePage />,
  partners: <PartnersPage />,
  partnerMembers: <PartnerMembersPage />,
  partnerCodes: <PartnerCodesPage />,
  settlements: <SettlementsPage />,
  payouts: <PayoutsPage />,
  account: <AccountPage />,
};
