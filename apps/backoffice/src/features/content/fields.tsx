import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { parseDomainField } from '@casino/contracts/host';
import { HEX_COLOR } from './popup-geometry.ts';

/**
 * The hosts an item is shown on (comma, `|` or space separated; empty: every host), with what the
 * portal's host matcher (contracts' host.ts) will compare: `www.`, protocol, port and path dropped.
 */
export function DomainField({
  value,
  onChange,
  error = null,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The field's error in words (a form layer's status), shown under it. */
  error?: string | null;
}) {
  const { t } = useTranslation();
  const hint = useId();
  const hosts = [...new Set(parseDomainField(value).filter((host) => host !== ''))];
  return (
    <label className="field">
      <span>{t('content.field.domain')}</span>
      <input
        value={value}
        maxLength={500}
        placeholder="casino-a.com, casino-b.com"
        aria-describedby={hint}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <small id={hint} className="muted ct-hosts">
        {hosts.length === 0
          ? t('content.field.everyDomain')
          : t('content.field.shownOn', { hosts: hosts.join(', ') })}
      </small>
      {error && <small className="field-error">{error}</small>}
    </label>
  );
}

/** What a domain field means in a table cell. */
export function domainsText(value: string, every: string): string {
  const hosts = [...new Set(parseDomainField(value).filter((host) => host !== ''))];
  return hosts.length === 0 ? every : hosts.join(', ');
}

/** The title colour: the native picker and its hex text, `#rrggbb` only. */
export function ColorField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const valid = HEX_COLOR.test(value);
  const error = useId();
  return (
    <div className="field">
      <span>{t('content.field.titleColor')}</span>
      <div className="ct-color">
        <input
          type="color"
          aria-label={t('content.field.titleColorPicker')}
          value={valid ? value.toLowerCase() : '#ffffff'}
          onChange={(event) => onChange(event.target.value)}
        />
        <input
          className="ct-color__hex"
          aria-label={t('content.field.titleColorHex')}
          value={value}
          maxLength={7}
          spellCheck={false}
          aria-invalid={!valid}
          aria-describedby={valid ? undefined : error}
          onChange={(event) => onChange(event.target.value.trim())}
        />
      </div>
      {!valid && (
        <small id={error} className="field-error">
          {t('content.field.colorRule')}
        </small>
      )}
    </div>
  );
}
