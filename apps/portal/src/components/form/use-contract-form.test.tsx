import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { ZChangePasswordRequest } from '@casino/contracts/members';
import { fieldErrorText } from '../../i18n/error-text.ts';
import { ApiError } from '../../lib/api.ts';
import { createTestI18n } from '../../test/test-i18n.ts';
import { TextField } from '../ui/text-field.tsx';
import { Form } from '@casino/web-kit/form.tsx';
import { schemaCodes } from '@casino/contracts/schema-codes';
import { useContractForm, type ContractForm } from '@casino/web-kit/contract-form';

const FIELDS = ['password', 'newPassword'] as const;
type TValues = { password: string; newPassword: string };

let current: ContractForm<TValues>;

/** A two-field form on the contract's change-password schema, as the portal's forms use the layer. */
function PasswordPair({ onValid }: { onValid: (values: TValues) => Promise<void> | void }) {
  const { t } = useTranslation('common');
  const form = useContractForm<TValues>({
    fields: FIELDS,
    defaultValues: { password: '', newPassword: '' },
    validate: (values) => schemaCodes(ZChangePasswordRequest, values, FIELDS),
  });
  current = form;
  return (
    <Form form={form} onValid={onValid} aria-label="pair">
      {FIELDS.map((field) => (
        <TextField
          key={field}
          {...form.register(field)}
          label={field}
          status={form.statusOf(field, (code) => fieldErrorText(t, field, code))}
        />
      ))}
      <button type="submit">send</button>
    </Form>
  );
}

const i18n = createTestI18n('ko');
const t = i18n.getFixedT('ko');

function setup(onValid: (values: TValues) => Promise<void> | void = () => {}) {
  render(
    <I18nextProvider i18n={i18n}>
      <PasswordPair onValid={onValid} />
    </I18nextProvider>,
  );
  return {
    password: screen.getByLabelText('password') as HTMLInputElement,
    newPassword: screen.getByLabelText('newPassword') as HTMLInputElement,
    submit: () => act(async () => screen.getByRole('button', { name: 'send' }).click()),
  };
}

describe('the form layer', () => {
  it('checks with the contract schema, words codes as field.<path>.<code>, focuses the first invalid field', async () => {
    const onValid = vi.fn();
    const { password, newPassword, submit } = setup(onValid);
    fireEvent.change(password, { target: { value: 'secret1' } });
    await submit();
    expect(onValid).not.toHaveBeenCalled();
    const code = schemaCodes(
      ZChangePasswordRequest,
      { password: 'secret1', newPassword: '' },
      FIELDS,
    ).newPassword!;
    expect(code).toBeTruthy();
    expect(screen.getByText(fieldErrorText(t, 'newPassword', code))).toBeTruthy();
    expect(newPassword.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(newPassword);
  });

  it('clears an error when its field is edited, and sends the values once all pass', async () => {
    const onValid = vi.fn();
    const { password, newPassword, submit } = setup(onValid);
    await submit();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await act(async () => fireEvent.change(password, { target: { value: 'secret1' } }));
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(newPassword.getAttribute('aria-invalid')).toBe('true');
    await act(async () => fireEvent.change(newPassword, { target: { value: 'another-pass9' } }));
    await submit();
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid.mock.calls[0]![0]).toEqual({ password: 'secret1', newPassword: 'another-pass9' });
  });

  it("puts a 400's field errors on their fields and focuses the first; other failures are not field errors", async () => {
    const { password, newPassword } = setup();
    const invalid = new ApiError({
      status: 'invalid',
      httpStatus: 400,
      errors: [{ path: 'newPassword', code: 'length' }],
    });
    let shown = false;
    await act(async () => {
      shown = current.showServerErrors(invalid);
      // react-hook-form moves focus on the next tick.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(shown).toBe(true);
    expect(screen.getByText(fieldErrorText(t, 'newPassword', 'length'))).toBeTruthy();
    expect(document.activeElement).toBe(newPassword);
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(current.showServerErrors(new ApiError({ status: 'too_many', httpStatus: 429 }))).toBe(false);
    expect(
      current.showServerErrors(
        new ApiError({ status: 'invalid', httpStatus: 400, errors: [{ path: 'other', code: 'type' }] }),
      ),
    ).toBe(false);
  });

  it('ignores a second submit while the first one runs', async () => {
    let release: () => void = () => {};
    const onValid = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const { password, newPassword, submit } = setup(onValid);
    fireEvent.change(password, { target: { value: 'secret1' } });
    fireEvent.change(newPassword, { target: { value: 'another-pass9' } });
    await submit();
    await submit();
    expect(onValid).toHaveBeenCalledTimes(1);
    await act(async () => release());
    await submit();
    expect(onValid).toHaveBeenCalledTimes(2);
  });
});
