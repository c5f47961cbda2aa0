import { useTranslation } from 'react-i18next';
import type { TUser } from '@casino/contracts/members';
import { Icon } from '../../components/ui/icon.tsx';
import { GuardedLink } from '../guarded-link.tsx';

/**
 * Unread notes and answered help posts, each a link to its page with a count badge. `isCompact`
 * (the desktop strip) lets the labels fold away below 1439 px, where the header has 1024 px: the
 * icon and the count stay, the label stays for screen readers and as the link's tooltip.
 */
export function Counters({
  user,
  onNavigate,
  isCompact = false,
}: {
  user: TUser;
  onNavigate?: () => void;
  isCompact?: boolean;
}) {
  const { t } = useTranslation('common');
  const noteCount = Number(user.noteCount ?? 0);
  const helpCount = Number(user.helpCount ?? 0);
  const entries = [
    {
      page: 'note',
      icon: 'note',
      label: t('menu.note'),
      count: noteCount,
      countLabel: t('user.unread', { count: noteCount }),
    },
    {
      page: 'help',
      icon: 'help',
      label: t('menu.help'),
      count: helpCount,
      countLabel: t('user.answered', { count: helpCount }),
    },
  ] as const;
  return (
    <div className={`counters${isCompact ? ' counters--compact' : ''}`}>
      {entries.map((entry) => (
        <GuardedLink
          key={entry.page}
          page={entry.page}
          className="counter"
          {...(isCompact ? { title: entry.label } : {})}
          {...(onNavigate ? { onNavigate } : {})}
        >
          <Icon name={entry.icon} size={18} />
          <span className="counter__label">{entry.label}</span>
          <span
            className={`counter__badge${entry.count > 0 ? ' counter__badge--hot' : ''}`}
            aria-label={entry.countLabel}
          >
            {entry.count}
          </span>
        </GuardedLink>
      ))}
    </div>
  );
}
