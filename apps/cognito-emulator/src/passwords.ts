import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto'

/** A user pool's password policy, as pools.json and Cognito's console name its parts. */
export interface PasswordPolicy {
  minimumLength: number
  requireLowercase: boolean
  requireUppercase: boolean
  requireNumbers: boolean
  requireSymbols: boolean
}

/** The characters Cognito counts as symbols (its documented list, space included). */
const symbols = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- '

/**
 * The first rule of the policy the password breaks, in Cognito's words ("Password not long enough"), or
 * undefined when it conforms. Cognito checks in this order and reports only the first failure.
 */
export function policyViolation(password: string, policy: PasswordPolicy): string | undefined {
  if ([...password].length < policy.minimumLength) return 'Password not long enough'
  if (policy.requireLowercase && !/[a-z]/.test(password)) return 'Password must have lowercase characters'
  if (policy.requireUppercase && !/[A-Z]/.test(password)) return 'Password must have uppercase characters'
  if (policy.requireNumbers && !/[0-9]/.test(password)) return 'Password must have numeric characters'
  if (policy.requireSymbols && ![...password].some((char) => symbols.includes(char))) {
    return 'Password must have symbol characters'
  }
  return undefined
}

const keyLength = 32

function derive(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem must grow with N: scrypt needs 128 * N * r bytes.
    scrypt(password, salt, keyLength, { N: cost, r: 8, p: 1, maxmem: 256 * cost * 8 }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

/** `scrypt$N$salt$hash` with a fresh 16-byte salt; the cost is stored so it can change between installs. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, cost)
  return ['scrypt', cost, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || cost === undefined || salt === undefined || hash === undefined) return false
  const expected = Buffer.from(hash, 'base64url')
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(cost))
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** A fixed hash to compare against when the user does not exist, so both answers take as long. */
const decoys = new Map<number, Promise<string>>()
export async function verifyAgainstDecoy(password: string, cost: number): Promise<false> {
  const decoy = decoys.get(cost) ?? hashPassword('decoy password', cost)
  decoys.set(cost, decoy)
  await verifyPassword(password, await decoy)
  return false
}

/** A temporary password that satisfies any policy: 12 characters or the minimum, with every class. */
export function generateTemporaryPassword(policy: PasswordPolicy): string {
  const classes = ['abcdefghijkmnopqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!#%+=?@']
  const pick = (chars: string) => chars.charAt(randomInt(chars.length))
  const characters = classes.map(pick)
  const all = classes.join('')
  while (characters.length < Math.max(12, policy.minimumLength)) characters.push(pick(all))
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[characters[i], characters[j]] = [characters[j] ?? '', characters[i] ?? '']
  }
  return characters.join('')
}
