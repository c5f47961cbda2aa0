import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { THelp } from '@casino/contracts/community';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { Pager, usePageCount } from '../../../components/ui/pager.tsx';
import { SafeHtml } from '../../../components/ui/safe-html.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { COMMUNITY_PAGE_SIZE, helpListQueryOptions } from '../../../lib/community/queries.ts';
import { useDelAllHelp } from '../api/del-all-help.ts';
import { useDelHelp } from '../api/del-help.ts';
import { useReadHelpMessage } from '../api/read-help-message.ts';
import { deleteAllWithDialogs, deleteWithDialogs, helpStateText, helpStateTone } from '../community-text.ts';
import { entryAnchor, useLinkedEntryId, useOpenLinkedEntry } from '../use-linked-entry.ts';
import { EntryCard, EntryDeleteButton, EntryRow, EntrySummary } from './entry-row.tsx';
import { helpTitle } from '../../../lib/community/help-title.ts';

/**
 * The member's help posts, newest first, paged: state (waiting or complete), title and date; a row
 * opens to the question (the member's text, as text) and the operator's answer (sanitized HTML).
 * Opening an unread answer marks it read, and the header's count drops at once. Posts are deleted
 * one by one or all at once (msg2221, msg2053, msg2054).
 */
export function HelpList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation(['community', 'common']);
  const dialogs = useDialogs();
  const format = useFormat();
  const query = useQuery({
    ...helpListQueryOptions(page, COMMUNITY_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const read = useReadHelpMessage();
  const remove = useDelHelp();
  const removeAll = useDelAllHelp();
  const [openId, setOpenId] = useState<number | null>(null);
  const data = query.data;
  const pages = usePageCount(query, 'helps', page, onPage, COMMUNITY_PAGE_SIZE);
  const isBusy = remove.isPending || removeAll.isPending;

  function toggle(help: THelp) {
    const isOpening = openId !== help.id;
    setOpenId(isOpening ? help.id : null);
    if (isOpening && help.state === 'already' && !help.isRead) read.mutate(help.id);
  }

  // A link from the home panel (`/help?id=7`) opens its post (and reads its answer) once it is listed.
  const linkedId = useLinkedEntryId();
  const ids = useMemo(() => data?.helps.map((help) => help.id), [data]);
  useOpenLinkedEntry('help', linkedId, ids, (id) => {
    const help = data?.helps.find((h) => h.id === id);
    if (help) toggle(help);
  });

  function onDelete(help: THelp) {
    return deleteWithDialogs(
      dialogs,
      t,
      'help',
      {
        question: t('help.list.deleteConfirm', { title: helpTitle(t, help) }),
        confirmLabel: t('help.list.delete'),
        done: t('help.list.deleted'),
      },
      () => remove.mutateAsync(help.id),
    );
  }

  function onDeleteAll() {
    return deleteAllWithDialogs(
      dialogs,
      {
        question: t('common:msg2221'),
        confirmLabel: t('help.list.deleteAll'),
        failed: t('common:msg2054'),
        done: t('common:msg2053'),
      },
      () => removeAll.mutateAsync(),
      () => {
        setOpenId(null);
        onPage(1);
      },
    );
  }

  return (
    <EntryCard
      name="help-list"
      heading={t('help.list.heading')}
      total={data && t('list.total', { total: format.number(data.maxCount) })}
      actions={
        <EntryDeleteButton
          label={t('help.list.deleteAll')}
          onClick={() => void onDeleteAll()}
          disabled={!data || data.maxCount === 0 || isBusy}
        />
      }
      query={query}
      hasData={data !== undefined}
      loadFailed={t('help.list.loadFailed')}
      hasRows={data !== undefined && data.helps.length > 0}
      isStale={query.isPlaceholderData}
      empty={{ icon: 'help', text: t('help.list.empty') }}
      footer={<Pager page={page} pages={pages} onPage={onPage} isBusy={query.isFetching} />}
    >
      {data?.helps.map((help) => {
        const tone = helpStateTone(help.state);
        const isNewAnswer = help.state === 'already' && !help.isRead;
        return (
          <EntryRow
            key={help.id}
            anchorId={entryAnchor('help', help.id)}
            isOpen={openId === help.id}
            isUnread={isNewAnswer}
            onToggle={() => toggle(help)}
            summary={
              <EntrySummary
                top={
                  <>
                    <span className={`state-pill state-pill--${tone}`}>{helpStateText(t, help.state)}</span>
                    {isNewAnswer && <span className="new-pill">{t('help.list.newAnswer')}</span>}
                  </>
                }
                title={helpTitle(t, help)}
                date={help.regDate}
              />
            }
          >
            <div className="entry__block">
              <h3 className="entry__label">{t('help.list.question')}</h3>
              <p className="entry__text">{help.contents}</p>
            </div>
            <div className="entry__block entry__block--answer">
              <h3 className="entry__label">
                {t('help.list.answer')}
                {help.answerDate && (
                  <time className="entry__label-date" dateTime={help.answerDate}>
                    {format.date(help.answerDate)}
                  </time>
                )}
              </h3>
              {help.answer ? (
                <SafeHtml html={help.answer} />
              ) : (
                <p className="entry__waiting">{t('help.list.noAnswer')}</p>
              )}
            </div>
            <div className="entry__actions">
              <EntryDeleteButton
                label={t('help.list.delete')}
                onClick={() => void onDelete(help)}
                disabled={isBusy}
              />
            </div>
          </EntryRow>
        );
      })}
    </EntryCard>
  );
}
