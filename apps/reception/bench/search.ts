// Participant search at 5,000 rows on the tablet's snapshot: what a keystroke in the participant list costs.
// Run: pnpm --filter @furfes/reception bench:search   (options: --rows=N, --repeats=N, --json)
import { cpus } from 'node:os'
import { performance } from 'node:perf_hooks'
import { checkInsByRegistration, type StoredCheckIn } from '../src/data/check-ins.ts'
import {
  filterParticipants,
  firstMatches,
  noFilters,
  type ParticipantFilters,
  type SortColumn,
  sortParticipants,
} from '../src/participants/search.ts'
import { participant, registrationIdOf } from '../src/test/fixtures.ts'
import { benchArgs, printTable, quantile, seededRandom } from './bench-kit.ts'

const args = benchArgs()
const rowCount = Number(args.get('rows') ?? 5000)
const repeats = Number(args.get('repeats') ?? 30)

const next = seededRandom(21)
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T
const kana = ['きつね', 'たぬき', 'おおかみ', 'ねこ', 'いぬ', 'りゅう', 'うさぎ', 'とら', 'くま', 'しか']
const katakana = ['コン', 'ポチ', 'シロ', 'クロ', 'ミケ', 'ハチ', 'タマ', 'ルナ', 'ソラ', 'ユキ']
const latin = ['Fox', 'Wolf', 'Tanuki', 'Dragon', 'Lynx', 'Otter', 'Husky', 'Raccoon', 'Deer', 'Hare']
const kanji = ['狐', '狼', '虎', '熊', '龍', '兎', '鹿', '猫', '犬', '狸']
const tiers = ['member', 'member', 'member', 'fursuiter', 'sponsor', 'sponsor_fursuiter'] as const
const statuses = ['paid', 'paid', 'paid', 'paid', 'pending', 'canceled', 'expired'] as const

const people = Array.from({ length: rowCount }, (_, i) => {
  const n = i + 1
  const style = n % 4
  const badgeName =
    style === 0
      ? `${pick(latin)} ${n}`
      : style === 1
        ? `${pick(kana)}${pick(katakana)}`
        : style === 2
          ? `${pick(kanji)}${pick(kanji)}の${pick(katakana)}`
          : `${pick(katakana)}・${pick(latin)}`
  return participant({
    n,
    badgeName,
    handleName: `${pick(latin)}${pick(kana)}`,
    email: `user${n}.${pick(latin).toLowerCase()}@example.com`,
    tier: pick(tiers),
    paymentStatus: pick(statuses),
    withoutRegistration: n % 50 === 0,
  })
})

// Event day at noon: 30 % of the paid people are in.
const records: StoredCheckIn[] = people
  .filter((_, i) => i % 10 < 3)
  .map((_, i) => ({
    id: `c${i}`,
    registrationId: registrationIdOf(i * 3 + 1),
    deviceId: `device-${i % 4}`,
    checkedInAt: Date.parse('2025-05-10T09:30:00+09:00') + i * 1000,
    kind: 'check_in',
    localSeq: i + 1,
    origin: 'remote',
    status: 'accepted',
    receivedAt: Date.parse('2025-05-10T09:30:00+09:00') + i * 1000 + 50,
  }))
const checkIns = checkInsByRegistration(records)

const ms = (value: number) => value.toFixed(2)

function time(run: () => unknown): number {
  const started = performance.now()
  run()
  return performance.now() - started
}

// Every prefix of each query, as staff type it.
const queries = ['きつね', 'コン', 'fox 12', 'user4711', 'オオカミ', registrationIdOf(1234).slice(-6), 'zzz']
const keystrokes = queries.flatMap((query) =>
  Array.from({ length: query.length }, (_, i) => query.slice(0, i + 1)),
)
const filtersOf = (query: string): ParticipantFilters => ({ ...noFilters, query })

const rows: Record<string, string>[] = []

// The first search over a list nobody has searched yet folds every row's text once; the list does it ahead
// when a snapshot arrives, a slice per task (prepareSearch). Measured here as one first search.
rows.push({
  case: `first search over a new snapshot of ${rowCount} (folds every row; the list does it ahead, in slices)`,
  median: ms(time(() => filterParticipants(people, filtersOf('きつね'), checkIns))),
  p95: '–',
  max: '–',
})

/** One row of the table: the median, 95th percentile and slowest of `times`. */
function addRow(name: string, times: number[]) {
  rows.push({
    case: name,
    median: ms(quantile(times, 0.5)),
    p95: ms(quantile(times, 0.95)),
    max: ms(Math.max(...times)),
  })
}

function measure(name: string, run: () => unknown) {
  run()
  const times: number[] = []
  for (let r = 0; r < repeats; r++) times.push(time(run))
  addRow(name, times)
}

const sorted = sortParticipants(people, { column: 'badgeName', direction: 'asc' }, checkIns)
/** Times `search` once per keystroke, `repeats` times over, so each row reads against the 50 ms budget. */
function measurePerKeystroke(name: string, search: (keystroke: string) => unknown) {
  const times: number[] = []
  for (let r = 0; r < repeats; r++) {
    for (const keystroke of keystrokes) times.push(time(() => search(keystroke)))
  }
  addRow(name, times)
}
measurePerKeystroke('one keystroke, list (filter)', (keystroke) =>
  filterParticipants(sorted, filtersOf(keystroke), checkIns),
)
measurePerKeystroke('one keystroke with tier, payment and check-in filters', (keystroke) =>
  filterParticipants(
    sorted,
    { query: keystroke, tier: 'sponsor', payment: 'paid', checkIn: 'notCheckedIn' },
    checkIns,
  ),
)
measurePerKeystroke("one keystroke, scanner's search (filter, keep the first 8 by name)", (keystroke) =>
  firstMatches(people, filtersOf(keystroke), checkIns, 8),
)
for (const column of ['badgeName', 'email', 'checkIn'] as SortColumn[]) {
  measure(`sort all ${rowCount} by ${column} (a header click)`, () =>
    sortParticipants(people, { column, direction: 'desc' }, checkIns),
  )
}

if (args.has('json')) {
  console.log(
    JSON.stringify({ node: process.version, cpu: cpus()[0]?.model, rowCount, repeats, rows }, null, 2),
  )
} else {
  console.log(
    `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model}; ${rowCount} participants, ${records.length} check-ins, ${repeats} runs`,
  )
  printTable(rows)
}
