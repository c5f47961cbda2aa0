import { readFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import type { Services } from './services.ts';

/**
 * The demo home banners: the project's own art (seed-assets/banners/*.svg, 1920×768, text-free so
 * the portal lays the localized title over it), each linking to a page of the site.
 */
export const DEMO_BANNERS = [
  { art: 'welcome.svg', title: '첫 충전 웰컴 보너스', link: '/deposit' },
  { art: 'live-casino.svg', title: '실시간 딜러와 함께하는 라이브 카지노', link: '/game' },
  { art: 'slots.svg', title: '잭팟이 터지는 인기 슬롯', link: '/game' },
] as const;

/**
 * Rasterizes the demo banner art through the media service (stored like an operator's upload, in
 * the configured media store) and creates the banners, audited as the system's. Runs with the rest
 * of the demo content, once; nothing is added when banners exist already.
 */
export async function seedDemoBanners(services: Services, logger: Logger): Promise<void> {
  const { media, banners } = services;
  if ((await banners.list()).length > 0) return;
  const system = { operatorId: null, actor: 'system', ip: null };
  for (const [index, banner] of DEMO_BANNERS.entries()) {
    const svg = await readFile(new URL(`./seed-assets/banners/${banner.art}`, import.meta.url));
    const image = await media.ingest(svg, 'svg', system);
    await banners.create(
      {
        title: banner.title,
        imgUrl: image.url,
        link: banner.link,
        order: index * 10,
        active: true,
        domain: '',
      },
      system,
    );
  }
  logger.info({ banners: DEMO_BANNERS.length }, 'demo banners created (SEED_DEMO)');
}
