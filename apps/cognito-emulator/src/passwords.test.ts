import { describe, expect, it } from 'vitest'
import {
  generateTemporaryPassword,
  hashPassword,
  type PasswordPolicy,
  policyViolation,
  verifyPassword,
} from './passwords.ts'

const strict: PasswordPolicy = {
  minimumLength: 10,
  requireLowercase: true,
  requireUppercase: true,
  requireNumbers: true,
  requireSymbols: true,
}

describe('policyViolation', () => {
  it.each([
    ['Ab1!', 'Password not long enough'],
    ['ABCDEFGH1!', 'Password must have lowercase characters'],
    ['abcdefgh1!', 'Password must have uppercase characters'],
    ['Abcdefghi!', 'Password must have numeric characters'],
    ['Abcdefghi1', 'Password must have symbol characters'],
  ])('rejects %s with "%s", the first rule it breaks', (password, reason) => {
    expect(policyViolation(password, strict)).toBe(reason)
  })

  it('accepts a password that meets every rule, counting a space as a symbol', () => {
    expect(policyViolation('Abcdefgh1!', strict)).toBeUndefined()
    expect(policyViolation('Abcd efgh1', strict)).toBeUndefined()
  })

  it('counts characters, not UTF-16 units', () => {
    const policy = { ...strict, minimumLength: 8, requireSymbols: false, requireUppercase: false }
    expect(policyViolation('ぱすわーど1a', policy)).toBe('Password not long enough')
    expect(policyViolation('ぱすわーどです1a', policy)).toBeUndefined()
  })
})

describe('password hashes', () => {
  it('verifies the password it hashed and nothing else, with a new salt every time', async () => {
    const first = await hashPassword('correct-horse-1', 1024)
    const second = await hashPassword('correct-horse-1', 1024)

    expect(first).toMatch(/^scrypt\$1024\$[\w-]{22}\$[\w-]{43}$/)
    expect(second).not.toBe(first)
    expect(await verifyPassword('correct-horse-1', first)).toBe(true)
    expect(await verifyPassword('correct-horse-2', first)).toBe(false)
    expect(await verifyPassword('correct-horse-1', 'plain-text')).toBe(false)
  })
})

describe('generateTemporaryPassword', () => {
  it('satisfies the strictest policy', () => {
    for (let round = 0; round < 50; round++) {
      expect(policyViolation(generateTemporaryPassword(strict), strict)).toBeUndefined()
    }
  })
})
