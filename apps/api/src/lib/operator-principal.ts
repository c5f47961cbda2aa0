import { roleCan, type TOperatorPermission } from '@casino/contracts/backoffice-permissions';
import type { OperatorRole } from '../db/schema.ts';
import type { routesFor } from './routes.ts';

/** What each role may do: the contracts' one permission table, which the console's menu reads too. */
export type Permission = TOperatorPermission;

export function can(role: OperatorRole, permission: Permission): boolean {
  return roleCan(role, permission);
}

/** The signed-in operator behind a back-office request. */
export interface OperatorPrincipal {
  id: number;
  operatorId: string;
  role: OperatorRole;
  sessionId: number;
  /** Set by an owner: until the operator changes its password only its own account answers. */
  mustChangePassword?: boolean;
}

/** Who did it, for the audit record (`AuditActor` of `modules/audit`). */
export function actorOf(
  operator: Pick<OperatorPrincipal, 'id' | 'operatorId'>,
  ip: string | null,
): { operatorId: number; actor: string; ip: string | null } {
  return { operatorId: operator.id, actor: operator.operatorId, ip };
}

/**
 * The back office's route declarer (`routesFor` bound to the operator session and its permissions):
 * `modules/backoffice` builds it and passes it to each domain module's `*.backoffice.routes.ts`.
 */
export type BackofficeRoute = ReturnType<typeof routesFor<OperatorPrincipal, Permission>>;
