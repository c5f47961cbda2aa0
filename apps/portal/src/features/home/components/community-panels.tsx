import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { Icon } from '../../../components/ui/icon.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { helpListQueryOptions, noticesQueryOptions } from '../../../lib/community/queries.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { helpTitle } from '../../../lib/community/help-title.ts';

/** Entries each panel shows. */
export const PANEL_SIZE = 5;

/** Id of the login-required warning of the panels, so a burst of clicks opens it once. */
const LOGIN_DIALOG_ID = 'home-panels-login-required';

/**
 * A link to a member page (/notice, /help): a guest gets msg2001 and stays, as
 * the menu's links do; while the session loads the link waits for nothing and the page's own
 * guard decides.
 */
function MemberLink({ to, className, children }: { to: string; className: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  const { status } = useSession();
  const dialogs = useDialogs();
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (status !== 'unauthenticated') return;
    event.preventDefault();
    if (!dialogs.isOpen(LOGIN_DIALOG_ID)) void dialogs.warning(t('msg2001'), { id: LOGIN_DIALOG_ID });
  }
  return (
    <Link to={to} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}

function Panel({
  id,
  icon,
  title,
  more,
  children,
}: {
  id: string;
  icon: 'notice' | 'help';
  title: string;
  more: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation('home');
  return (
    <section className={`home-panel home-panel--${id}`} aria-labelledby={`home-panel-${id}`}>
      <div className="home-panel__head">
        <h2 className="home-panel__title" id={`home-panel-${id}`}>
          <span className="home-panel__icon" aria-hidden="true">
            <Icon name={icon} size={18} />
          </span>
          {title}
        </h2>
        {more && (
          <MemberLink to={more} className="home-panel__more">
            {t('panels.more')}
            <span className="visually-hidden">: {title}</span>
            <Icon name="chevronRight" size={16} />
          </MemberLink>
        )}
      </div>
      {children}
    </section>
  );
}

function SkeletonRows() {
  const { t } = useTranslation('common');
  return (
    <div className="home-panel__list" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('state.loading')}
      </span>
      {Array.from({ length: PANEL_SIZE }, (_, i) => (
        <div key={i} className="home-panel__row" aria-hidden="true">
          <span className="skeleton home-panel__skeleton" />
        </div>
      ))}
    </div>
  );
}

function Message({ children }: { children: ReactNode }) {
  return <p className="home-panel__message">{children}</p>;
}

/** The first notices, for guests as well (guests may read the list on the home page). */
function NoticesPanel() {
  const { t } = useTranslation(['home', 'common']);
  const href = useLocalizedPath();
  const format = useFormat();
  const query = useQuery(noticesQueryOptions());
  const notices = query.data?.notices.slice(0, PANEL_SIZE);
  return (
    <Panel id="notice" icon="notice" title={t('common:menu.notice')} more={href('notice')}>
      {query.isPending ? (
        <SkeletonRows />
      ) : !notices ? (
        <Message>{t('panels.failed')}</Message>
      ) : notices.length === 0 ? (
        <Message>{t('panels.noNotices')}</Message>
      ) : (
        <ul className="home-panel__list">
          {notices.map((notice) => (
            <li key={notice.id} className="home-panel__row">
              <MemberLink to={`${href('notice')}?id=${notice.id}`} className="home-panel__link">
                <span className="home-panel__text">{notice.title}</span>
                <time className="home-panel__date" dateTime={notice.lastDate ?? undefined}>
                  {format.date(notice.lastDate)}
                </time>
              </MemberLink>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** The member's latest help posts with their state. */
function MemberHelpList() {
  const { t } = useTranslation('home');
  const href = useLocalizedPath();
  const format = useFormat();
  const query = useQuery(helpListQueryOptions(1, PANEL_SIZE));
  const helps = query.data?.helps.slice(0, PANEL_SIZE);
  if (query.isPending) return <SkeletonRows />;
  if (!helps) return <Message>{t('panels.failed')}</Message>;
  if (helps.length === 0) return <Message>{t('panels.noHelps')}</Message>;
  return (
    <ul className="home-panel__list">
      {helps.map((help) => (
        <li key={help.id} className="home-panel__row">
          <Link to={`${href('help')}?id=${help.id}`} className="home-panel__link">
            <span className={`home-panel__state home-panel__state--${help.state}`}>
              {t(`panels.helpState.${help.state}`)}
            </span>
            <span className="home-panel__text">{helpTitle(t, help)}</span>
            <time className="home-panel__date" dateTime={help.lastDate ?? help.regDate}>
              {format.date(help.lastDate ?? help.regDate)}
            </time>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A guest's help panel: no fetch, an invitation to sign in or sign up instead. */
function GuestHelpInvite() {
  const { t } = useTranslation(['home', 'common']);
  const href = useLocalizedPath();
  return (
    <div className="home-panel__invite">
      <Icon name="help" size={30} className="home-panel__invite-icon" />
      <p className="home-panel__invite-title">{t('panels.guestTitle')}</p>
      <p className="home-panel__invite-text">{t('panels.guestText')}</p>
      <div className="home-panel__invite-actions">
        <Link className="btn btn--primary btn--sm" to={href('login')}>
          <Icon name="login" size={16} />
          {t('common:auth.login')}
        </Link>
        <Link className="btn btn--secondary btn--sm" to={href('register')}>
          {t('common:auth.register')}
        </Link>
      </div>
    </div>
  );
}

function HelpPanel() {
  const { t } = useTranslation('common');
  const href = useLocalizedPath();
  const { status } = useSession();
  return (
    <Panel
      id="help"
      icon="help"
      title={t('menu.help')}
      more={status === 'unauthenticated' ? null : href('help')}
    >
      {status === 'loading' ? (
        <SkeletonRows />
      ) : status === 'authenticated' ? (
        <MemberHelpList />
      ) : (
        <GuestHelpInvite />
      )}
    </Panel>
  );
}

/**
 * The notices and help panels of the home page: side by side from a tablet up,
 * stacked on a phone, the first five entries each with a 'more' link to /notice and /help.
 */
export function CommunityPanels() {
  return (
    <div className="home-panels">
      <NoticesPanel />
      <HelpPanel />
    </div>
  );
}
