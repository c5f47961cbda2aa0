import { DEFAULT_LOCALE } from '@casino/contracts/locales';
import type { ModuleContext } from '../../lib/module-context.ts';
import { requestHostSource } from '../../lib/request-host.ts';
import { siteMaintenanceFor } from './maintenance.ts';
import type { SettingsService } from './settings.service.ts';
import type { SitesService } from './sites.service.ts';

/**
 * `get-site-status`: whether the site is in maintenance, with the operator's message in the
 * caller's locale and the expected end, and the site of the request's host (its name and look;
 * docs/api/backoffice-sites.md). It is served during maintenance too (the portal's maintenance
 * page asks it), and reads the switch as every gate does (at most a few seconds old).
 */
export function registerSiteCalls(
  ctx: ModuleContext,
  deps: { settings: SettingsService; sites: Pick<SitesService, 'lookOf'> },
): void {
  ctx.calls.register(
    'get-site-status',
    async (input, { request }) => {
      const [maintenance, site] = await Promise.all([
        deps.settings.maintenance(),
        deps.sites.lookOf(requestHostSource(request)),
      ]);
      return {
        status: 'success',
        maintenance: siteMaintenanceFor(maintenance, input.locale ?? DEFAULT_LOCALE),
        site,
      };
    },
    { isActivity: false },
  );
}
