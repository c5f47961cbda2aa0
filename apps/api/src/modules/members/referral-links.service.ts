import type { Database } from '../../db/database.ts';
import type { MembersParts } from './members.types.ts';

/**
 * Referral links as the rest of the API reads them (docs/promotions.md "Referral"): who a member's
 * recommender is, whom a member recommended, which links are paid and which are flagged for the
 * operator. Registration writes the link (registration.service.ts); the rewards module pays it.
 */
export function createReferralLinks({ repo }: MembersParts) {
  return {
    /** The members who joined naming this one, newest first (one page) and how many there are. */
    referees(recommenderId: number, page: { offset: number; limit: number }) {
      return repo.referees(recommenderId, page);
    },

    /** The recommender of each of these members whose link is paid (flagged links are not). */
    paidRecommenders(memberIds: readonly number[], trx?: Database): Promise<Map<number, number>> {
      return repo.paidRecommenders(memberIds, trx);
    },

    /** Level and state of each of these members. */
    rewardProfiles(memberIds: readonly number[], trx?: Database) {
      return repo.rewardProfiles(memberIds, trx);
    },

    /** The flagged links, newest first (one page), and the counts of links and flagged links. */
    flaggedReferrals(page: { offset: number; limit: number }) {
      return repo.flaggedReferrals(page);
    },

    /** The user id of the member's recommender (the back office's member detail), or null. */
    recommenderOf(memberId: number): Promise<string | null> {
      return repo.recommenderOf(memberId);
    },
  };
}
