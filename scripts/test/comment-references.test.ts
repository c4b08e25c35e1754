import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/*
 * Comments, test titles and docs must be readable by someone who has only the repository. The product's
 * specification is not in it, and issue or work-session numbers mean nothing to a newcomer; a reason is said in
 * our own words and, where it is recorded, points at docs/decisions/NNN or a docs/requirements.md id. This test
 * scans every tracked text file for such references and fails on each one it finds.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const self = relative(root, fileURLToPath(import.meta.url))

/** Each shape a pointer into the outside world takes: a numbered section, an issue, a session. */
const referencePatterns: readonly RegExp[] = [
  /\bspec(?:ification)?(?:'s)?\s+(?:section|§)/i,
  /\bsections?\s+\d/i,
  /§\s?\d/,
  /\(spec\s+\d/i,
  /\bspec\s+\d/i,
  /\bissues?\s+#?\d/i,
  /\bsessions?\s+\d/i,
]

const textFile = /\.(?:[cm]?[jt]sx?|json|md|css|html|ya?ml|sql|example)$/

/**
 * Files that still hold references because other work owns them at the moment; the list only shrinks. Each entry
 * must still hold one, so a cleaned file is taken off the list rather than left as a blind spot.
 */
const allowList: readonly string[] = [
  'apps/api/src/db/schema.ts',
  'apps/pwa/src/mypage/DashboardPage.tsx',
  'apps/pwa/src/mypage/MyPage.tsx',
  'apps/pwa/src/mypage/RegistrationAdditionalInfoPage.tsx',
  'apps/pwa/src/mypage/RegistrationPage.tsx',
  'apps/pwa/src/mypage/mypage.test.tsx',
  'apps/pwa/src/mypage/use-cached.ts',
  'apps/pwa/src/pages.ts',
  'apps/pwa/src/routes.tsx',
  'apps/reception/src/app/ErrorText.tsx',
  'apps/reception/src/auth/AdminGate.tsx',
  'apps/reception/src/auth/SignInPage.test.tsx',
  'apps/reception/src/auth/SignInPage.tsx',
  'apps/reception/src/layout/LanguageLayout.tsx',
  'apps/reception/src/settings/SettingsPage.tsx',
  'apps/reception/src/test/fake-api-server.ts',
  'docs/benchmarks.md',
  'docs/requirements.md',
  'e2e/bench/scan-to-verdict.spec.ts',
  'e2e/support/mypage.ts',
  'e2e/support/offline-bench-cli.ts',
  'e2e/support/public-site.ts',
  'e2e/tests/budgets.spec.ts',
  'e2e/tests/exclusive/lighthouse.spec.ts',
  'e2e/tests/exclusive/session-expiry.spec.ts',
  'e2e/tests/mypage-expiry.spec.ts',
  'e2e/tests/offline.spec.ts',
  'e2e/tests/preload-retry.spec.ts',
  'e2e/tests/reception-devices.spec.ts',
  'e2e/tests/reception.spec.ts',
  'packages/core/src/contract/routes.test.ts',
  'packages/core/src/contract/routes.ts',
  'packages/core/src/contract/schemas.ts',
  'packages/core/src/domain/registration-tier.ts',
  'packages/core/src/domain/registration.ts',
  'packages/core/src/domain/sponsor-benefits.ts',
  // docs/requirements.md (STO-1) names this file's test by its title: rename both together.
  'packages/core/src/storage/app-storage.test.ts',
  'packages/ui/src/theme.ts',
]

function referencesIn(text: string): { line: number; text: string }[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      referencePatterns.some((pattern) => pattern.test(line)) ? [{ line: index + 1, text: line.trim() }] : [],
    )
}

function trackedTextFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((path) => textFile.test(path) && path !== self)
}

describe('references a reader cannot follow', () => {
  const found = new Map(
    trackedTextFiles().map((path) => [path, referencesIn(readFileSync(join(root, path), 'utf8'))] as const),
  )

  it('are in no tracked source file, test title or doc outside the allow-list', () => {
    const outside = [...found]
      .filter(([path, hits]) => hits.length > 0 && !allowList.includes(path))
      .flatMap(([path, hits]) => hits.map((hit) => `${path}:${hit.line}: ${hit.text}`))
    expect(outside).toEqual([])
  })

  it('has an allow-list of files that exist and still hold a reference', () => {
    const stale = allowList.filter((path) => (found.get(path) ?? []).length === 0)
    expect(stale, 'these hold no reference any more: remove them from the allow-list').toEqual([])
  })
})

describe('the reference check', () => {
  it.each([
    'the rules of spec section 4',
    'Spec section 8: 401 means sign in again',
    "per the spec's section 3",
    'the limits of sections 3 and 9',
    'Sections 3, 4, 6 and 9 of the spec',
    'as §5 says',
    'spec § 2',
    'the API (spec 7)',
    'Accepted (issue 10).',
    'see issue #9',
    'Issues 5 and 6',
    'Status: accepted (session 2).',
    'Session 3: every lazily loaded module',
  ])('finds "%s"', (text) => {
    expect(referencesIn(text)).toEqual([{ line: 1, text }])
  })

  it.each([
    'the refund policy of docs/decisions/110',
    'prices as docs/requirements.md REG-2 lists them',
    'the identity still holds for this session',
    'a login session past its 30 days',
    'the checkout session expires after 30 minutes',
    'the spec says so',
    'a section of the page',
  ])('lets "%s" through', (text) => {
    expect(referencesIn(text)).toEqual([])
  })

  it('gives the line of each reference', () => {
    expect(referencesIn('one\ntwo (issue 3)\nthree')).toEqual([{ line: 2, text: 'two (issue 3)' }])
  })
})
