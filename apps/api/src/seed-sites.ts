import type { Logger } from 'pino';
import type { Services } from './services.ts';

/**
 * The demo's second site (issue 25, docs/api/backoffice-sites.md): `127.0.0.1` shows its own name
 * and colour and pre-fills its own registration code, so a newcomer opening http://localhost:3000
 * and http://127.0.0.1:3000 sees two sites (localhost is the default site, SITE_NAME).
 */
export const DEMO_SITE = {
  domains: ['127.0.0.1'],
  name: 'BLUE OCEAN',
  regCode: 'OCEAN',
  theme: { primary: '#38bdf8' },
} as const;

/**
 * Creates the second site and its registration code through the back office's services, audited as
 * the system's. Runs with the rest of the demo content, once; nothing is added when a site exists.
 */
export async function seedDemoSites(
  services: Services,
  logger: Logger,
): Promise<{ name: string; domain: string; regCode: string } | undefined> {
  const { settingsAdmin, sitesAdmin } = services;
  if ((await sitesAdmin.list(1, 1)).maxCount > 0) return undefined;
  const system = { operatorId: null, actor: 'system', ip: null };
  const code = await settingsAdmin.createRegCode(
    { code: DEMO_SITE.regCode, domain: DEMO_SITE.domains.join(', '), memo: 'demo: second site' },
    system,
  );
  if (code !== 'success') return undefined;
  const site = await sitesAdmin.create(
    {
      domains: [...DEMO_SITE.domains],
      name: DEMO_SITE.name,
      regCode: DEMO_SITE.regCode,
      theme: { ...DEMO_SITE.theme },
    },
    system,
  );
  if (site.status !== 'success') return undefined;
  logger.info({ site: DEMO_SITE.name, domains: DEMO_SITE.domains }, 'demo second site created (SEED_DEMO)');
  return { name: DEMO_SITE.name, domain: DEMO_SITE.domains[0], regCode: DEMO_SITE.regCode };
}
