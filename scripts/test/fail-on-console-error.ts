// A console.error during a test fails that test: React warnings, unhandled rejections logged by libraries
// and our own error reports all mean something went wrong, even when the assertions pass.
import { afterEach, beforeEach } from 'vitest'

const original = console.error
let calls: unknown[][] = []

beforeEach(() => {
  calls = []
  console.error = (...args: unknown[]) => {
    calls.push(args)
    original(...args)
  }
})

afterEach(() => {
  console.error = original
  if (calls.length > 0) {
    const printed = calls.map((args) =>
      args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' '),
    )
    throw new Error(`console.error was called during this test:\n${printed.join('\n')}`)
  }
})
