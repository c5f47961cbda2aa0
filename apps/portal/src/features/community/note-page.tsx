import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TNote } from '@casino/contracts/community';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { Icon } from '../../components/ui/icon.tsx';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { Pager, usePageCount } from '../../components/ui/pager.tsx';
import { SafeHtml } from '../../components/ui/safe-html.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { COMMUNITY_PAGE_SIZE, noteListQueryOptions } from '../../lib/community/queries.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { useDelAllNote } from './api/del-all-note.ts';
import { useDelNote } from './api/del-note.ts';
import { useReadAllNote } from './api/read-all-note.ts';
import { useReadNoteMessage } from './api/read-note-message.ts';
import { communityErrorText, deleteAllWithDialogs, deleteWithDialogs } from './community-text.ts';
import { EntryCard, EntryDeleteButton, EntryRow, EntrySummary } from './components/entry-row.tsx';
import { useRefetchOnRise } from './use-refetch-on-rise.ts';
import './community.css';

/**
 * /note (member): the operator's private notes, newest first, paged. Opening a note marks it read
 * (the header's count drops at once); all can be marked read, and notes are deleted one by one or
 * all at once, each after a confirmation. Note contents are operator HTML, sanitized.
 */
export function NotePage() {
  const { t } = useTranslation(['community', 'common']);
  const dialogs = useDialogs();
  const format = useFormat();
  const { health } = useSession();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useQuery({
    ...noteListQueryOptions(page, COMMUNITY_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const read = useReadNoteMessage();
  const readAll = useReadAllNote();
  const remove = useDelNote();
  const removeAll = useDelAllNote();
  useRefetchOnRise('notes');
  const data = query.data;
  const pages = usePageCount(query, 'notes', page, setPage, COMMUNITY_PAGE_SIZE);
  const isBusy = remove.isPending || removeAll.isPending || readAll.isPending;
  const unread = health?.noteCount ?? data?.notes.filter((n) => !n.isRead).length ?? 0;

  function toggle(note: TNote) {
    const isOpening = openId !== note.id;
    setOpenId(isOpening ? note.id : null);
    if (isOpening && !note.isRead) read.mutate(note.id);
  }

  async function onReadAll() {
    try {
      await readAll.mutateAsync();
    } catch (error) {
      await dialogs.error(communityErrorText(t, 'note', error));
      return;
    }
    await dialogs.success(t('note.readAllDone'));
  }

  function onDelete(note: TNote) {
    return deleteWithDialogs(
      dialogs,
      t,
      'note',
      {
        question: t('note.deleteConfirm', { title: note.title }),
        confirmLabel: t('note.delete'),
        done: t('note.deleted'),
      },
      () => remove.mutateAsync(note.id),
    );
  }

  function onDeleteAll() {
    return deleteAllWithDialogs(
      dialogs,
      {
        question: t('note.deleteAllConfirm'),
        confirmLabel: t('note.deleteAll'),
        failed: t('note.deleteAllFailed'),
        done: t('note.deleteAllDone'),
      },
      () => removeAll.mutateAsync(),
      () => {
        setOpenId(null);
        setPage(1);
      },
    );
  }

  return (
    <PageShell title={t('common:menu.note')} lead={t('note.lead')} icon="note">
      <EntryCard
        name="note-list"
        heading={t('note.heading')}
        total={
          data &&
          t('note.unreadOfTotal', {
            unread: format.number(unread),
            total: format.number(data.maxCount),
          })
        }
        actions={
          <div className="entry-card__actions">
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => void onReadAll()}
              disabled={!data || unread === 0 || isBusy}
            >
              <Icon name="check" size={16} />
              {t('note.readAll')}
            </button>
            <EntryDeleteButton
              label={t('note.deleteAll')}
              onClick={() => void onDeleteAll()}
              disabled={!data || data.maxCount === 0 || isBusy}
            />
          </div>
        }
        query={query}
        hasData={data !== undefined}
        loadFailed={t('note.loadFailed')}
        hasRows={data !== undefined && data.notes.length > 0}
        isStale={query.isPlaceholderData}
        empty={{ icon: 'note', text: t('note.empty') }}
        footer={<Pager page={page} pages={pages} onPage={setPage} isBusy={query.isFetching} />}
      >
        {data?.notes.map((note) => (
          <EntryRow
            key={note.id}
            isOpen={openId === note.id}
            isUnread={!note.isRead}
            onToggle={() => toggle(note)}
            summary={
              <EntrySummary
                top={
                  <>
                    <span className={note.isRead ? 'state-pill state-pill--other' : 'new-pill'}>
                      {note.isRead ? t('note.read') : t('note.unread')}
                    </span>
                  </>
                }
                title={note.title}
                date={note.regDate}
              />
            }
          >
            <SafeHtml html={note.contents} />
            <div className="entry__actions">
              <EntryDeleteButton
                label={t('note.delete')}
                onClick={() => void onDelete(note)}
                disabled={isBusy}
              />
            </div>
          </EntryRow>
        ))}
      </EntryCard>
    </PageShell>
  );
}
