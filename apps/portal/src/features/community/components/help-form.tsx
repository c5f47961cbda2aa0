import { useTranslation } from 'react-i18next';
import { ZUserWriteHelpRequest } from '@casino/contracts/community';
import { HELP_CONTENTS_MAX, HELP_TITLE_MAX } from '@casino/contracts/fields';
import { Form } from '@casino/web-kit/form.tsx';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { Icon } from '../../../components/ui/icon.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormat } from '../../../i18n/use-format.ts';
import { useUserWriteHelp } from '../api/user-write-help.ts';
import { helpFieldText } from '../../../lib/community/help-text.ts';

const FIELDS = ['title', 'contents'] as const;
type TField = (typeof FIELDS)[number];
type TValues = Record<TField, string>;
const EMPTY: TValues = { title: '', contents: '' };

/** The contract's rules (title 1..100, contents 1..5000, neither blank), the same the server checks. */
export function validateHelp(values: TValues) {
  return schemaCodes(ZUserWriteHelpRequest, values, FIELDS);
}

/**
 * Writes a help post: a missing title warns with msg2024, missing contents with
 * msg2025; the member confirms (msg2222) before it is sent; msg2026 says it was saved, msg2027 that
 * it was not. Counters show how much of each limit is used.
 */
export function HelpForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation(['community', 'common']);
  const dialogs = useDialogs();
  const format = useFormat();
  const write = useUserWriteHelp();
  const form = useContractForm<TValues>({ fields: FIELDS, defaultValues: EMPTY, validate: validateHelp });
  const wordOf = (field: TField) => (code: string) => helpFieldText(t, field, code);

  /** The first problem also as a warning dialog, as the specification has it (msg2024, msg2025). */
  function onInvalid() {
    const codes = validateHelp(form.getValues());
    const field = FIELDS.find((f) => codes[f] !== undefined);
    if (field) void dialogs.warning(wordOf(field)(codes[field]!));
  }

  async function onValid(values: TValues) {
    if (!(await dialogs.confirm(t('common:msg2222'), { confirmLabel: t('help.form.submit') }))) return;
    try {
      await write.mutateAsync(values);
    } catch (error) {
      if (!form.showServerErrors(error)) await dialogs.error(t('common:msg2027'));
      return;
    }
    form.reset(EMPTY);
    onSent();
    await dialogs.success(t('common:msg2026'));
  }

  const title = form.watch('title');
  const contents = form.watch('contents');
  const counter = (length: number, max: number) =>
    t('help.form.count', { used: format.number(length), max: format.number(max) });

  return (
    <Form
      form={form}
      onValid={onValid}
      onInvalid={onInvalid}
      className="card help-form"
      aria-labelledby="help-form-title"
    >
      <h2 className="card__title" id="help-form-title">
        {t('help.form.heading')}
      </h2>
      <TextField
        {...form.register('title')}
        label={t('help.form.title')}
        maxLength={HELP_TITLE_MAX}
        autoComplete="off"
        hint={counter(title.length, HELP_TITLE_MAX)}
        status={form.statusOf('title', wordOf('title'))}
      />
      <TextField
        label={t('help.form.contents')}
        hint={counter(contents.length, HELP_CONTENTS_MAX)}
        status={form.statusOf('contents', wordOf('contents'))}
        renderControl={({ id, describedBy, isInvalid }) => (
          <textarea
            {...form.register('contents')}
            id={id}
            className="input community-textarea"
            rows={8}
            maxLength={HELP_CONTENTS_MAX}
            aria-describedby={describedBy}
            aria-invalid={isInvalid || undefined}
          />
        )}
      />
      <p className="community-note">{t('help.form.note')}</p>
      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={write.isPending}>
        {write.isPending ? <Spinner size={18} /> : <Icon name="help" size={20} />}
        {write.isPending ? t('help.form.submitting') : t('help.form.submit')}
      </button>
    </Form>
  );
}
