import { describe, expect, it } from 'vitest';
import {
  EMPTY_REGISTER_VALUES,
  normalizedNick,
  normalizedUserId,
  validateRegister,
  type RegisterValues,
} from './register-validation.ts';

const valid: RegisterValues = {
  userId: 'gildong7',
  password: 'blue-Sky-2049',
  passwordConfirm: 'blue-Sky-2049',
  nick: '길동이',
  phone: '010-1234-5678',
  bankname: '004',
  bankOwner: '홍길동',
  banknum: '123-456-789012',
  exchangePassword: '4821',
  code: 'GOLD7',
  recommender: '',
  agree18: true,
};

describe('validateRegister', () => {
  it('accepts a complete form and returns the request without the confirmation', () => {
    const { errors, request } = validateRegister(valid);
    expect(errors).toEqual({});
    expect(request).not.toBeNull();
    expect(request).not.toHaveProperty('passwordConfirm');
  });

  it('marks every empty field required', () => {
    const { errors, request } = validateRegister(EMPTY_REGISTER_VALUES);
    expect(request).toBeNull();
    expect(errors).toMatchObject({
      userId: 'required',
      password: 'required',
      passwordConfirm: 'required',
      nick: 'required',
      phone: 'required',
      bankname: 'required',
      bankOwner: 'required',
      banknum: 'required',
      exchangePassword: 'required',
      code: 'required',
      agree18: 'required',
    });
  });

  it('uses the contract codes for malformed values', () => {
    const { errors } = validateRegister({
      ...valid,
      userId: '7upcola',
      phone: '0212345678',
      exchangePassword: '12ab',
      passwordConfirm: 'other',
    });
    expect(errors.userId).toBe('pattern');
    expect(errors.phone).toBe('pattern');
    expect(errors.exchangePassword).toBe('pattern');
    expect(errors.passwordConfirm).toBe('mismatch');
  });

  it('sends a recommender only when one is typed, checked as a user id', () => {
    expect(validateRegister(valid).request).not.toHaveProperty('recommender');
    expect(validateRegister({ ...valid, recommender: '   ' }).request).not.toHaveProperty('recommender');
    const { errors, request } = validateRegister({ ...valid, recommender: ' Friend01 ' });
    expect(errors).toEqual({});
    expect(request).toMatchObject({ recommender: ' Friend01 ' });
    expect(validateRegister({ ...valid, recommender: '9lives' }).errors).toEqual({ recommender: 'pattern' });
    expect(validateRegister({ ...valid, recommender: 'ab' }).errors.recommender).toBeDefined();
  });

  it('refuses a password equal to the user id', () => {
    const { errors } = validateRegister({
      ...valid,
      password: 'Gildong7x',
      userId: 'gildong7x',
      passwordConfirm: 'Gildong7x',
    });
    expect(errors.password).toBe('pattern');
  });
});

describe('normalized ids for the availability checks', () => {
  it('lower-cases ids and refuses malformed ones', () => {
    expect(normalizedUserId(' GilDong7 ')).toBe('gildong7');
    expect(normalizedUserId('ab')).toBeNull();
  });
  it('accepts Hangul nicknames', () => {
    expect(normalizedNick('길동이')).toBe('길동이');
    expect(normalizedNick('길동!')).toBeNull();
  });
});
