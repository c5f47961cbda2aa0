import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon, type TIconName } from '../../../components/ui/icon.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import type { TPageId } from '../../../lib/pages.ts';

const LINKS: ReadonlyArray<{ page: TPageId; icon: TIconName }> = [
  { page: 'user', icon: 'user' },
  { page: 'responsible', icon: 'shield' },
  { page: 'history', icon: 'document' },
  { page: 'sessions', icon: 'lock' },
];

/** The pages under my page, as tabs at the top of each (the current one marked). */
export function MyPageLinks({ current }: { current: TPageId }) {
  const { t } = useTranslation(['protection', 'common']);
  const href = useLocalizedPath();
  return (
    <nav className="mypage-links" aria-label={t('nav.label')}>
      {LINKS.map(({ page, icon }) => (
        <Link
          key={page}
          to={href(page)}
          className="mypage-links__link"
          aria-current={page === current ? 'page' : undefined}
        >
          <Icon name={icon} size={18} />
          <span>{page === 'user' ? t('common:menu.user') : t(`nav.${page}`)}</span>
        </Link>
      ))}
    </nav>
  );
}
