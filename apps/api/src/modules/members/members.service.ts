import { primeDummyHash } from '../auth/passwords.ts';
import { createMembersRepository } from './members.repository.ts';
import type { MembersServiceDeps } from './members.types.ts';
import { createMemberAdmin } from './member-admin.service.ts';
import { createMemberLevels } from './member-levels.service.ts';
import { createPasswordChange } from './password-change.service.ts';
import { createProfile } from './profile.service.ts';
import { createRegistration } from './registration.service.ts';
import { createRegCodes } from './reg-codes.service.ts';
import { createReferralLinks } from './referral-links.service.ts';
import { createSignIn } from './sign-in.service.ts';
import { createTermsAcceptance } from './terms-acceptance.service.ts';

/**
 * Members: registration, sign-in and the member sessions, the profile as the member, the cashier
 * and the back office see it, password changes and the acceptance of newer legal texts. Each concern lives in its own file over the
 * one members repository; this is the service the rest of the API receives.
 */
export function createMembersService(deps: MembersServiceDeps) {
  const repo = createMembersRepository(deps.db);
  // The dummy hash that makes an unknown id cost as much as a known one is computed ahead.
  void primeDummyHash();
  const parts = { deps, repo };
  return {
    ...createRegistration(parts),
    ...createSignIn(parts),
    ...createProfile(parts),
    ...createPasswordChange(parts),
    ...createTermsAcceptance(parts),
    ...createMemberAdmin(parts),
    ...createMemberLevels(parts),
    ...createRegCodes(parts),
    ...createReferralLinks(parts),
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
