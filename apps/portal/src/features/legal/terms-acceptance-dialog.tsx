import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { INTL_LOCALE } from '@casino/contracts/locales';
import { ZAcceptTermsRequest, type TAcceptTermsRequest, type TUser } from '@casino/contracts/members';
import { Form } from '@casino/web-kit/form.tsx';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { useDialogs } from '@casino/web-kit/dialog-context';
import '../../components/ui/checkbox.css';
import { Icon } from '../../components/ui/icon.tsx';
import { ModalDescription, ModalLayer, ModalTitle } from '@casino/web-kit/modal-layer.tsx';
import { SafeHtml } from '../../components/ui/safe-html.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorText, type TFieldCodes } from '../../i18n/error-text.ts';
import { useLocale } from '../../i18n/locale-context.ts';
import { legalDocumentQueryOptions } from '../../lib/site/get-legal-document.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { useAcceptTerms } from './api/accept-terms.ts';
import { LegalMeta } from './legal-meta.tsx';
import './legal.css';
import './terms-acceptance.css';

type TPending = NonNullable<TUser['termsToAccept']>;
type TValues = { agree: boolean };
const FIELDS = ['agree'] as const;

/** The acceptance the member sends: the version of each text shown. */
function requestOf(pending: TPending): TAcceptTermsRequest {
  const request: TAcceptTermsRequest = {};
  for (const { kind, version } of pending) request[kind] = version;
  return request;
}

/**
 * The newer terms of use or privacy policy (`user.termsToAccept`), shown to a member who accepted an
 * older version, over whatever page they are on: each new text with its version and date, then
 * "I have read and accept" and the acceptance (`accept-terms`), or signing out. It cannot be
 * dismissed; until the member accepts, the server refuses deposits, withdrawals, the comp
 * conversion and games (403 `must_accept_terms`).
 */
export function TermsAcceptanceDialog({
  pending,
  onSignOut,
}: {
  pending: TPending;
  onSignOut: () => Promise<void> | void;
}) {
  const { t } = useTranslation(['legal', 'common']);
  const session = useSession();
  const dialogs = useDialogs();
  const accept = useAcceptTerms();
  const submitRef = useRef<HTMLButtonElement>(null);
  const form = useContractForm<TValues>({
    fields: FIELDS,
    defaultValues: { agree: false },
    validate: (values) => {
      // The contract's rule (a version of each text shown) and the form's own: the box is ticked.
      const codes: TFieldCodes<'agree'> = schemaCodes(ZAcceptTermsRequest, requestOf(pending), FIELDS);
      if (!values.agree) codes.agree = 'required';
      return codes;
    },
  });

  async function onValid() {
    let result;
    try {
      result = await accept.mutateAsync(requestOf(pending));
    } catch (error) {
      await dialogs.error(errorText(t, error));
      return;
    }
    // Either way the session says what stands now: nothing (the dialog goes), or the newer version.
    await session.refresh();
    if (result.status === 'fail') {
      form.reset({ agree: false });
      await dialogs.info(t('accept.newer'));
    }
  }

  const agreeError = form.formState.errors.agree ? t('accept.agreeRequired') : null;
  return (
    <ModalLayer
      isOpen
      overlayClassName="modal-overlay--center"
      className="dialog terms-accept"
      role="dialog"
      aria-modal="true"
      initialFocusRef={submitRef}
      data-dialog-id="terms-acceptance"
    >
      <div className="dialog__badge" aria-hidden="true">
        <Icon name="document" size={28} />
      </div>
      <ModalTitle className="dialog__title">{t('accept.title')}</ModalTitle>
      <ModalDescription className="dialog__message">{t('accept.lead')}</ModalDescription>
      <div className="terms-accept__texts">
        {pending.map((item) => (
          <PendingText key={item.kind} kind={item.kind} version={item.version} />
        ))}
      </div>
      <Form form={form} onValid={onValid} className="terms-accept__form" aria-label={t('accept.title')}>
        <label className="checkbox terms-accept__agree">
          <input
            {...form.register('agree')}
            type="checkbox"
            aria-invalid={agreeError ? true : undefined}
            aria-describedby="terms-accept-message"
          />
          <span className="checkbox__box" aria-hidden="true">
            <Icon name="check" size={16} />
          </span>
          <span className="checkbox__label">
            {t('accept.agree', {
              documents: pending
                .map((item) =>
                  t('accept.document', { title: t(`${item.kind}.title`), version: item.version }),
                )
                .join(t('accept.and')),
            })}
          </span>
        </label>
        <p id="terms-accept-message" className="field__message field__message--error" aria-live="polite">
          {agreeError}
        </p>
        <div className="dialog__actions terms-accept__actions">
          <button ref={submitRef} type="submit" className="btn btn--primary" disabled={accept.isPending}>
            {accept.isPending && <Spinner size={18} />}
            {accept.isPending ? t('accept.submitting') : t('accept.submit')}
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => void onSignOut()}>
            <Icon name="logout" size={16} />
            {t('common:auth.logout')}
          </button>
        </div>
      </Form>
    </ModalLayer>
  );
}

/**
 * One new text as the operator published it. Until the server's copy (kept a few seconds per
 * instance) is the version the member is asked to accept, it is fetched again; a newer one means
 * the session's list is old, and the session is checked again.
 */
function PendingText({ kind, version }: { kind: 'terms' | 'privacy'; version: number }) {
  const { t } = useTranslation(['legal', 'common']);
  const locale = useLocale();
  const session = useSession();
  const query = useQuery({
    ...legalDocumentQueryOptions(kind, locale),
    refetchInterval: (q) => {
      const data = q.state.data;
      return data?.status === 'success' && data.document.version < version ? 2_000 : false;
    },
  });
  const document = query.data?.status === 'success' ? query.data.document : null;
  const isNewer = document !== null && document.version > version;
  const { refresh } = session;
  useEffect(() => {
    if (isNewer) void refresh();
  }, [isNewer, refresh]);
  const headingId = `terms-accept-${kind}`;

  return (
    <section className="terms-accept__text" aria-labelledby={headingId}>
      <h3 className="terms-accept__heading" id={headingId}>
        {document?.version === version ? document.title : t(`${kind}.title`)}
      </h3>
      {query.isError ? (
        <div className="empty-state" role="alert">
          <p className="empty-state__title">{t('loadFailed')}</p>
          <button type="button" className="btn btn--secondary" onClick={() => void query.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : document?.version !== version ? (
        <div className="legal__loading terms-accept__loading" aria-busy="true" aria-label={t('loading')}>
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--block" />
        </div>
      ) : (
        <>
          <LegalMeta document={document} />
          <div className="terms-accept__body" lang={INTL_LOCALE[document.locale]} tabIndex={0}>
            <SafeHtml html={document.body} className="legal__body" />
          </div>
        </>
      )}
    </section>
  );
}
