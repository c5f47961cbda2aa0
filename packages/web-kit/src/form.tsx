import type { FormHTMLAttributes, ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { ContractForm } from './contract-form.ts';

interface FormProps<V extends FieldValues> extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'method' | 'noValidate'
> {
  form: ContractForm<V>;
  /** Gets the checked values; its dialogs and calls run with further submits ignored. */
  onValid: (values: V) => Promise<void> | void;
  /** Runs before the checks and may stop the submit (a closed cashier window says so instead). */
  before?: () => Promise<boolean> | boolean;
  /** Runs when the checks found errors (before the first invalid field gets focus). */
  onInvalid?: () => void;
  children: ReactNode;
}

/**
 * The `<form>` of every contract form (bulletproof-react's `<Form>`): a POST form that the browser
 * does not validate (the contract's rules do, with translated messages), submitted through
 * `useContractForm`.
 */
export function Form<V extends FieldValues>({
  form,
  onValid,
  before,
  onInvalid,
  children,
  ...props
}: FormProps<V>) {
  return (
    <form method="post" noValidate {...props} onSubmit={form.submitWith(onValid, before, onInvalid)}>
      {children}
    </form>
  );
}
