import { CognitoError } from './errors.ts'

/** A constraint from Cognito's API reference: length limits and a pattern (matched in full, as Java does). */
interface StringRule {
  min?: number
  max?: number
  pattern?: { text: string; regex: RegExp }
}

/** `text` is the pattern as the API reference writes it (it appears in messages); `source` is the same in JS. */
const pattern = (text: string, source = text) => ({ text, regex: new RegExp(`^(?:${source})$`, 'u') })

export const rules = {
  clientId: { min: 1, max: 128, pattern: pattern('[\\w+]+') },
  username: { min: 1, max: 128, pattern: pattern('[\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}]+') },
  password: { max: 256, pattern: pattern('^[\\S]+.*[\\S]+$', '[\\S]+.*[\\S]+') },
  confirmationCode: { min: 1, max: 2048, pattern: pattern('[\\S]+') },
  accessToken: { pattern: pattern('[A-Za-z0-9-_=.]+', '[A-Za-z0-9\\-_=.]+') },
  session: { min: 20, max: 2048 },
  userPoolId: { min: 1, max: 55, pattern: pattern('[\\w-]+_[0-9a-zA-Z]+') },
  attributeName: { min: 1, max: 32, pattern: pattern('[\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}]+') },
  attributeValue: { max: 2048 },
  groupName: { min: 1, max: 128, pattern: pattern('[\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}]+') },
  description: { max: 2048 },
  roleArn: {
    min: 20,
    max: 2048,
    pattern: pattern(
      'arn:[\\w+=/,.@-]+:[\\w+=/,.@-]+:([\\w+=/,.@-]*)?:[0-9]+:[\\w+=/,.@-]+(:[\\w+=/,.@-]+)?(:[\\w+=/,.@-]+)?',
      'arn:[\\w+=/,.@-]+:[\\w+=/,.@-]+:(?:[\\w+=/,.@-]*)?:[0-9]+:[\\w+=/,.@-]+(?::[\\w+=/,.@-]+)?(?::[\\w+=/,.@-]+)?',
    ),
  },
  nextToken: { min: 1, pattern: pattern('[\\S]+') },
  any: {},
} satisfies Record<string, StringRule>

export const authFlows = [
  'USER_SRP_AUTH',
  'REFRESH_TOKEN_AUTH',
  'REFRESH_TOKEN',
  'CUSTOM_AUTH',
  'ADMIN_NO_SRP_AUTH',
  'USER_PASSWORD_AUTH',
  'ADMIN_USER_PASSWORD_AUTH',
  'USER_AUTH',
] as const

export const challengeNames = [
  'SMS_MFA',
  'EMAIL_OTP',
  'SOFTWARE_TOKEN_MFA',
  'SELECT_MFA_TYPE',
  'MFA_SETUP',
  'PASSWORD_VERIFIER',
  'CUSTOM_CHALLENGE',
  'SELECT_CHALLENGE',
  'DEVICE_SRP_AUTH',
  'DEVICE_PASSWORD_VERIFIER',
  'ADMIN_NO_SRP_AUTH',
  'NEW_PASSWORD_REQUIRED',
  'SMS_OTP',
  'PASSWORD',
  'WEB_AUTHN',
  'PASSWORD_SRP',
] as const

export const messageActions = ['RESEND', 'SUPPRESS'] as const
export const deliveryMediums = ['SMS', 'EMAIL'] as const

export interface AttributeInput {
  name: string
  value: string
}

const camel = (name: string) => name.charAt(0).toLowerCase() + name.slice(1)

const serializationError = (name: string, expected: string) =>
  new CognitoError('SerializationException', `Expected ${expected} for '${name}'`)

/**
 * Reads one request's parameters the way Cognito's front end does: wrong JSON types are a
 * SerializationException at once; constraint violations are collected and reported together by `check()`
 * as one InvalidParameterException ("2 validation errors detected: …"). Call `check()` before using values.
 */
export class Params {
  readonly #input: Record<string, unknown>
  readonly #problems: string[] = []

  constructor(body: unknown) {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new CognitoError('SerializationException', 'Start of structure or map found where not expected.')
    }
    this.#input = body as Record<string, unknown>
  }

  string(name: string, rule: StringRule): string {
    const value = this.optionalString(name, rule)
    if (value === undefined)
      this.#problems.push(
        `Value null at '${camel(name)}' failed to satisfy constraint: Member must not be null`,
      )
    return value ?? ''
  }

  optionalString(name: string, rule: StringRule): string | undefined {
    const value = this.#input[name]
    if (value === undefined || value === null) return undefined
    if (typeof value !== 'string') throw serializationError(name, 'a string')
    this.#constrain(camel(name), value, rule)
    return value
  }

  enumValue<const T extends string>(name: string, values: readonly T[], required: boolean): T | undefined {
    const value = this.#input[name]
    if (value === undefined || value === null) {
      if (required)
        this.#problems.push(
          `Value null at '${camel(name)}' failed to satisfy constraint: Member must not be null`,
        )
      return undefined
    }
    if (typeof value !== 'string') throw serializationError(name, 'a string')
    if (!(values as readonly string[]).includes(value)) {
      this.#problems.push(
        `Value '${value}' at '${camel(name)}' failed to satisfy constraint: Member must satisfy enum value set: [${values.join(', ')}]`,
      )
      return undefined
    }
    return value as T
  }

  /** A whole number within the member's range (Precedence, Limit). */
  integer(name: string, range: { min?: number; max?: number }): number | undefined {
    const value = this.#input[name]
    if (value === undefined || value === null) return undefined
    if (typeof value !== 'number' || !Number.isInteger(value)) throw serializationError(name, 'an integer')
    const fail = (constraint: string) =>
      this.#problems.push(
        `Value '${value}' at '${camel(name)}' failed to satisfy constraint: Member must ${constraint}`,
      )
    if (range.min !== undefined && value < range.min) fail(`have value greater than or equal to ${range.min}`)
    if (range.max !== undefined && value > range.max) fail(`have value less than or equal to ${range.max}`)
    return value
  }

  boolean(name: string): boolean | undefined {
    const value = this.#input[name]
    if (value === undefined || value === null) return undefined
    if (typeof value !== 'boolean') throw serializationError(name, 'a boolean')
    return value
  }

  /** A map of strings (AuthParameters, ChallengeResponses, ClientMetadata). */
  stringMap(name: string): Record<string, string> {
    const value = this.#input[name]
    if (value === undefined || value === null) return {}
    if (typeof value !== 'object' || Array.isArray(value)) throw serializationError(name, 'a map')
    const map: Record<string, string> = Object.create(null)
    for (const [key, entry] of Object.entries(value)) {
      if (typeof entry !== 'string') throw serializationError(`${name}.${key}`, 'a string')
      map[key] = entry
    }
    return map
  }

  stringList(name: string): string[] | undefined {
    const value = this.#input[name]
    if (value === undefined || value === null) return undefined
    if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string')) {
      throw serializationError(name, 'a list of strings')
    }
    return value as string[]
  }

  /** A list of `{ Name, Value }` attributes (UserAttributes, ValidationData). */
  attributes(name: string, required = false): AttributeInput[] {
    const value = this.#input[name]
    if (value === undefined || value === null) {
      if (required)
        this.#problems.push(
          `Value null at '${camel(name)}' failed to satisfy constraint: Member must not be null`,
        )
      return []
    }
    if (!Array.isArray(value)) throw serializationError(name, 'a list')
    return value.map((entry: unknown, index) => {
      if (typeof entry !== 'object' || entry === null) throw serializationError(name, 'a list of attributes')
      const { Name, Value } = entry as { Name?: unknown; Value?: unknown }
      const path = `${camel(name)}.${index + 1}.member`
      if (typeof Name !== 'string') {
        if (Name !== undefined) throw serializationError(`${path}.name`, 'a string')
        this.#problems.push(
          `Value null at '${path}.name' failed to satisfy constraint: Member must not be null`,
        )
        return { name: '', value: '' }
      }
      if (Value !== undefined && Value !== null && typeof Value !== 'string') {
        throw serializationError(`${path}.value`, 'a string')
      }
      this.#constrain(`${path}.name`, Name, rules.attributeName)
      this.#constrain(`${path}.value`, Value ?? '', rules.attributeValue)
      return { name: Name, value: Value ?? '' }
    })
  }

  /** Throws the collected constraint violations, if any, as Cognito words them. */
  check(): void {
    const count = this.#problems.length
    if (count === 0) return
    const heading = `${count} validation error${count === 1 ? '' : 's'} detected: `
    throw new CognitoError('InvalidParameterException', heading + this.#problems.join('; '))
  }

  #constrain(path: string, value: string, rule: StringRule): void {
    const fail = (constraint: string) =>
      this.#problems.push(`Value at '${path}' failed to satisfy constraint: Member must ${constraint}`)
    if (rule.pattern && !rule.pattern.regex.test(value)) {
      fail(`satisfy regular expression pattern: ${rule.pattern.text}`)
    }
    if (rule.min !== undefined && value.length < rule.min) {
      fail(`have length greater than or equal to ${rule.min}`)
    }
    if (rule.max !== undefined && value.length > rule.max)
      fail(`have length less than or equal to ${rule.max}`)
  }
}
