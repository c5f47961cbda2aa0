import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { Icon } from '../../components/ui/icon.tsx';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useUserAskAccount } from '../../lib/community/ask-account.ts';
import { communityErrorText, communityStatusText } from './community-text.ts';
import { HelpForm } from './components/help-form.tsx';
import { HelpList } from './components/help-list.tsx';
import { useRefetchOnRise } from './use-refetch-on-rise.ts';
import './community.css';

/**
 * /help (member): the member's help posts with the operator's answers, the form to write one, and
 * the deposit account inquiry (also asked from /deposit), whose answer shows in the same list.
 */
export function HelpPage() {
  const { t } = useTranslation(['community', 'common']);
  const [page, setPage] = useState(1);
  useRefetchOnRise('helps');
  return (
    <PageShell title={t('common:menu.help')} lead={t('help.lead')} icon="help">
      <div className="community-layout">
        <HelpList page={page} onPage={setPage} />
        <div className="community-side">
          <AccountInquiry onAsked={() => setPage(1)} />
          <HelpForm onSent={() => setPage(1)} />
        </div>
      </div>
    </PageShell>
  );
}

/** The deposit account inquiry: `user-ask-account`, `already` while one is still unanswered. */
function AccountInquiry({ onAsked }: { onAsked: () => void }) {
  const { t } = useTranslation(['community', 'common']);
  const dialogs = useDialogs();
  const ask = useUserAskAccount();

  async function onAsk() {
    if (ask.isPending) return;
    let result;
    try {
      result = await ask.mutateAsync();
    } catch (error) {
      await dialogs.error(communityErrorText(t, 'help', error));
      return;
    }
    if (result.status === 'success') {
      onAsked();
      await dialogs.success(t('help.account.done'));
    } else if (result.status === 'already') {
      await dialogs.info(t('help.account.already'));
    } else {
      await dialogs.error(communityStatusText(t, 'help', (result as { status: string }).status));
    }
  }

  return (
    <section className="community-callout" aria-labelledby="account-inquiry-title">
      <Icon name="deposit" size={20} className="community-callout__icon" />
      <div className="community-callout__body">
        <h2 className="community-callout__title" id="account-inquiry-title">
          {t('help.account.title')}
        </h2>
        <p className="community-callout__text">{t('help.account.text')}</p>
      </div>
      <button
        type="button"
        className="btn btn--secondary btn--sm community-callout__action"
        onClick={() => void onAsk()}
        disabled={ask.isPending}
        aria-busy={ask.isPending || undefined}
      >
        {ask.isPending && <Spinner size={16} />}
        {t('help.account.button')}
      </button>
    </section>
  );
}
