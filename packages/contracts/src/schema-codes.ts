import type { z } from 'zod';
import { toFieldErrors } from './errors.ts';

/**
 * The field codes a contract schema gives `input` (first per field, only the form's fields), mapped
 * by `toFieldErrors`: the same codes the server answers in a 400, so a message reads the same
 * whether the browser or the server found the problem. The web apps' forms check with it
 * (`validate` of the web kit's `useContractForm`).
 */
export function schemaCodes<F extends string>(
  schema: z.ZodType,
  input: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  const parsed = schema.safeParse(input);
  if (parsed.success) return out;
  for (const error of toFieldErrors(parsed.error.issues, input)) {
    const field = fields.find((f) => f === error.path);
    if (field && out[field] === undefined) out[field] = error.code;
  }
  return out;
}
