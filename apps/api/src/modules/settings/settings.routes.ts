import { DEFAULT_LOCALE } from '@casino/contracts/locales';
import type { ModuleContext } from '../../lib/module-context.ts';
import { siteMaintenanceFor } from './maintenance.ts';
import type { SettingsService } from './settings.service.ts';

/**
 * `get-site-status`: whether the site is in maintenance, with the operator's message in the
 * caller's locale and the expected end. It is served during maintenance too (the portal's
 * maintenance page asks it), and reads the switch as every gate does (at most a few seconds old).
 */
export function registerSiteCalls(ctx: ModuleContext, deps: { settings: SettingsService }): void {
  ctx.calls.register(
    'get-site-status',
    async (input) => ({
      status: 'success',
      maintenance: siteMaintenanceFor(await deps.settings.maintenance(), input.locale ?? DEFAULT_LOCALE),
    }),
    { isActivity: false },
  );
}
