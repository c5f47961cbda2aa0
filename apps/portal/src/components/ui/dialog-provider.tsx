import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDialogKind } from '@casino/web-kit/dialog-context';
import { DialogProvider as KitDialogProvider } from '@casino/web-kit/dialog-provider.tsx';
import { Icon, type TIconName } from './icon.tsx';
import { Spinner } from './spinner.tsx';

const ICONS: Record<TDialogKind, TIconName> = {
  warning: 'warning',
  info: 'info',
  error: 'error',
  success: 'success',
  confirm: 'question',
  loading: 'info',
};

function badge(kind: TDialogKind): ReactNode {
  return kind === 'loading' ? <Spinner size={28} /> : <Icon name={ICONS[kind]} size={28} />;
}

/**
 * The portal's dialogs: the web kit's dialog system (`@casino/web-kit/dialog-provider.tsx`, used
 * through `useDialogs()` of `@casino/web-kit/dialog-context`) with the portal's words and icons.
 */
export function DialogProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const labels = {
    title: (kind: TDialogKind) => t(`dialog.title.${kind}`),
    ok: t('action.ok'),
    cancel: t('action.cancel'),
  };
  return (
    <KitDialogProvider labels={labels} badge={badge}>
      {children}
    </KitDialogProvider>
  );
}
