import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { bankName } from '@casino/contracts/banks';
import type { TUser } from '@casino/contracts/members';
import { Icon, type TIconName } from '../../components/ui/icon.tsx';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { PageSkeleton } from '../../components/ui/page-skeleton.tsx';
import { useLocale } from '../../i18n/locale-context.ts';
import { useFormat } from '../../i18n/use-format.ts';
import { useLocalizedPath } from '../../i18n/use-localized-path.ts';
import { maskAccountNumber, maskPhone } from '../../lib/mask.ts';
import type { TPageId } from '../../lib/pages.ts';
import { firstRequirement } from '../../lib/session/requirements.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { useMemberAccount } from './api/get-member-account.ts';
import { BetHistory } from './components/bet-history.tsx';
import { ExchangePasswordForm } from './components/exchange-password-form.tsx';
import { GameMoneyCard } from './components/game-money-card.tsx';
import { LevelCard } from './components/level-card.tsx';
import { PasswordForm } from './components/password-form.tsx';
import { PaybackCard } from './components/payback-card.tsx';
import { ProtectionCard } from './components/protection-card.tsx';
import { ReferralsCard } from './components/referrals-card.tsx';
import { TitledSection } from '../../components/ui/titled-section.tsx';
import './account.css';

const SHORTCUTS: ReadonlyArray<{ page: TPageId; icon: TIconName }> = [
  { page: 'deposit', icon: 'deposit' },
  { page: 'withdraw', icon: 'withdraw' },
  { page: 'comp', icon: 'comp' },
];

/**
 * /user (member, my page): profile and money, the game money held by providers, lifetime net
 * deposits with the pages of player protection, the bet history, the withdrawal account and
 * both passwords.
 */
export function UserPage() {
  const { t } = useTranslation(['account', 'common']);
  const { user } = useSession();
  if (!user) return <PageSkeleton />;
  // After an operator's password reset: the password change alone, until the member has done it.
  if (firstRequirement(user) === 'change_password')
    return (
      <PageShell title={t('password.forced.title')} lead={t('password.forced.lead')} icon="user">
        <div className="account-layout">
          <PasswordForm userId={user.userId} />
        </div>
      </PageShell>
    );
  return (
    <PageShell title={t('common:menu.user')} lead={t('user.lead')} icon="user">
      <div className="account-layout">
        <ProfileCard user={user} />
        <LevelCard />
        <GameMoneyCard />
        <ProtectionCard />
        <PaybackCard />
        <ReferralsCard userId={user.userId} />
        <BetHistory />
        <AccountInfo />
        <PasswordForm userId={user.userId} />
        <ExchangePasswordForm userId={user.userId} />
      </div>
    </PageShell>
  );
}

function ProfileCard({ user }: { user: TUser }) {
  const { t } = useTranslation(['account', 'common']);
  const format = useFormat();
  const href = useLocalizedPath();
  const initial = [...(user.nick || user.userId)][0]?.toUpperCase() ?? '';

  return (
    <TitledSection
      name="profile"
      className="card profile"
      title={t('profile.title')}
      titleClassName="visually-hidden"
    >
      <div className="profile__head">
        <span className="profile__avatar" aria-hidden="true">
          {initial}
        </span>
        <div className="profile__names">
          <p className="profile__nick">{user.nick}</p>
          <p className="profile__level">
            <span className="visually-hidden">{t('profile.levelLabel')} </span>
            {t('profile.level', { level: user.level })}
          </p>
        </div>
      </div>
      <dl className="profile__facts">
        <div>
          <dt>{t('profile.userId')}</dt>
          <dd>{user.userId}</dd>
        </div>
        <div>
          <dt>{t('profile.phone')}</dt>
          <dd className="profile__phone">{maskPhone(user.phone)}</dd>
        </div>
      </dl>
      <dl className="wallet">
        <div className="wallet__item wallet__item--money">
          <dt>{t('common:user.balance')}</dt>
          <dd className="money">{format.money(user.balance)}</dd>
        </div>
        <div className="wallet__item">
          <dt>{t('common:user.comp')}</dt>
          <dd className="points">{format.number(user.rolling)}</dd>
        </div>
      </dl>
      <nav className="shortcuts" aria-label={t('profile.shortcuts')}>
        {SHORTCUTS.map(({ page, icon }) => (
          <Link key={page} className="shortcuts__link" to={href(page)}>
            <Icon name={icon} size={20} />
            <span>{t(`profile.shortcut.${page}`)}</span>
          </Link>
        ))}
      </nav>
    </TitledSection>
  );
}

/**
 * The member account info table: user id, account holder, bank, withdrawal account
 * number; empty when absent. The account number is masked like everywhere else (lib/mask.ts); the
 * member who needs to check it shows it with a deliberate press, and hides it again the same way.
 */
function AccountInfo() {
  const { t } = useTranslation(['account', 'common']);
  const locale = useLocale();
  const query = useMemberAccount();
  const [isNumberShown, setIsNumberShown] = useState(false);
  const account = query.data?.account;
  const rows: Array<{ key: string; label: string; value: string | undefined }> = [
    { key: 'userId', label: t('account.userId'), value: account?.userId },
    { key: 'bankOwner', label: t('account.bankOwner'), value: account?.bankOwner },
    {
      key: 'bankname',
      label: t('account.bankname'),
      value: account ? (account.bankname ? bankName(account.bankname, locale) : '') : undefined,
    },
  ];
  const banknum = account?.banknum ?? '';
  return (
    <section
      className="card account-info"
      aria-labelledby="account-info-title"
      aria-busy={query.isPending || undefined}
    >
      <h2 className="card__title" id="account-info-title">
        {t('account.title')}
      </h2>
      <table className="info-table">
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>
                {account ? (
                  row.value
                ) : query.isError ? (
                  ''
                ) : (
                  <span className="skeleton info-table__skeleton" />
                )}
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('account.banknum')}</th>
            <td>
              {account ? (
                banknum && (
                  <span className="info-table__secret">
                    <span className="info-table__number" id="account-banknum">
                      {isNumberShown ? banknum : maskAccountNumber(banknum)}
                    </span>
                    <button
                      type="button"
                      className="btn btn--ghost btn--sm"
                      aria-controls="account-banknum"
                      onClick={() => setIsNumberShown((shown) => !shown)}
                    >
                      <Icon name={isNumberShown ? 'eyeOff' : 'eye'} size={16} />
                      {isNumberShown ? t('account.hideNumber') : t('account.showNumber')}
                    </button>
                  </span>
                )
              ) : query.isError ? (
                ''
              ) : (
                <span className="skeleton info-table__skeleton" />
              )}
            </td>
          </tr>
        </tbody>
      </table>
      {query.isError && !account ? (
        <p className="account-error" role="alert">
          <Icon name="error" size={16} />
          <span>{t('account.loadFailed')}</span>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => void query.refetch()}>
            {t('wallet.retry')}
          </button>
        </p>
      ) : (
        <p className="account-form__note">{t('account.note')}</p>
      )}
    </section>
  );
}
