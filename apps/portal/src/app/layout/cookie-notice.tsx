import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrowserValue } from '../../lib/hydration.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage.ts';

const isRemembered = () => readStorage(STORAGE_KEYS.cookieNoticeDismissed) === '1';

/**
 * The cookie notice's first-visit bar: one short line over the bottom of the screen until the
 * visitor dismisses it, which local storage remembers. The footer carries the whole notice for good,
 * so the bar is no landmark of its own. The portal only uses the cookies it needs to work.
 */
export function CookieNotice() {
  const { t } = useTranslation('common');
  // Shown in a prerendered document (the build knows no visitor), gone once hydrated for one who
  // dismissed it before.
  const wasDismissed = useBrowserValue(isRemembered, false);
  const [isDismissed, setIsDismissed] = useState(false);
  if (wasDismissed || isDismissed) return null;
  return (
    <div className="cookie-notice">
      <p className="cookie-notice__text">{t('cookie.bar')}</p>
      <button
        type="button"
        className="btn btn--primary btn--sm cookie-notice__accept"
        onClick={() => {
          writeStorage(STORAGE_KEYS.cookieNoticeDismissed, '1');
          setIsDismissed(true);
        }}
      >
        {t('cookie.accept')}
      </button>
    </div>
  );
}
