import type { TAcceptTermsRequest } from '@casino/contracts/members';
import { LEGAL_KINDS, type TLegalKind } from '@casino/contracts/site';
import { AppError } from '../../lib/app-error.ts';
import type { MemberPrincipal } from '../../lib/calls.ts';
import type { MembersParts } from './members.types.ts';

/**
 * A member's acceptance of newer versions of the terms of use and the privacy policy (`accept-terms`),
 * recorded like the acceptance at registration: the member's row keeps the latest accepted version
 * of each (what the member calls compare with the versions in force), and the legal module's
 * `legal_acceptances` keeps each acceptance with its time, address and browser.
 */
export function createTermsAcceptance({ deps, repo }: MembersParts) {
  const { db, legal, now } = deps;
  return {
    /**
     * Accepts the versions given, which must be the versions in force (`fail` otherwise: a newer
     * one was published while the member read, and nothing is recorded). A version the member had
     * already accepted is not recorded again.
     */
    async acceptTerms(
      principal: MemberPrincipal,
      input: TAcceptTermsRequest,
      meta: { ip: string; userAgent?: string | undefined },
    ): Promise<'success' | 'fail'> {
      return db.transaction().execute(async (trx) => {
        // The member's row is locked: two acceptances at once record each version once.
        const accepted = await repo.lockAcceptedVersions(principal.memberId, trx);
        if (!accepted) throw new AppError('unauthenticated');
        const current = await legal.currentVersions(trx);
        const given: Array<{ kind: TLegalKind; version: number }> = [];
        for (const kind of LEGAL_KINDS) {
          const version = input[kind];
          if (version === undefined) continue;
          if (version !== current[kind]) return 'fail';
          given.push({ kind, version });
        }
        const fresh = given.filter(({ kind, version }) => {
          const before = accepted[`${kind}_version`];
          return before === null || before < version;
        });
        if (fresh.length === 0) return 'success';
        const at = now();
        await repo.setAcceptedVersions(principal.memberId, fresh, at, trx);
        await legal.recordAcceptances(
          principal.memberId,
          fresh,
          { at, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 512) ?? null, context: 'update' },
          trx,
        );
        return 'success';
      });
    },
  };
}
