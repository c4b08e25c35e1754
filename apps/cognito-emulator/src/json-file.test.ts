import * as nodeFs from 'node:fs'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { type FileSystem, JsonFile } from './json-file.ts'

const fs: FileSystem = { ...nodeFs }
const folders: string[] = []
const folder = () => {
  const path = mkdtempSync(join(tmpdir(), 'json-file-'))
  folders.push(path)
  return path
}
afterAll(() => {
  for (const path of folders) rmSync(path, { recursive: true, force: true })
})

/** node:fs, except that `step` throws the way a full disk or a dying process would. */
function failingAt(step: 'writeSync' | 'fsyncSync' | 'renameSync'): FileSystem {
  const fail = () => {
    throw Object.assign(new Error(`${step}: no space left on device`), { code: 'ENOSPC' })
  }
  return { ...fs, [step]: fail }
}

describe('JsonFile', () => {
  it('reads back what it wrote, and nothing before the first write', () => {
    const path = join(folder(), 'nested', 'state.json')
    const sut = new JsonFile<{ users: string[] }>(path)

    expect(sut.read()).toBeUndefined()
    sut.write({ users: ['aki'] })

    expect(sut.read()).toEqual({ users: ['aki'] })
    expect(new JsonFile(path).read()).toEqual({ users: ['aki'] })
  })

  it.each(['writeSync', 'fsyncSync', 'renameSync'] as const)(
    'keeps the previous document whole when %s fails, and leaves no temporary file',
    (step) => {
      const dir = folder()
      const path = join(dir, 'state.json')
      new JsonFile(path).write({ round: 1 })
      const sut = new JsonFile(path, failingAt(step))

      expect(() => sut.write({ round: 2 })).toThrow('no space left on device')

      expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ round: 1 })
      expect(readdirSync(dir)).toEqual(['state.json'])
    },
  )

  it('only ever replaces the file by renaming a complete, flushed copy over it', () => {
    const calls: string[] = []
    const recording = Object.fromEntries(
      (['openSync', 'writeSync', 'fsyncSync', 'closeSync', 'renameSync'] as const).map((name) => [
        name,
        (...args: unknown[]) => {
          calls.push(name)
          return (fs[name] as (...args: unknown[]) => unknown)(...args)
        },
      ]),
    )
    const sut = new JsonFile(join(folder(), 'state.json'), { ...fs, ...recording } as FileSystem)

    sut.write({ round: 1 })

    expect(calls).toEqual([
      'openSync',
      'writeSync',
      'fsyncSync',
      'closeSync',
      'renameSync',
      // the folder, so the rename itself is durable
      'openSync',
      'fsyncSync',
      'closeSync',
    ])
  })
})
