import { execFile } from 'node:child_process'
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const run = promisify(execFile)

function localeFolders(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (
      !entry.isDirectory() ||
      entry.name === 'node_modules' ||
      entry.name.startsWith('.') ||
      entry.name === 'dist'
    )
      continue
    const path = join(dir, entry.name)
    if (entry.name === 'locales') found.push(path)
    else localeFolders(path, found)
  }
  return found
}

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix]
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
}

describe('translations', () => {
  const folders = localeFolders(join(root, 'packages')).concat(localeFolders(join(root, 'apps')))

  it('finds the locale folders of core, ui, pwa and reception', () => {
    expect(folders.map((folder) => relative(root, folder))).toEqual(
      expect.arrayContaining([
        'packages/ui/src/locales',
        'apps/pwa/src/locales',
        'apps/reception/src/locales',
      ]),
    )
  })

  it.each(folders.map((folder) => [relative(root, folder), folder]))(
    '%s has the same keys in ja and en',
    (_, folder) => {
      const namespaces = readdirSync(join(folder, 'ja')).sort()
      expect(readdirSync(join(folder, 'en')).sort()).toEqual(namespaces)
      for (const namespace of namespaces) {
        const ja = keysOf(JSON.parse(readFileSync(join(folder, 'ja', namespace), 'utf8'))).sort()
        const en = keysOf(JSON.parse(readFileSync(join(folder, 'en', namespace), 'utf8'))).sort()
        expect({ namespace, keys: en }).toEqual({ namespace, keys: ja })
      }
    },
  )
})

describe('console.error guard', () => {
  it('fails a test that logs an error even though its assertions pass', async () => {
    const vitest = join(root, 'node_modules/vitest/vitest.mjs')
    const fixture = join(root, 'scripts/test/fixtures/console-error')
    const outcome = await run(process.execPath, [
      vitest,
      'run',
      '--root',
      fixture,
      '--config',
      join(root, 'scripts/test/fixture.vitest.config.ts'),
    ]).then(
      (result) => ({ code: 0, output: result.stdout + result.stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        output: error.stdout + error.stderr,
      }),
    )
    expect(outcome.code).toBe(1)
    expect(outcome.output).toContain('console.error was called during this test')
  }, 60_000)
})

// Each case runs Biome over the whole project configuration; allow for a loaded 2-core machine.
describe('core boundary lint rule', { timeout: 60_000 }, () => {
  // Biome does not report diagnostics for stdin, so the sample is written next to real code for a moment.
  async function lintAs(folder: string, source: string) {
    const path = join(root, folder, `lint-sample-${process.pid}-${Date.now()}.ts`)
    writeFileSync(path, source)
    try {
      const biome = join(root, 'node_modules/@biomejs/biome/bin/biome')
      return await run(process.execPath, [biome, 'lint', '--colors=off', path], { cwd: root }).then(
        (result) => ({ code: 0, output: result.stdout + result.stderr }),
        (error: { code: number; stdout: string; stderr: string }) => ({
          code: error.code,
          output: error.stdout + error.stderr,
        }),
      )
    } finally {
      rmSync(path)
    }
  }

  it.each([
    "import { useState } from 'react'",
    "import { Button } from '@mui/material'",
    "import Dexie from 'dexie'",
    "import { createApp } from '@furfes/api'",
  ])('rejects `%s` in packages/core', async (source) => {
    const result = await lintAs('packages/core/src', `${source}\nexport const x = 1\n`)
    expect(result.code).not.toBe(0)
    expect(result.output).toContain('packages/core is framework-free')
  })

  it('allows the same import in an app', async () => {
    const result = await lintAs(
      'apps/pwa/src',
      "import { useState } from 'react'\nexport const x = useState\n",
    )
    expect(result.output).not.toContain('packages/core is framework-free')
  })
})
