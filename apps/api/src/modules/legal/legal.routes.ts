import { DEFAULT_LOCALE } from '@casino/contracts/locales';
import type { ModuleContext } from '../../lib/module-context.ts';
import type { LegalService } from './legal.service.ts';

/** How long an instance keeps a document's answer: a new version shows within this time. */
export const LEGAL_DOCUMENT_CACHE_MS = 5_000;

/** `get-legal-document`: the terms or the privacy policy in force, for the portal's /terms and /privacy. */
export function registerLegalCalls(ctx: ModuleContext, deps: { legal: LegalService }): void {
  ctx.calls.register(
    'get-legal-document',
    (input) => deps.legal.document(input.kind, input.locale ?? DEFAULT_LOCALE),
    { cacheForMs: LEGAL_DOCUMENT_CACHE_MS },
  );
}
