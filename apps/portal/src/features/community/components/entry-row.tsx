import { useId, type ReactNode } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';

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
