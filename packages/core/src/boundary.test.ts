import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const src = fileURLToPath(new URL('.', import.meta.url))

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : []
  })
}

function importedPackages(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s*'([^']+)'/g)].map(
    (match) => match[1] ?? '',
  )
  const dynamic = [...text.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map((match) => match[1] ?? '')
  return [...specifiers, ...dynamic].filter((specifier) => !specifier.startsWith('.'))
}

describe('packages/core boundary', () => {
  it('imports no React, MUI, Dexie, app or Node built-in outside its tests', () => {
    const forbidden = /^(react|react-dom|@mui\/|@emotion\/|dexie|@xstate\/react|@furfes\/|node:)/
    const offending = sourceFiles(src).flatMap((file) =>
      importedPackages(file)
        .filter((specifier) => forbidden.test(specifier))
        .map((specifier) => `${relative(src, file)}: ${specifier}`),
    )
    expect(offending).toEqual([])
  })
})
