import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@casino/web-kit/format';
import type { TMemberSession } from '@casino/contracts/protection';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { Icon } from '../../components/ui/icon.tsx';
import { LoadError } from './components/load-error.tsx';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { PageSkeleton } from '../../components/ui/page-skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText, statusText } from '../../i18n/error-text.ts';
import { reloadPage } from '../../lib/browser.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { useEndSession } from './api/end-session.ts';
import { useSessions } from './api/get-sessions.ts';
import { MyPageLinks } from './components/my-page-links.tsx';
import { deviceOf } from './user-agent.ts';
import './protection.css';

/**
 * /user/sessions (member): where the member is signed in (device, IP, last seen, "this device"),
 * each with its sign-out (`end-session`); the previous sign-in's date, time and IP.
 */
export function SessionsPage() {
  const { t } = useTranslation(['protection', 'common']);
  const { user } = useSession();
  const query = useSessions(user !== null);
  if (!user) return <PageSkeleton />;
  const data = query.data;
  // This device first, then the most recently seen.
  const sessions = [...(data?.sessions ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
  );

  return (
    <PageShell title={t('sessions.title')} lead={t('sessions.lead')} icon="lock">
      <div className="protection-layout protection-layout--wide">
        <MyPageLinks current="sessions" />
        <section className="card" aria-labelledby="sessions-title" aria-busy={query.isPending || undefined}>
          <h2 className="card__title" id="sessions-title">
            {t('sessions.listTitle')}
          </h2>
          {data ? (
            <ul className="sessions">
              {sessions.map((session) => (
                <SessionRow key={session.id} session={session} />
              ))}
            </ul>
          ) : query.isError ? (
            <LoadError query={query} />
          ) : (
            <span className="skeleton skeleton--block" />
          )}
          {data && (
            <p className="protection-note protection-note--small">
              {data.lastLogin
                ? t('sessions.previous', {
                    when: formatDateTime(data.lastLogin.at),
                    ip: data.lastLogin.ip ?? t('sessions.unknownIp'),
                  })
                : t('sessions.noPrevious')}
            </p>
          )}
        </section>
      </div>
    </PageShell>
  );
}

function SessionRow({ session }: { session: TMemberSession }) {
  const { t } = useTranslation(['protection', 'common']);
  const dialogs = useDialogs();
  const end = useEndSession();
  const { browser, system } = deviceOf(session.userAgent);
  const device =
    browser && system
      ? t('sessions.device', { browser, system })
      : (browser ?? system ?? t('sessions.unknownDevice'));
  const isEnding = end.isPending;

  async function onEnd() {
    const question = session.current ? t('sessions.endThisConfirm') : t('sessions.endConfirm', { device });
    if (!(await dialogs.confirm(question, { confirmLabel: t('sessions.end') }))) return;
    let result;
    try {
      result = await end.mutateAsync(session.id);
    } catch (error) {
      await dialogs.error(errorText(t, error));
      return;
    }
    if (session.current && result.status === 'success') {
      reloadPage();
      return;
    }
    if (result.status === 'success') await dialogs.success(t('sessions.ended', { device }));
    else if (result.status === 'not_found') await dialogs.info(t('sessions.alreadyEnded'));
    else await dialogs.error(statusText(t, (result as { status: string }).status));
  }

  return (
    <li className={`session${session.current ? ' session--current' : ''}`}>
      <span className="session__icon" aria-hidden="true">
        <Icon name={/iPhone|iPad|Android/.test(system ?? '') ? 'menu' : 'grid'} size={20} />
      </span>
      <div className="session__body">
        <p className="session__device">
          {device}
          {session.current && <span className="badge badge--accent">{t('sessions.thisDevice')}</span>}
        </p>
        <p className="session__facts">
          <span>{t('sessions.ip', { ip: session.ip ?? t('sessions.unknownIp') })}</span>
          <span>{t('sessions.lastSeen', { when: formatDateTime(session.lastSeenAt) })}</span>
          <span>{t('sessions.signedIn', { when: formatDateTime(session.createdAt) })}</span>
        </p>
      </div>
      <button
        type="button"
        className="btn btn--secondary btn--sm session__end"
        disabled={isEnding}
        onClick={() => void onEnd()}
      >
        {isEnding ? <Spinner size={16} /> : <Icon name="logout" size={16} />}
        {t('sessions.end')}
      </button>
    </li>
  );
}
