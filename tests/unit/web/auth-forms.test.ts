import { describe, expect, it } from 'vitest'
import {
  ForgotPasswordSchema,
  LoginSchema,
  PASSWORD_MIN as SHARED_PASSWORD_MIN,
  PasswordResetSchema,
} from '../../../src/shared/schemas/auth.js'
import { checkForm } from '../../../web/lib/form-errors.js'
import { PASSWORD_MIN, checkEmailUpdate, checkPasswordChange } from '../../../web/lib/profile-validation.js'
import { accessLevel, slotsRemainingText } from '../../../web/lib/role-capabilities.js'
import { readResetToken, withoutResetToken } from '../../../web/lib/reset-token.js'

describe('login dialog checks (SPEC §5, with the shared schemas)', () => {
  it('login: username and password required', () => {
    expect(checkForm(LoginSchema, { username: '', password: '' })).toEqual({
      ok: false,
      errors: { username: 'Username is required', password: 'Password is required' },
    })
    expect(checkForm(LoginSchema, { username: '   ', password: 'x' })).toEqual({
      ok: false,
      errors: { username: 'Username is required' },
    })
    expect(checkForm(LoginSchema, { username: ' ada ', password: 'secret' })).toEqual({
      ok: true,
      data: { username: 'ada', password: 'secret' },
    })
  })

  it('forgot password: a valid e-mail', () => {
    for (const email of ['', 'nope', 'a@', 'a@b']) {
      expect(checkForm(ForgotPasswordSchema, { email }), email).toEqual({
        ok: false,
        errors: { email: 'Valid email is required' },
      })
    }
    expect(checkForm(ForgotPasswordSchema, { email: ' ada@example.org ' })).toEqual({
      ok: true,
      data: { email: 'ada@example.org' },
    })
  })

  it("reset password: token, 6 characters, confirmation, and 'Passwords don't match' on confirmPassword", () => {
    expect(checkForm(PasswordResetSchema, { token: '', password: '123', confirmPassword: '' })).toEqual({
      ok: false,
      errors: {
        token: 'Reset token is required',
        password: 'Password must be at least 6 characters',
        confirmPassword: 'Password confirmation is required',
      },
    })
    expect(checkForm(PasswordResetSchema, { token: 't', password: 'abcdef', confirmPassword: 'abcdeg' })).toEqual({
      ok: false,
      errors: { confirmPassword: "Passwords don't match" },
    })
    expect(checkForm(PasswordResetSchema, { token: 't', password: 'abcdef', confirmPassword: 'abcdef' }).ok).toBe(true)
  })
})

describe('profile checks (SPEC §5)', () => {
  it('keeps the minimum password length equal to the shared one', () => {
    expect(PASSWORD_MIN).toBe(SHARED_PASSWORD_MIN)
  })

  it('e-mail update: required', () => {
    expect(checkEmailUpdate('  ')).toEqual({ field: 'email', message: 'Email address is required.' })
    expect(checkEmailUpdate('ada@example.org')).toBeNull()
  })

  it('password change: all required, then matching, then 6 characters', () => {
    const ok = { currentPassword: 'old-one', newPassword: 'new-one', confirmPassword: 'new-one' }
    expect(checkPasswordChange(ok)).toBeNull()
    expect(checkPasswordChange({ ...ok, currentPassword: '' })).toEqual({
      field: 'currentPassword',
      message: 'All password fields are required.',
    })
    expect(checkPasswordChange({ ...ok, confirmPassword: '' })).toEqual({
      field: 'confirmPassword',
      message: 'All password fields are required.',
    })
    expect(checkPasswordChange({ ...ok, confirmPassword: 'other' })).toEqual({
      field: 'confirmPassword',
      message: 'New passwords do not match.',
    })
    expect(checkPasswordChange({ ...ok, newPassword: 'abc', confirmPassword: 'abc' })).toEqual({
      field: 'newPassword',
      message: 'Password must be at least 6 characters long.',
    })
  })
})

describe('reset link', () => {
  it('reads the token from the query string', () => {
    expect(readResetToken('?resetToken=abc123')).toBe('abc123')
    expect(readResetToken('?page=2&resetToken=a%2Bb')).toBe('a+b')
    expect(readResetToken('?resetToken=')).toBeNull()
    expect(readResetToken('')).toBeNull()
  })

  it('drops only the token from the address', () => {
    expect(withoutResetToken('/', '?resetToken=abc')).toBe('/')
    expect(withoutResetToken('/', '?sort=title&resetToken=abc&dir=asc', '#top')).toBe('/?sort=title&dir=asc#top')
  })
})

describe('admin-secret texts', () => {
  it('names the access level of each role', () => {
    expect(accessLevel('admin')).toBe('Full admin access')
    expect(accessLevel('guest')).toBe('Read-only guest access')
    expect(accessLevel(null)).toBe('Read-only guest access')
  })

  it('counts the admin slots left', () => {
    expect(slotsRemainingText(3)).toBe('3 admin slots remaining.')
    expect(slotsRemainingText(1)).toBe('1 admin slot remaining.')
    expect(slotsRemainingText(0)).toBe('No admin slots remaining.')
  })
})
