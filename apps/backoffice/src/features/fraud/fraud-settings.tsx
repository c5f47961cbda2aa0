import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  FRAUD_ACTIONS,
  ZFraudSettingsRequest,
  type TFraudAction,
  type TFraudSettings,
} from '@casino/contracts/backoffice-fraud';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm } from '@casino/web-kit/contract-form';
import { Form } from '@casino/web-kit/form.tsx';
import { Field, FormMessage, useFailureText, useFieldText } from '../../components/field.tsx';
import { FailureNotice } from '../../components/notice.tsx';
import { apiKey, apiQuery, useApiMutation } from '../../lib/api.ts';

const FIELDS = [
  'registerAction',
  'signInAction',
  'linkThreshold',
  'ipLinks',
  'ipLinkDays',
  'skipFlaggedPromotions',
  'refuseOppositeBets',
] as const;

interface TValues {
  registerAction: string;
  signInAction: string;
  linkThreshold: string;
  ipLinks: boolean;
  ipLinkDays: string;
  skipFlaggedPromotions: boolean;
  refuseOppositeBets: boolean;
}

const valuesOf = (s: TFraudSettings): TValues => ({
  ...s,
  linkThreshold: String(s.linkThreshold),
  ipLinkDays: String(s.ipLinkDays),
});

/** The values as the route's body (numbers typed as text stay text when they are not whole numbers, for the schema to refuse). */
function bodyOf(v: TValues): TFraudSettings {
  const whole = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : (text as never));
  return {
    registerAction: v.registerAction as TFraudAction,
    signInAction: v.signInAction as TFraudAction,
    linkThreshold: whole(v.linkThreshold),
    ipLinks: v.ipLinks,
    ipLinkDays: whole(v.ipLinkDays),
    skipFlaggedPromotions: v.skipFlaggedPromotions,
    refuseOppositeBets: v.refuseOppositeBets,
  };
}

function SettingsForm({ settings, onSaved }: { settings: TFraudSettings; onSaved: (text: string) => void }) {
  const { t } = useTranslation();
  const fieldText = useFieldText('fraud');
  const failure = useFailureText('fraud');
  const form = useContractForm<TValues>({
    fields: FIELDS,
    defaultValues: valuesOf(settings),
    validate: (values) => schemaCodes(ZFraudSettingsRequest, bodyOf(values), FIELDS),
  });
  const save = useApiMutation('fraud.settings.update', {
    input: (values: TValues) => ({ body: bodyOf(values) }),
    invalidates: [apiKey('fraud.settings'), apiKey('fraud.rings')],
    onSuccess: (answer) => {
      form.reset(valuesOf(answer.settings));
      onSaved(t('fraud.settingsSaved'));
    },
    onError: (error) => form.showServerErrors(error) || form.failForm(failure(error)),
  });
  const status = (field: (typeof FIELDS)[number]) => form.statusOf(field, fieldText(field));
  const action = (field: 'registerAction' | 'signInAction') => (
    <Field label={t(`fraud.settings.${field}`)} status={status(field)}>
      {(aria) => (
        <select {...aria} {...form.register(field)}>
          {FRAUD_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {t(`fraud.settings.actions.${a}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const check = (field: 'ipLinks' | 'skipFlaggedPromotions' | 'refuseOppositeBets') => (
    <label className="fraud__switch">
      <input type="checkbox" role="switch" {...form.register(field)} />
      {t(`fraud.settings.${field}`)}
    </label>
  );
  return (
    <Form
      form={form}
      className="fraud__settings"
      aria-label={t('fraud.settings.title')}
      onValid={(v) => save.mutate(v)}
    >
      {action('registerAction')}
      {action('signInAction')}
      <Field label={t('fraud.settings.linkThreshold')} status={status('linkThreshold')}>
        {(aria) => <input {...aria} inputMode="numeric" maxLength={4} {...form.register('linkThreshold')} />}
      </Field>
      {check('ipLinks')}
      <Field label={t('fraud.settings.ipLinkDays')} status={status('ipLinkDays')}>
        {(aria) => <input {...aria} inputMode="numeric" maxLength={2} {...form.register('ipLinkDays')} />}
      </Field>
      {check('skipFlaggedPromotions')}
      {check('refuseOppositeBets')}
      <FormMessage text={form.formMessage} />
      <button type="submit" className="btn" disabled={save.isPending}>
        {t('fraud.settings.save')}
      </button>
    </Form>
  );
}

/** The operator's abuse settings (read: owner and cashier; saved by the owner, audited). */
export function FraudSettings({ canEdit, onSaved }: { canEdit: boolean; onSaved: (text: string) => void }) {
  const { t } = useTranslation();
  const settings = useQuery(apiQuery('fraud.settings'));
  return (
    <section className="box" aria-labelledby="fraud-settings">
      <h2 id="fraud-settings" className="fraud__heading">
        {t('fraud.settings.title')}
      </h2>
      <p className="muted">{t('fraud.settings.lead')}</p>
      <FailureNotice error={settings.error} />
      {settings.data &&
        (canEdit ? (
          <SettingsForm key={settings.data.updatedAt} settings={settings.data.settings} onSaved={onSaved} />
        ) : (
          <p>
            {t('fraud.settings.summary', {
              register: t(`fraud.settings.actions.${settings.data.settings.registerAction}`),
              signIn: t(`fraud.settings.actions.${settings.data.settings.signInAction}`),
              threshold: settings.data.settings.linkThreshold,
            })}
          </p>
        ))}
    </section>
  );
}
