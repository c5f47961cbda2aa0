import type { Database } from '../../db/database.ts';
import type { MembersParts } from './members.types.ts';

/**
 * Member levels as the other modules ask them (docs/api/levels.md): a member's level, and its raise
 * by the automatic promotion, which never lowers one (an operator sets any level through the back
 * office's member routes, `changeLevel`).
 */
export function createMemberLevels({ deps, repo }: MembersParts) {
  return {
    /** The member's level and state, or undefined for an unknown member. */
    memberLevel(memberId: number, trx?: Database) {
      return repo.levelOf(memberId, trx);
    },

    /** Raises the member's level to `level` when lower, inside the caller's transaction; the level before, if raised. */
    raiseMemberLevel(memberId: number, level: number, trx: Database): Promise<number | undefined> {
      return repo.raiseLevel(memberId, level, deps.now(), trx);
    },
  };
}
