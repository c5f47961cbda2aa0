import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet } from 'react-router';
import { LoginPage } from '../features/login/login-page.tsx';
import { LANGUAGES, setLanguage, type TLanguage } from '../i18n/i18n.ts';
import { homeOf, menuFor, roleMayOpen, type TMenuId } from '../lib/menu.ts';
import { rolesOf } from '@casino/contracts/backoffice-permissions';
import { useOperator, useSignOut, type TOperator } from './session.ts';
import { useOperatorEvents } from './operator-events.ts';

/** The signed-in frame (sidebar, top bar, the screen), or the sign-in without a session. */
export function Root() {
  const { t } = useTranslation();
  const me = useOperator();
  if (me.isPending) return <div className="boot" aria-busy="true" />;
  if (me.isError)
    return (
      <main className="login">
        <p role="alert" className="notice notice--error">
          {t('errors.network')}
        </p>
        <button type="button" className="btn" onClick={() => void me.refetch()}>
          {t('queue.retry')}
        </button>
      </main>
    );
  if (!me.data) return <LoginPage />;
  return <Shell operator={me.data} />;
}

function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <div className="lang" role="group" aria-label={t('shell.language')}>
      {LANGUAGES.map((language: TLanguage) => (
        <button
          key={language}
          type="button"
          className="lang__btn"
          aria-pressed={i18n.language === language}
          onClick={() => setLanguage(language)}
        >
          {language === 'ko' ? '한국어' : 'English'}
        </button>
      ))}
    </div>
  );
}

function Shell({ operator }: { operator: TOperator }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  useOperatorEvents(rolesOf('dashboard').includes(operator.role));
  return (
    <div className="shell">
      <a className="skip" href="#main">
        {t('app.skip')}
      </a>
      <nav className="sidebar" aria-label={t('app.title')}>
        <div className="sidebar__brand">{t('app.title')}</div>
        <ul className="menu">
          {menuFor(operator.role).map((item) => (
            <li key={item.id}>
              <NavLink to={item.path} end={item.path === '/'} className="menu__link">
                {t(`menu.${item.id}`)}
                {!item.ready && <span className="menu__soon">{t('menu.soon')}</span>}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <header className="topbar">
        <LanguageSwitch />
        <span className="topbar__who">
          <strong>{operator.operatorId}</strong>
          <span className="badge">{t(`role.${operator.role}`)}</span>
        </span>
        <button type="button" className="btn btn--ghost" onClick={() => void signOut()}>
          {t('shell.signOut')}
        </button>
      </header>
      <main id="main" className="content" tabIndex={-1}>
        <Suspense fallback={<div className="boot" aria-busy="true" />}>
          <Outlet context={operator} />
        </Suspense>
      </main>
    </div>
  );
}

/** A screen only the roles of its menu entry open; any other role lands on its own first screen. */
export function RoleGate({ id, children }: { id: TMenuId; children: ReactNode }) {
  const me = useOperator();
  const role = me.data?.role;
  if (!role) return null;
  // A password set by an owner is changed first: only My account opens until then.
  if (me.data?.mustChangePassword && id !== 'account') return <Navigate to="/account" replace />;
  if (!roleMayOpen(role, id)) return <Navigate to={homeOf(role)} replace />;
  return <>{children}</>;
}

export function NotYetPage({ id }: { id: TMenuId }) {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="page-title">{t(`menu.${id}`)}</h1>
      <p className="muted">{t('shell.notYet')}</p>
    </section>
  );
}
