import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { parseWithoutEval } from './zod-config.ts'

describe('parseWithoutEval', () => {
  it('switches on the jitless option Zod itself reads, and Zod still parses', () => {
    parseWithoutEval()
    expect(z.config().jitless).toBe(true)
    const schema = z.object({ name: z.string() })
    expect(schema.parse({ name: 'fox', extra: 1 })).toEqual({ name: 'fox' })
    expect(schema.safeParse({ name: 1 }).success).toBe(false)
  })
})
