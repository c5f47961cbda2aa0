import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Icon, type TIconName } from './icon.tsx';

interface PageShellProps {
  title: string;
  lead?: string;
  icon?: TIconName;
  /** The page's content; without it the page says honestly that its content is not there yet. */
  children?: ReactNode;
  /** A single centred column (forms such as sign-in and sign-up). */
  isNarrow?: boolean;
}

/** The frame of a page: its title (also the document title), a lead line and the content. */
export function PageShell({ title, lead, icon, children, isNarrow = false }: PageShellProps) {
  const { t } = useTranslation('common');
  useDocumentTitle(title);
  return (
    <section className={isNarrow ? 'page page--narrow' : 'page'} aria-labelledby="page-title">
      <header className="page__header">
        {icon && (
          <span className="page__icon" aria-hidden="true">
            <Icon name={icon} size={26} />
          </span>
        )}
        <div>
          <h1 className="page__title" id="page-title" tabIndex={-1}>
            {title}
          </h1>
          {lead && <p className="page__lead">{lead}</p>}
        </div>
      </header>
      {children ?? (
        <div className="empty-state">
          <Icon name="info" size={28} />
          <p className="empty-state__title">{t('page.comingSoonTitle')}</p>
          <p className="empty-state__text">{t('page.comingSoonText')}</p>
        </div>
      )}
    </section>
  );
}
