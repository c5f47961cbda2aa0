import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { errorText } from '../../i18n/error-text.ts';
import { reloadPage } from '../../lib/browser.ts';
import {
  readStorage,
  SESSION_KEYS,
  STORAGE_KEYS,
  writeSessionStorage,
  writeStorage,
} from '../../lib/storage.ts';
import { signInWithCredentials } from '../../lib/session/api/credentials-sign-in.ts';
import { blockedSearch } from '../../lib/protection/blocked-url.ts';
import { localizePath } from '../../i18n/locale-paths.ts';
import { useLocale } from '../../i18n/locale-context.ts';
import { PAGE_PATHS } from '../../lib/pages.ts';

/** The id of the last successful sign-in, to pre-fill the forms. */
export function rememberedUserId(): string {
  return readStorage(STORAGE_KEYS.lastUserId) ?? '';
}

/**
 * The sign-in flow, shared by the desktop strip, the side panel and /login:
 * an empty field warns (msg2030); otherwise a loading dialog (msg2214) covers the credentials
 * sign-in; a failure shows an error, a success confirms (msg2029), remembers the id (never the
 * password) and reloads the page (or, from the sign-in page itself, loads `afterLoginUrl`: reloading
 * /login would only say "already signed in"). Resolves true when the member is signed in. A member
 * on a time-out or self-exclusion is sent to the blocked page, which says until when and where to
 * find help; the page after a sign-in shows the previous sign-in once (features/protection).
 */
export function useLogin(afterLoginUrl?: string): (userId: string, password: string) => Promise<boolean> {
  const { t } = useTranslation('common');
  const dialogs = useDialogs();
  const locale = useLocale();
  return useCallback(
    async (rawUserId: string, password: string) => {
      const userId = rawUserId.trim().toLowerCase();
      if (!userId || !password) {
        await dialogs.warning(t('msg2030'));
        return false;
      }
      const loading = dialogs.loading(t('msg2214'));
      let result;
      try {
        result = await signInWithCredentials({ userId, password });
      } catch (error) {
        loading.close();
        await dialogs.error(errorText(t, error));
        return false;
      }
      loading.close();
      if (!result.ok) {
        if (result.error === 'AccessDenied' && result.until !== undefined) {
          reloadPage(`${localizePath(PAGE_PATHS.blocked, locale)}${blockedSearch({ until: result.until })}`);
          return false;
        }
        if (result.error === 'too_many') await dialogs.error(t('status.too_many'));
        else if (result.error === 'AccessDenied') await dialogs.error(t('status.blocked'));
        else await dialogs.error(t('msg2030'));
        return false;
      }
      writeStorage(STORAGE_KEYS.lastUserId, userId);
      writeSessionStorage(SESSION_KEYS.justSignedIn, '1');
      await dialogs.success(t('msg2029'));
      reloadPage(afterLoginUrl);
      return true;
    },
    [afterLoginUrl, dialogs, locale, t],
  );
}
