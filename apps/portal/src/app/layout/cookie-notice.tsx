import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage.ts';

/**
 * The footer's cookie notice: a bar at the bottom of the screen until the visitor dismisses it;
 * the dismissal is remembered in local storage. The portal only uses the cookies it needs to work.
 */
export function CookieNotice() {
  const { t } = useTranslation('common');
  const [isDismissed, setIsDismissed] = useState(
    () => readStorage(STORAGE_KEYS.cookieNoticeDismissed) === '1',
  );
  if (isDismissed) return null;
  return (
    <section className="cookie-notice" aria-label={t('cookie.label')}>
      <p className="cookie-notice__text">{t('cookie.text')}</p>
      <button
        type="button"
        className="btn btn--primary btn--sm"
        onClick={() => {
          writeStorage(STORAGE_KEYS.cookieNoticeDismissed, '1');
          setIsDismissed(true);
        }}
      >
        {t('cookie.accept')}
      </button>
    </section>
  );
}
