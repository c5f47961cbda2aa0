import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import { errorText } from '../../../i18n/error-text.ts';

/** A protection screen's read that failed: what went wrong and a reload button. */
export function LoadError({
  query,
  className = 'protection-error',
}: {
  query: { error: unknown; refetch: () => unknown };
  className?: string;
}) {
  const { t } = useTranslation(['protection', 'common']);
  return (
    <p className={className} role="alert">
      <Icon name="error" size={18} />
      <span>{errorText(t, query.error)}</span>
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => void query.refetch()}>
        {t('common:action.reload')}
      </button>
    </p>
  );
}
