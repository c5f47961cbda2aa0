import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { errorText } from '../../i18n/error-text.ts';
import { reloadPage } from '../../lib/browser.ts';
import { signOut } from './api/sign-out.ts';

/** Logout: confirm (msg2216), sign out on the server, reload. */
export function useLogout(): () => Promise<void> {
  const { t } = useTranslation('common');
  const dialogs = useDialogs();
  return useCallback(async () => {
    if (!(await dialogs.confirm(t('msg2216')))) return;
    const loading = dialogs.loading(t('auth.signingOut'));
    try {
      await signOut();
    } catch (error) {
      loading.close();
      await dialogs.error(errorText(t, error));
      return;
    }
    loading.close();
    reloadPage();
  }, [dialogs, t]);
}
