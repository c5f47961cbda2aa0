import type { Database } from '../../db/database.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { MembersService } from '../members/members.service.ts';
import type { CommunityRepository } from './community.repository.ts';
import type { SharedCaches } from '../../lib/shared-caches.ts';

// The types the community module's parts share (help desk, notes, site content), kept apart from
// community.service.ts so that the parts and the service never import each other.

export interface CommunityServiceDeps {
  db: Database;
  audit: AuditService;
  /** The members module owns `members`: the community asks it for ids and user ids. */
  members: Pick<MembersService, 'byUserId' | 'userIdsOf'>;
  now: () => Date;
  /** The notices' and popups' cached lists, dropped on every instance after a change. */
  caches?: SharedCaches;
}

export interface CommunityParts {
  deps: CommunityServiceDeps;
  repo: CommunityRepository;
}

export interface Paging {
  page: number;
  pageSize: number;
}

export function offsetOf(paging: Paging): number {
  return (paging.page - 1) * paging.pageSize;
}

/** A change an operator asked for that found nothing to change. */
export type ChangeStatus = 'success' | 'not_found';
