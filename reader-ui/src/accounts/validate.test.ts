import { describe, expect, it } from 'vitest';
import {
  validateActivationRequest,
  validateChangePassword,
  validateDeleteAccount,
  validateLogin,
  validateRegister,
  validateResetPassword,
  validateResetRequest,
  type RegisterValues,
} from './validate';

// The spec's texts (section 5) are written out here on purpose, not imported.
const registerFilled: RegisterValues = { userName: 'arjuna', email: 'a@example.org', password: 'pw-arjuna-1', repeatPassword: 'pw-arjuna-1', name: 'Arjuna' };

describe('register', () => {
  it('accepts a complete form', () => {
    expect(validateRegister(registerFilled)).toEqual([]);
  });

  it('requires every field, naming the empty ones', () => {
    const issues = validateRegister({ userName: '', email: ' ', password: '', repeatPassword: '', name: '' });
    expect(issues).toEqual([{ message: 'All fields marked * are required.', fields: ['userName', 'email', 'password', 'repeatPassword', 'name'] }]);
    expect(validateRegister({ ...registerFilled, name: '  ' })).toEqual([{ message: 'All fields marked * are required.', fields: ['name'] }]);
  });

  it('refuses spaces in the user name but not around it (the server trims)', () => {
    expect(validateRegister({ ...registerFilled, userName: 'arjuna pandava' })).toEqual([
      { message: 'Spaces are not allowed in Username', fields: ['userName'] },
    ]);
    expect(validateRegister({ ...registerFilled, userName: 'a\tb' })[0]?.message).toBe('Spaces are not allowed in Username');
    expect(validateRegister({ ...registerFilled, userName: ' arjuna ' })).toEqual([]);
  });

  it('needs the repeated password to match', () => {
    expect(validateRegister({ ...registerFilled, repeatPassword: 'pW-arjuna-1' })).toEqual([
      { message: 'Password does not match', fields: ['repeatPassword'] },
    ]);
  });

  it('reports every problem at once, required first', () => {
    const issues = validateRegister({ ...registerFilled, email: '', userName: 'a b', repeatPassword: 'x' });
    expect(issues.map((i) => i.message)).toEqual(['All fields marked * are required.', 'Spaces are not allowed in Username', 'Password does not match']);
  });

  it('takes passwords as typed: spaces count', () => {
    expect(validateRegister({ ...registerFilled, password: '        ', repeatPassword: '        ' })).toEqual([]);
  });

  it('needs a password of at least 8 characters, counting characters rather than UTF-16 units', () => {
    const short = { ...registerFilled, password: 'seven77', repeatPassword: 'seven77' };
    expect(validateRegister(short)).toEqual([{ message: 'A new password needs at least 8 characters', fields: ['password'] }]);
    expect(validateRegister({ ...short, password: 'ab𝒞defg', repeatPassword: 'ab𝒞defg' }).map((i) => i.fields)).toEqual([['password']]);
    expect(validateRegister({ ...short, password: 'eight888', repeatPassword: 'eight888' })).toEqual([]);
  });
});

describe('login', () => {
  it('requires user name and password', () => {
    expect(validateLogin({ userName: 'arjuna', password: 'pw' })).toEqual([]);
    expect(validateLogin({ userName: '', password: '' })).toEqual([{ message: 'All fields marked * are required', fields: ['userName', 'password'] }]);
    expect(validateLogin({ userName: '   ', password: 'pw' })).toEqual([{ message: 'All fields marked * are required', fields: ['userName'] }]);
  });
});

describe('password change', () => {
  const filled = { oldPassword: 'old', newPassword: 'new-secret', repeatPassword: 'new-secret' };

  it('accepts a complete, matching form', () => {
    expect(validateChangePassword(filled)).toEqual([]);
  });

  it('requires all fields', () => {
    expect(validateChangePassword({ oldPassword: '', newPassword: '', repeatPassword: '' })).toEqual([
      { message: 'Fields cannot be empty', fields: ['oldPassword', 'newPassword', 'repeatPassword'] },
    ]);
    expect(validateChangePassword({ ...filled, oldPassword: '' })).toEqual([{ message: 'Fields cannot be empty', fields: ['oldPassword'] }]);
  });

  it('needs the new passwords to match', () => {
    expect(validateChangePassword({ ...filled, repeatPassword: 'neW-secret' })).toEqual([
      { message: 'New Passwords should match', fields: ['repeatPassword'] },
    ]);
  });

  it('needs a new password of at least 8 characters; the current one may be any length', () => {
    expect(validateChangePassword({ oldPassword: 'x', newPassword: 'short', repeatPassword: 'short' })).toEqual([
      { message: 'A new password needs at least 8 characters', fields: ['newPassword'] },
    ]);
  });
});

describe('forgot password and resend activation', () => {
  it('need a user name, each with its own message', () => {
    expect(validateResetRequest({ userName: 'arjuna' })).toEqual([]);
    expect(validateResetRequest({ userName: ' ' })).toEqual([{ message: 'User Name is required to send password reset link', fields: ['userName'] }]);
    expect(validateActivationRequest({ userName: 'arjuna' })).toEqual([]);
    expect(validateActivationRequest({ userName: '' })).toEqual([{ message: 'User Name is required to send activation', fields: ['userName'] }]);
  });
});

describe('reset password', () => {
  it('needs a new password, repeated exactly', () => {
    expect(validateResetPassword({ password: 'new', repeatPassword: 'new' })).toEqual([
      { message: 'A new password needs at least 8 characters', fields: ['password'] },
    ]);
    expect(validateResetPassword({ password: 'new-secret', repeatPassword: 'new-secret' })).toEqual([]);
    expect(validateResetPassword({ password: 'new-secret', repeatPassword: 'new-secre' })).toEqual([
      { message: 'Password does not match', fields: ['repeatPassword'] },
    ]);
    expect(validateResetPassword({ password: 'new-secret', repeatPassword: '' })).toEqual([{ message: 'Password does not match', fields: ['repeatPassword'] }]);
    expect(validateResetPassword({ password: '', repeatPassword: '' })).toEqual([{ message: 'Fields cannot be empty', fields: ['password'] }]);
  });
});

describe('delete account', () => {
  const filled = { password: 'pw', confirmed: 'yes' };

  it('accepts the password with the box ticked', () => {
    expect(validateDeleteAccount(filled)).toEqual([]);
  });

  it('needs the password, taken as typed', () => {
    expect(validateDeleteAccount({ ...filled, password: '' })).toEqual([{ message: 'Enter your password to delete your account', fields: ['password'] }]);
    expect(validateDeleteAccount({ ...filled, password: ' ' })).toEqual([]);
  });

  it('needs the explicit confirmation', () => {
    expect(validateDeleteAccount({ ...filled, confirmed: '' })).toEqual([
      { message: 'Tick “I understand this cannot be undone” to delete your account', fields: ['confirmed'] },
    ]);
    expect(validateDeleteAccount({ ...filled, confirmed: 'on' })[0]?.fields).toEqual(['confirmed']);
  });

  it('reports both at once, password first', () => {
    expect(validateDeleteAccount({ password: '', confirmed: '' }).map((i) => i.fields)).toEqual([['password'], ['confirmed']]);
  });
});
