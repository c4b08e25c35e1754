import { execFile } from 'node:child_process'
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'

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

// Biome reports no diagnostics for stdin, so the samples are written next to real code for a moment. One Biome
// run lints them all: a run loads the whole project configuration, seconds on a loaded 2-core machine, and its
// GitHub-style report names the file of every diagnostic, so each sample is still judged on its own.
describe('core boundary lint rule', { timeout: 60_000 }, () => {
  const coreImports = [
    "import { useState } from 'react'",
    "import { Button } from '@mui/material'",
    "import Dexie from 'dexie'",
    "import { createApp } from '@furfes/api'",
  ]
  const samplePath = (folder: string, index: number) =>
    join(root, folder, `lint-sample-${process.pid}-${Date.now()}-${index}.ts`)
  const inCore = coreImports.map((source, index) => ({
    source,
    path: samplePath('packages/core/src', index),
    text: `${source}\nexport const x = 1\n`,
  }))
  const inApp = {
    path: samplePath('apps/pwa/src', coreImports.length),
    text: "import { useState } from 'react'\nexport const x = useState\n",
  }
  /** Biome's errors per file: `::error title=<rule>,file=<path>,…::<message>`. */
  const errors = new Map<string, string[]>()
  const boundaryMessage = 'packages/core is framework-free'

  beforeAll(async () => {
    const samples = [...inCore, inApp]
    for (const sample of samples) writeFileSync(sample.path, sample.text)
    try {
      const biome = join(root, 'node_modules/@biomejs/biome/bin/biome')
      const args = [biome, 'lint', '--colors=off', '--reporter=github', ...samples.map(({ path }) => path)]
      const output = await run(process.execPath, args, { cwd: root }).then(
        (result) => result.stdout,
        (error: { stdout: string }) => error.stdout,
      )
      for (const line of output.split('\n')) {
        const match = /^::error [^:]*file=([^,]+),[^:]*::(.*)$/.exec(line)
        if (match?.[1] && match[2] !== undefined)
          errors.set(match[1], [...(errors.get(match[1]) ?? []), match[2]])
      }
    } finally {
      for (const sample of samples) rmSync(sample.path)
    }
  }, 60_000)

  it.each(inCore)('rejects `$source` in packages/core', ({ path }) => {
    expect(errors.get(path)).toEqual(expect.arrayContaining([expect.stringContaining(boundaryMessage)]))
  })

  it('allows the same import in an app', () => {
    expect(errors.get(inApp.path) ?? []).not.toEqual(
      expect.arrayContaining([expect.stringContaining(boundaryMessage)]),
    )
  })
})
