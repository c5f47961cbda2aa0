import type { TUser } from '@casino/contracts/members';

/** What a health check may bring about the member: any subset of the user's fields. */
export type TUserUpdate = { [K in keyof TUser]?: TUser[K] | null | undefined };

function isMissing(value: unknown): boolean {
  return value === undefined || value === null;
}

/**
 * Merges returned user fields into the current user: a field the answer does not
 * carry keeps its old value. Returns the current object itself when nothing changed, so a state
 * update with the result re-renders nothing; returns null while there is neither a current user
 * nor a complete enough answer (one without a user id).
 */
export function mergeUser(current: TUser | null, update: TUserUpdate | null | undefined): TUser | null {
  if (!update) return current;
  if (!current) {
    if (isMissing(update.userId)) return null;
    const fresh: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(update)) if (!isMissing(value)) fresh[key] = value;
    return fresh as TUser;
  }
  let merged: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(update)) {
    if (isMissing(value)) continue;
    if (Object.is((current as Record<string, unknown>)[key], value)) continue;
    merged ??= { ...current };
    merged[key] = value;
  }
  return merged ? (merged as TUser) : current;
}
