import { useEffect, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale } from '../i18n/locale-context.ts';
import { siteStatusKeyPrefix, useSiteStatus } from '../lib/site/get-site-status.ts';
import { MaintenancePage } from './maintenance-page.tsx';

/**
 * Shows the maintenance page instead of the site while the operator has it in maintenance
 * (`get-site-status`, read at start and again whenever a call answers 503 `maintenance`). The
 * site renders while the status loads or when it cannot be read: the calls then tell. When the
 * maintenance ends, everything read during it is read again.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  const status = useSiteStatus(locale);
  const maintenance = status.data?.maintenance.enabled ? status.data.maintenance : null;
  const wasClosed = useRef(false);

  useEffect(() => {
    if (maintenance) {
      wasClosed.current = true;
    } else if (wasClosed.current) {
      wasClosed.current = false;
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== siteStatusKeyPrefix[0],
      });
    }
  }, [maintenance, queryClient]);

  if (maintenance) {
    return (
      <MaintenancePage
        maintenance={maintenance}
        onCheck={() => void status.refetch()}
        isChecking={status.isFetching}
      />
    );
  }
  return children;
}
