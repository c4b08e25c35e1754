import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/*
 * The API's rooms stay as they are laid out: one module owns the spot count (apps/api/src/services/inventory.ts
 * holds every statement that changes `tier_inventory.taken`, decision 151, and an add-on's `addon_products.taken`,
 * decision 178: elsewhere an add-on row is only ever inserted, with no count, when an edition is seeded), and every
 * service file stays short enough to read in one sitting.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const apiSource = join(root, 'apps/api/src')
const servicesFolder = join(apiSource, 'services')
const inventoryModule = 'apps/api/src/services/inventory.ts'
const maxServiceLines = 300

/** A statement writing the counter, in SQL text or through drizzle's builder. */
const countWrites: readonly RegExp[] = [
  /\b(?:update|insert\s+into|delete\s+from)\s+tier_inventory\b/i,
  /\.(?:update|insert|delete)\(\s*tierInventory\s*\)/,
  /\b(?:update|delete\s+from)\s+addon_products\b/i,
  /\.(?:update|delete)\(\s*addonProducts\s*\)/,
  /\bset\s+taken\s*=/i,
  /\btaken\s*:\s*sql\b/,
]

function writesCount(text: string): { line: number; text: string }[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      countWrites.some((pattern) => pattern.test(line)) ? [{ line: index + 1, text: line.trim() }] : [],
    )
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .map((path) => join(folder, path))
}

describe('the API rooms', () => {
  it('change the spot count only in the inventory module', () => {
    const hits = sourceFiles(apiSource)
      .map((path) => relative(root, path))
      .filter((path) => path !== inventoryModule)
      .flatMap((path) =>
        writesCount(readFileSync(join(root, path), 'utf8')).map((hit) => `${path}:${hit.line}: ${hit.text}`),
      )
    expect(hits).toEqual([])
    expect(writesCount(readFileSync(join(root, inventoryModule), 'utf8')).length).toBeGreaterThan(0)
  })

  it(`keep every service file within ${maxServiceLines} lines`, () => {
    const long = sourceFiles(servicesFolder).flatMap((path) => {
      const lines = readFileSync(path, 'utf8').trimEnd().split('\n').length
      return lines > maxServiceLines ? [`${relative(root, path)}: ${lines} lines`] : []
    })
    expect(long).toEqual([])
  })
})

describe('the spot count check', () => {
  it.each([
    'update tier_inventory set taken = taken + 1',
    '      UPDATE tier_inventory t',
    'insert into tier_inventory (registration_tier, capacity, taken)',
    'await db.update(tierInventory).set({ taken: 0 })',
    '.insert(tierInventory)',
    'delete from tier_inventory where registration_tier = $1',
    'update counters set taken = 3',
    'update addon_products set capacity = 10',
    'await db.update(addonProducts).set({ capacity: 1 })',
    'delete from addon_products where code = $1',
    'taken: sql`taken + 1`,',
  ])('finds %j', (line) => {
    expect(writesCount(line)).toEqual([{ line: 1, text: line.trim() }])
  })

  it.each([
    'select i.taken, i.capacity from tier_inventory i',
    '// A hold is a row that counts in `tier_inventory.taken`',
    'const taken = await retakeSpot(tx, tier)',
    'await db.insert(addonProducts).values(rows).onConflictDoUpdate({ target, set: { saleOpensAt } })',
    'select p.taken, p.capacity from addon_products p',
  ])('lets %j pass', (line) => {
    expect(writesCount(line)).toEqual([])
  })
})
