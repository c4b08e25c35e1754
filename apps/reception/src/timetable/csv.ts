import {
  formatJapanDateTime,
  parseJapanDateTime,
  type TimetableSession,
  type TimetableTag,
  timetableSessionsSchema,
  timetableTags,
  type ValidationMessageKey,
  validationMessage,
} from '@furfes/core'
import Papa from 'papaparse'
import { byteOrderMark, toCsv } from '../participants/csv.ts'

/*
 * The timetable as the committee's spreadsheet keeps it (docs/decisions/172-timetable-as-data.md): one row per
 * session, times as `YYYY-MM-DD HH:MM` in Japan, tags separated by spaces. Written like every CSV of the app and
 * read back exactly; a file with any mistake is refused whole, each mistake named by its row and column.
 */

export const timetableCsvColumns = [
  'id',
  'starts_at',
  'ends_at',
  'stage_ja',
  'stage_en',
  'title_ja',
  'title_en',
  'description_ja',
  'description_en',
  'tags',
  'notes_ja',
  'notes_en',
] as const
type Column = (typeof timetableCsvColumns)[number]

export function timetableCsv(sessions: readonly TimetableSession[]): string {
  const rows = sessions.map((session) => {
    const row: Record<Column, string> = {
      id: session.id,
      starts_at: formatJapanDateTime(session.startsAt),
      ends_at: formatJapanDateTime(session.endsAt),
      stage_ja: session.stage.ja,
      stage_en: session.stage.en,
      title_ja: session.title.ja,
      title_en: session.title.en,
      description_ja: session.description.ja,
      description_en: session.description.en,
      tags: session.tags.join(' '),
      notes_ja: session.notes.ja,
      notes_en: session.notes.en,
    }
    return timetableCsvColumns.map((column) => row[column])
  })
  return toCsv(timetableCsvColumns, rows, { readBack: true })
}

/** One mistake of a file: its row as a spreadsheet numbers it (the header is row 1), its column, the message. */
export interface CsvMistake {
  row: number
  column: string
  /** A key of the errors namespace, with its values. */
  message: `validation.${ValidationMessageKey}`
  values?: Record<string, string>
}

export type TimetableCsvRead = { sessions: TimetableSession[] } | { mistakes: CsvMistake[] }

/** A cell as written: the apostrophe that defused a formula-looking cell removed (see toCsv's readBack). */
const cellValue = (raw: string) => (/^'[=+\-@\t\r']/.test(raw) ? raw.slice(1) : raw)

/** The column of a field of a session, as the schema's issue path names it (`['title', 'ja']` → `title_ja`). */
function columnOf(path: readonly PropertyKey[]): string {
  const [field, language] = path.map(String)
  if (field === 'startsAt') return 'starts_at'
  if (field === 'endsAt') return 'ends_at'
  return language === 'ja' || language === 'en' ? `${field}_${language}` : (field ?? 'id')
}

/** Reads a file the committee exported and edited: every session, or every mistake (and then no session). */
export function readTimetableCsv(text: string): TimetableCsvRead {
  const parsed = Papa.parse<Record<string, string>>(text.startsWith(byteOrderMark) ? text.slice(1) : text, {
    header: true,
    skipEmptyLines: 'greedy',
  })
  if (parsed.errors.length > 0) {
    return {
      mistakes: parsed.errors.map((error) => ({
        row: (error.row ?? 0) + 2,
        column: '',
        message: validationMessage('csvUnreadable'),
      })),
    }
  }
  const fields = parsed.meta.fields ?? []
  if (fields.join(',') !== timetableCsvColumns.join(',')) {
    return {
      mistakes: [
        {
          row: 1,
          column: '',
          message: validationMessage('csvColumnsInvalid'),
          values: { columns: timetableCsvColumns.join(', ') },
        },
      ],
    }
  }
  const mistakes: CsvMistake[] = []
  const candidates = parsed.data.map((raw, index) => {
    const cell = (column: Column) => cellValue(raw[column] ?? '')
    const instant = (column: 'starts_at' | 'ends_at') => {
      const value = parseJapanDateTime(cell(column))
      if (value === undefined) {
        mistakes.push({ row: index + 2, column, message: validationMessage('dateTimeInvalid') })
      }
      return value ?? 0
    }
    const tags = cell('tags').split(/\s+/).filter(Boolean)
    if (tags.some((item) => !(timetableTags as readonly string[]).includes(item))) {
      mistakes.push({
        row: index + 2,
        column: 'tags',
        message: validationMessage('tagUnknown'),
        values: { tags: timetableTags.join(' ') },
      })
    }
    return {
      id: cell('id'),
      startsAt: instant('starts_at'),
      endsAt: instant('ends_at'),
      stage: { ja: cell('stage_ja'), en: cell('stage_en') },
      title: { ja: cell('title_ja'), en: cell('title_en') },
      description: { ja: cell('description_ja'), en: cell('description_en') },
      tags: tags.filter((item): item is TimetableTag => (timetableTags as readonly string[]).includes(item)),
      notes: { ja: cell('notes_ja'), en: cell('notes_en') },
    }
  })
  const checked = timetableSessionsSchema.safeParse(candidates)
  for (const issue of checked.error?.issues ?? []) {
    const [index, ...path] = issue.path
    const column = columnOf(path)
    // A time that could not be read is reported once, as unreadable, not again as out of order.
    if (mistakes.some((mistake) => mistake.row === Number(index) + 2 && mistake.column === column)) continue
    mistakes.push({ row: Number(index) + 2, column, message: issue.message as CsvMistake['message'] })
  }
  const columnIndex = (mistake: CsvMistake) => timetableCsvColumns.indexOf(mistake.column as Column)
  if (mistakes.length > 0) {
    return { mistakes: mistakes.sort((a, b) => a.row - b.row || columnIndex(a) - columnIndex(b)) }
  }
  return { sessions: checked.data ?? [] }
}
