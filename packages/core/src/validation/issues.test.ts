import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldMessages, issueMessage } from './issues.ts'

describe('issueMessage', () => {
  it('falls back to Required and Invalid input for schemas from elsewhere', () => {
    const missing = z.object({ a: z.string() }).safeParse({}).error?.issues[0]
    const wrong = z.number().safeParse('x').error?.issues[0]
    expect(missing && issueMessage(missing)).toEqual({ key: 'validation.required', values: {} })
    expect(wrong && issueMessage(wrong)).toEqual({ key: 'validation.invalidInput', values: {} })
  })

  it('passes limits as values for the message placeholders', () => {
    const issue = z.array(z.string()).max(2, 'validation.urlsTooMany').safeParse(['a', 'b', 'c']).error
      ?.issues[0]
    expect(issue && issueMessage(issue)).toEqual({ key: 'validation.urlsTooMany', values: { max: '2' } })
  })
})

describe('fieldMessages', () => {
  it('keeps the first message of each field', () => {
    const schema = z.object({
      name: z.string().min(1, 'validation.badgeNameEmpty').min(2, 'validation.badgeNameTooLong'),
      urls: z.array(z.url({ error: 'validation.urlInvalid' })),
    })
    const error = schema.safeParse({ name: '', urls: ['ok', 'https://a.example', 'bad'] }).error
    expect(error && fieldMessages(error)).toEqual({
      name: { key: 'validation.badgeNameEmpty', values: { min: '1' } },
      'urls.0': { key: 'validation.urlInvalid', values: {} },
      'urls.2': { key: 'validation.urlInvalid', values: {} },
    })
  })
})
