import type { TMemberRequirement, TUser } from '@casino/contracts/members';
import { LEGAL_KINDS } from '@casino/contracts/site';
import type { RequirementColumns } from './members.repository.ts';

type TTermsToAccept = NonNullable<TUser['termsToAccept']>;

/**
 * The versions in force of the terms of use and the privacy policy that the member has not accepted:
 * a kind with a version in force and none accepted, or an older one. Nothing before the first
 * version is published.
 */
export function termsToAccept(row: RequirementColumns): TTermsToAccept {
  const pending: TTermsToAccept = [];
  for (const kind of LEGAL_KINDS) {
    const current = row[`${kind}_current`];
    const accepted = row[`${kind}_version`];
    if (current !== null && (accepted === null || accepted < current))
      pending.push({ kind, version: current });
  }
  return pending;
}

/**
 * What the member must do before the rest of the site, in the order the portal asks for it (the
 * contracts' `MEMBER_REQUIREMENTS`): the password change an operator's reset forces, then the
 * acceptance of newer legal texts.
 */
export function requirementsOf(row: RequirementColumns): TMemberRequirement[] {
  const requires: TMemberRequirement[] = [];
  if (row.must_change_password) requires.push('change_password');
  if (termsToAccept(row).length > 0) requires.push('accept_terms');
  return requires;
}
