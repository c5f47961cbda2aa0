import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INTL_LOCALE, isLocale, LOCALES, type TLocale } from '@casino/contracts/locales';
import { Icon } from '../../components/ui/icon.tsx';
import { useLocale } from '../../i18n/locale-context.ts';
import { switchLocaleUrl } from '../../i18n/locale-paths.ts';

/** Each language by its own name, the same in every locale (so a reader finds their own). */
export const LANGUAGE_NAMES: Record<TLocale, string> = {
  ko: '한국어',
  en: 'English',
  jp: '日本語',
  vn: 'Tiếng Việt',
  cn: '简体中文',
};

/**
 * The language picker: the same page in the chosen locale. The new language's
 * translations load before the navigation, so the page does not flash empty.
 */
export function LanguagePicker({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('common');
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();

  async function onChange(value: string) {
    if (!isLocale(value) || value === locale) return;
    await i18n.loadLanguages(value).catch(() => undefined);
    void navigate(switchLocaleUrl(location, value));
  }

  return (
    <div className={`lang-picker${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <Icon name="globe" size={18} className="lang-picker__globe" />
      <select
        id={id}
        className="lang-picker__select"
        value={locale}
        onChange={(e) => void onChange(e.target.value)}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={INTL_LOCALE[code]}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      <Icon name="chevronDown" size={16} className="lang-picker__chevron" />
    </div>
  );
}
