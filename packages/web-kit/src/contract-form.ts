import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { isHttpError } from './http.ts';

/*
 * The contract form layer of the web apps (the portal's and the console's forms): react-hook-form
 * checked by the contracts' request schemas (the app passes `validate`, usually the contracts'
 * `schemaCodes`), a field's error kept as its code (`field.<path>.<code>` of the contract, the same
 * code the server answers in a 400) and put into words by the app (`statusOf(field, wordOf)`), so
 * the kit holds no app's words. See docs/ARCHITECTURE.md, "The web kit".
 */

/** The codes of what is wrong, by field (first per field). */
export type TFieldCodes<F extends string> = Partial<Record<F, string>>;

/** A field's status line: its error in words (the portal's fields also say ok or pending). */
export interface FieldStatus {
  tone: 'error' | 'ok' | 'pending';
  text: string;
}

/**
 * The field errors of a 400 (`HttpError` with status `invalid`) that name this form's fields
 * (first error per field), or null when the failure is not such a 400 (then the caller shows a
 * message instead).
 */
export function formFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): TFieldCodes<F> | null {
  if (!isHttpError(error) || error.status !== 'invalid') return null;
  const out: TFieldCodes<F> = {};
  for (const e of error.errors) {
    const field = fields.find((f) => f === e.path);
    if (field && out[field] === undefined) out[field] = e.code;
  }
  return Object.keys(out).length > 0 ? out : null;
}

interface ContractFormOptions<V extends FieldValues> {
  /** Every field of the form in screen order: the first one with an error gets focus. */
  fields: readonly Path<V>[];
  defaultValues: DefaultValues<V>;
  /**
   * The codes of what is wrong: the contract's request schema (the contracts' `schemaCodes`) plus
   * the form's own rules (a confirmation, the operator's limits, the balance). Read at every check, so it may use
   * the latest render's data.
   */
  validate: (values: V) => TFieldCodes<Path<V>>;
  /**
   * `onSubmit` (the default): fields are checked on submit, and editing a field clears its error.
   * `onTouched`: a field is checked once left and then as it changes (the registration form).
   */
  mode?: 'onSubmit' | 'onTouched';
}

export interface ContractForm<V extends FieldValues> extends UseFormReturn<V> {
  /** The status line of a field: its error in words (`field.<path>.<code>`, or the form's own wording). */
  statusOf(field: Path<V>, wordOf: (code: string) => string): FieldStatus | null;
  /** Puts a code on a field (a business answer such as a wrong password) and, by default, focuses it. */
  failField(field: Path<V>, code: string, options?: { shouldFocus?: boolean }): void;
  /** Puts a message on the whole form (a failure of no field: a status, the network); cleared at the next submit. */
  failForm(message: string): void;
  /** The whole form's message (`failForm`), or null. */
  formMessage: string | null;
  /** Puts the field errors of a 400 on their fields and focuses the first; false when `error` is no such 400. */
  showServerErrors(error: unknown): boolean;
  /**
   * The form's submit handler: `before` (a lock check) may stop it first; then the rules run, the
   * first invalid field gets focus, or `onValid` gets the values. A second submit while one runs is
   * ignored.
   */
  submitWith(
    onValid: (values: V) => Promise<void> | void,
    before?: () => Promise<boolean> | boolean,
    onInvalid?: () => void,
  ): (event: FormEvent<HTMLFormElement>) => void;
}

/** The web apps' one form layer: react-hook-form checked by the contracts' schemas; see docs/ARCHITECTURE.md. */
export function useContractForm<V extends FieldValues>(options: ContractFormOptions<V>): ContractForm<V> {
  const { fields, mode = 'onSubmit' } = options;
  const validateRef = useRef(options.validate);
  validateRef.current = options.validate;
  // A stable resolver that reads the latest rules, so the operator's limits and the availability
  // checks that arrive after the first render are used.
  const [resolver] = useState<Resolver<V>>(() => (values: V) => {
    const codes = validateRef.current(values);
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, code] of Object.entries(codes))
      if (typeof code === 'string') errors[field] = { type: code, message: code };
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as FieldErrors<V> }
      : { values, errors: {} };
  });
  const form = useForm<V>({
    defaultValues: options.defaultValues,
    mode,
    reValidateMode: mode === 'onTouched' ? 'onChange' : 'onSubmit',
    resolver,
    // Focus follows `fields` (screen order), the same for the browser's and the server's errors.
    shouldFocusError: false,
  });
  const isSubmitting = useRef(false);

  useEffect(() => {
    if (mode !== 'onSubmit') return;
    // In submit mode an error stays until the member edits its field (then it goes, it is not
    // checked again before the next submit).
    const subscription = form.watch((_values, { name, type }) => {
      if (type === 'change' && name) form.clearErrors(name);
    });
    return () => subscription.unsubscribe();
  }, [form, mode]);

  const focusFirst = (codes: Partial<Record<string, unknown>>) => {
    const first = fields.find((f) => codes[f] !== undefined);
    if (first) form.setFocus(first);
  };

  return {
    ...form,
    statusOf(field: Path<V>, wordOf: (code: string) => string): FieldStatus | null {
      const code = form.formState.errors[field]?.type;
      if (typeof code !== 'string') return null;
      return { tone: 'error', text: wordOf(code) };
    },
    failField(field: Path<V>, code: string, opts: { shouldFocus?: boolean } = {}) {
      form.setError(field, { type: code, message: code }, { shouldFocus: opts.shouldFocus ?? true });
    },
    failForm(message: string) {
      form.setError('root.server', { type: 'server', message });
    },
    formMessage: form.formState.errors.root?.['server']?.message ?? null,
    showServerErrors(error: unknown): boolean {
      const codes = formFieldErrors(error, fields);
      if (!codes) return false;
      for (const field of fields) {
        const code = codes[field];
        if (code) form.setError(field, { type: code, message: code });
      }
      focusFirst(codes);
      return true;
    },
    submitWith(
      onValid: (values: V) => Promise<void> | void,
      before?: () => Promise<boolean> | boolean,
      onInvalid?: () => void,
    ) {
      return (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        if (isSubmitting.current) return;
        isSubmitting.current = true;
        void (async () => {
          try {
            if (before && !(await before())) return;
            form.clearErrors('root');
            await form.handleSubmit(onValid, (errors) => {
              onInvalid?.();
              focusFirst(errors);
            })();
          } finally {
            isSubmitting.current = false;
          }
        })();
      };
    },
  };
}
