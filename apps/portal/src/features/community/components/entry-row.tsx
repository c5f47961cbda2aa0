import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type TIconName } from '../../../components/ui/icon.tsx';
import { useFormat } from '../../../i18n/use-format.ts';

/**
 * One row of a community list (a help post, a note, a notice) that opens in place: a button with
 * the row's summary (aria-expanded) and, while open, its panel.
 */
export function EntryRow({
  anchorId,
  isOpen,
  isUnread = false,
  onToggle,
  summary,
  children,
}: {
  /** The row's DOM id, for links to one entry (`/notice?id=12`). */
  anchorId?: string;
  isOpen: boolean;
  /** Marks the row as news (an unread note, an unread answer). */
  isUnread?: boolean;
  onToggle: () => void;
  summary: ReactNode;
  children: ReactNode;
}) {
  const panelId = useId();
  const classes = ['entry', isOpen ? 'entry--open' : '', isUnread ? 'entry--unread' : ''].filter(Boolean);
  return (
    <li className={classes.join(' ')} id={anchorId}>
      <button
        type="button"
        className="entry__summary"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={onToggle}
      >
        <span className="entry__summary-body">{summary}</span>
        <Icon name="chevronDown" size={20} className="entry__chevron" />
      </button>
      {isOpen && (
        <div className="entry__panel" id={panelId}>
          {children}
        </div>
      )}
    </li>
  );
}

/** A row's summary: its pills (`top`, when any), its title and its date. */
export function EntrySummary({
  top,
  title,
  date,
}: {
  top?: ReactNode;
  title: ReactNode;
  date: string | null;
}) {
  const format = useFormat();
  return (
    <>
      {top !== undefined && <span className="entry__top">{top}</span>}
      <span className="entry__title">{title}</span>
      <span className="entry__meta">
        <time dateTime={date ?? undefined}>{format.date(date)}</time>
      </span>
    </>
  );
}

/** The delete button of a row or of a whole list (the ghost button with the bin). */
export function EntryDeleteButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <button type="button" className="btn btn--ghost btn--sm" onClick={onClick} disabled={disabled}>
      <Icon name="trash" size={16} />
      {label}
    </button>
  );
}

/** The list's placeholder rows while the first page loads (the same height as real rows). */
export function EntrySkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <ul className="entry-list" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="entry entry--skeleton">
          <span className="skeleton entry__skeleton-title" />
          <span className="skeleton entry__skeleton-line" />
        </li>
      ))}
    </ul>
  );
}

/**
 * A community list's card (help posts, notes, notices): its heading with the total and the
 * list's actions, then placeholder rows while the first page loads, the failure with a retry, the
 * rows (`children`, dimmed while an older page stands in for the next), or the empty state;
 * `footer` (the pager) under it.
 */
export function EntryCard({
  name,
  heading,
  total,
  actions,
  query,
  hasData,
  loadFailed,
  hasRows,
  isStale = false,
  empty,
  footer,
  children,
}: {
  /** Names the heading's id, `<name>-title`. */
  name: string;
  heading: ReactNode;
  /** The total's words, once the list is read. */
  total: ReactNode;
  actions?: ReactNode;
  query: { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  /** Whether a page (or the list) has been read. */
  hasData: boolean;
  loadFailed: string;
  hasRows: boolean;
  isStale?: boolean;
  empty: { icon: TIconName; text: string };
  footer: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('community');
  const titleId = `${name}-title`;
  return (
    <section className="card entry-card" aria-labelledby={titleId} aria-busy={query.isFetching || undefined}>
      <header className="entry-card__header">
        <h2 className="card__title" id={titleId}>
          {heading}
        </h2>
        {hasData && <span className="entry-card__total">{total}</span>}
        {actions}
      </header>
      {query.isPending ? (
        <EntrySkeleton />
      ) : query.isError && !hasData ? (
        <div className="entry-card__empty" role="alert">
          <Icon name="error" size={24} />
          <p>{loadFailed}</p>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => void query.refetch()}>
            {t('list.retry')}
          </button>
        </div>
      ) : hasRows ? (
        <ul className={`entry-list${isStale ? ' entry-list--stale' : ''}`}>{children}</ul>
      ) : (
        <div className="entry-card__empty">
          <Icon name={empty.icon} size={24} />
          <p>{empty.text}</p>
        </div>
      )}
      {footer}
    </section>
  );
}
