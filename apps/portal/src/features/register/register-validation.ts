import type { TCallRequest } from '@casino/contracts/calls';
import { toFieldErrors } from '@casino/contracts/errors';
import { ZNick, ZUserId } from '@casino/contracts/fields';
import { ZUserRegisterRequest } from '@casino/contracts/members';

export const REGISTER_FIELDS = [
  'userId',
  'password',
  'passwordConfirm',
  'nick',
  'phone',
  'bankname',
  'bankOwner',
  'banknum',
  'exchangePassword',
  'code',
  'recommender',
  'agree18',
] as const;
export type TRegisterField = (typeof REGISTER_FIELDS)[number];

export interface RegisterValues {
  userId: string;
  password: string;
  passwordConfirm: string;
  nick: string;
  phone: string;
  bankname: string;
  bankOwner: string;
  banknum: string;
  exchangePassword: string;
  code: string;
  /** Optional: the id of the member who recommended this one (sent only when typed). */
  recommender: string;
  agree18: boolean;
}

export const EMPTY_REGISTER_VALUES: RegisterValues = {
  userId: '',
  password: '',
  passwordConfirm: '',
  nick: '',
  phone: '',
  bankname: '',
  bankOwner: '',
  banknum: '',
  exchangePassword: '',
  code: '',
  recommender: '',
  agree18: false,
};

/** A field's error as a code: the contract's (`required`, `length`, `pattern` ...) or the form's own (`mismatch`). */
export type TRegisterErrors = Partial<Record<TRegisterField, string>>;

export function isRegisterField(path: string): path is TRegisterField {
  return (REGISTER_FIELDS as readonly string[]).includes(path);
}

/**
 * Checks the form with the contracts' own schema (the server runs the same one), so the member
 * sees the error the server would answer before sending. An empty text field is `required`
 * whatever the schema's first complaint; the password confirmation is the form's own rule.
 */
export function validateRegister(values: RegisterValues): {
  errors: TRegisterErrors;
  request: TCallRequest<'user-register'> | null;
} {
  const { passwordConfirm, recommender, ...rest } = values;
  // The recommender is optional: a blank one is not sent at all.
  const body = recommender.trim() === '' ? rest : { ...rest, recommender };
  const errors: TRegisterErrors = {};
  const result = ZUserRegisterRequest.safeParse(body);
  if (!result.success) {
    for (const error of toFieldErrors(result.error.issues, body)) {
      if (isRegisterField(error.path) && !errors[error.path]) errors[error.path] = error.code;
    }
  }
  for (const field of REGISTER_FIELDS) {
    const value = values[field];
    if (
      typeof value === 'string' &&
      value.trim() === '' &&
      field !== 'passwordConfirm' &&
      field !== 'recommender'
    )
      errors[field] = 'required';
  }
  if (!passwordConfirm) errors.passwordConfirm = 'required';
  else if (passwordConfirm !== values.password) errors.passwordConfirm = 'mismatch';
  return { errors, request: Object.keys(errors).length === 0 ? body : null };
}

/** The id as the server will see it (trimmed, lower-cased), or null when it would be refused. */
export function normalizedUserId(value: string): string | null {
  const result = ZUserId.safeParse(value);
  return result.success ? result.data : null;
}

/** The nickname as the server will see it (trimmed, NFC), or null when it would be refused. */
export function normalizedNick(value: string): string | null {
  const result = ZNick.safeParse(value);
  return result.success ? result.data : null;
}
