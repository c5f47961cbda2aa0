import { useTranslation } from 'react-i18next';
import type { TUser } from '@casino/contracts/members';
import { Icon } from '../../components/ui/icon.tsx';
import { GuardedLink } from '../guarded-link.tsx';

/** Unread notes and answered help posts, each a link to its page with a count badge. */
export function Counters({ user, onNavigate }: { user: TUser; onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  const noteCount = Number(user.noteCount ?? 0);
  const helpCount = Number(user.helpCount ?? 0);
  return (
    <div className="counters">
      <GuardedLink page="note" className="counter" {...(onNavigate ? { onNavigate } : {})}>
        <Icon name="note" size={18} />
        <span>{t('menu.note')}</span>
        <span
          className={`counter__badge${noteCount > 0 ? ' counter__badge--hot' : ''}`}
          aria-label={t('user.unread', { count: noteCount })}
        >
          {noteCount}
        </span>
      </GuardedLink>
      <GuardedLink page="help" className="counter" {...(onNavigate ? { onNavigate } : {})}>
        <Icon name="help" size={18} />
        <span>{t('menu.help')}</span>
        <span
          className={`counter__badge${helpCount > 0 ? ' counter__badge--hot' : ''}`}
          aria-label={t('user.answered', { count: helpCount })}
        >
          {helpCount}
        </span>
      </GuardedLink>
    </div>
  );
}
