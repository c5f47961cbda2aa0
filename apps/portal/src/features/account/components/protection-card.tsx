import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type TIconName } from '../../../components/ui/icon.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { usePlayLimits } from '../../../lib/protection/api/get-play-limits.ts';
import type { TPageId } from '../../../lib/pages.ts';
import { TitledSection } from '../../../components/ui/titled-section.tsx';

const LINKS: ReadonlyArray<{ page: TPageId; icon: TIconName }> = [
  { page: 'responsible', icon: 'shield' },
  { page: 'history', icon: 'document' },
  { page: 'sessions', icon: 'lock' },
];

/**
 * My page's player-protection card: the member's lifetime deposits, withdrawals and net deposits
 * (`lifetime` of get-play-limits), and the pages under my page (limits and breaks, history, sessions).
 */
export function ProtectionCard() {
  const { t } = useTranslation(['account', 'common']);
  const format = useFormat();
  const href = useLocalizedPath();
  const query = usePlayLimits();
  const lifetime = query.data?.lifetime;
  const figure = (value: number | undefined) =>
    value === undefined ? (
      query.isError ? (
        '-'
      ) : (
        <span className="skeleton wallet__skeleton" />
      )
    ) : (
      format.money(value)
    );
  return (
    <TitledSection name="protection-card" className="card protection-card" title={t('protection.title')}>
      <dl className="lifetime">
        <div>
          <dt>{t('protection.deposits')}</dt>
          <dd>{figure(lifetime?.deposits)}</dd>
        </div>
        <div>
          <dt>{t('protection.withdrawals')}</dt>
          <dd>{figure(lifetime?.withdrawals)}</dd>
        </div>
        <div className="lifetime__net">
          <dt>{t('protection.net')}</dt>
          <dd className="money">{figure(lifetime?.net)}</dd>
        </div>
      </dl>
      <p className="account-form__note">{t('protection.netNote')}</p>
      <nav className="shortcuts" aria-label={t('protection.links')}>
        {LINKS.map(({ page, icon }) => (
          <Link key={page} className="shortcuts__link" to={href(page)}>
            <Icon name={icon} size={20} />
            <span>{t(`protection.link.${page}`)}</span>
          </Link>
        ))}
      </nav>
    </TitledSection>
  );
}
