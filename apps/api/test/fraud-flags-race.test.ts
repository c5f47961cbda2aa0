import { describe, expect, it } from 'vitest';
import type { FraudFlagKind } from '../src/db/schema.ts';
import { createFraudRepository } from '../src/modules/fraud/fraud.repository.ts';
import { createMember, fileTestApp } from './factories.ts';

// Issue 28: the same signal detected by parallel runs (promotion runs side by side, two instances)
// makes one open review entry per kind and member, not one per run (0032_fraud_flags_open_once).

const t = await fileTestApp();
const PARALLEL = 40;

async function openEntries(memberId: number, kind: FraudFlagKind) {
  const rows = await t.db
    .selectFrom('fraud_flags')
    .select('id')
    .where('member_id', '=', memberId)
    .where('kind', '=', kind)
    .where('state', '=', 'open')
    .execute();
  return rows.length;
}

describe('review entries detected in parallel', () => {
  for (const kind of ['bonus_hunt', 'linked_sign_in'] as const)
    it(`adds one open ${kind} entry when ${PARALLEL} runs detect it at once`, async () => {
      const m = await createMember(t, { signedIn: false });
      const repo = createFraudRepository(t.db);
      /** The detection, by PARALLEL runs at once. */
      const detect = () =>
        Promise.all(
          Array.from({ length: PARALLEL }, (_, i) =>
            repo.insertFlag(
              { kind, memberId: m.id, action: 'flag', details: { run: i }, at: new Date() },
              { once: true },
            ),
          ),
        );
      await detect();
      expect(await openEntries(m.id, kind)).toBe(1);
      // Closed, the next detection opens a new one.
      await t.db.updateTable('fraud_flags').set({ state: 'closed' }).where('member_id', '=', m.id).execute();
      await detect();
      expect(await openEntries(m.id, kind)).toBe(1);
    });
});
