import { seedTimetable, startOfDayInTokyo } from '@furfes/core'
import { describe, expect, it } from 'vitest'
import { readTimetableCsv, timetableCsv, timetableCsvColumns } from './csv.ts'

/* The timetable's spreadsheet (decision 172): written and read back exactly, refused whole with each mistake named. */

const day = startOfDayInTokyo('2026-05-10')
const header = timetableCsvColumns.join(',')
const row = (cells: Partial<Record<(typeof timetableCsvColumns)[number], string>>) =>
  timetableCsvColumns
    .map(
      (column) =>
        cells[column] ??
        {
          id: 'opening',
          starts_at: '2026-05-10 10:00',
          ends_at: '2026-05-10 10:30',
          stage_ja: 'ホール',
          stage_en: 'Hall',
          title_ja: '開会式',
          title_en: 'Opening',
          tags: 'stage ceremony',
        }[column as string] ??
        '',
    )
    .join(',')

describe('the timetable CSV', () => {
  it('reads back exactly what it wrote, awkward text included', () => {
    const sessions = [
      ...seedTimetable('2026-05-10'),
      {
        id: 'awkward',
        startsAt: day + 20 * 3_600_000,
        endsAt: day + 21 * 3_600_000,
        stage: { ja: 'ホール, 2階', en: 'Hall "B"' },
        title: { ja: '=SUM(A1)', en: "'quoted" },
        description: { ja: '一行目\n二行目', en: '-minus and +plus' },
        tags: [],
        notes: { ja: "'=both", en: '@at' },
      },
    ]

    const csv = timetableCsv(sessions)

    expect(csv.startsWith('\uFEFFid,starts_at,ends_at,')).toBe(true)
    expect(csv).toContain("'=SUM(A1)")
    expect(csv).toContain('doors-open,2026-05-10 09:30,2026-05-10 10:00,メインホール,Main hall')
    expect(readTimetableCsv(csv)).toEqual({ sessions })
  })

  it('refuses a file with any mistake, naming each by row and column, and gives no session', () => {
    const csv = [
      header,
      row({}),
      row({ id: 'Parade!', starts_at: '10:30' }),
      row({ id: 'late', starts_at: '2026-05-10 12:00', ends_at: '2026-05-10 11:00', tags: 'karaoke' }),
      row({ id: 'opening', title_en: '' }),
    ].join('\r\n')

    expect(readTimetableCsv(csv)).toEqual({
      mistakes: [
        { row: 3, column: 'id', message: 'validation.sessionIdInvalid' },
        { row: 3, column: 'starts_at', message: 'validation.dateTimeInvalid' },
        { row: 4, column: 'ends_at', message: 'validation.timeOrder' },
        {
          row: 4,
          column: 'tags',
          message: 'validation.tagUnknown',
          values: { tags: 'stage ceremony clubActivity fursuit workshop music photo dealers break' },
        },
        { row: 5, column: 'id', message: 'validation.sessionIdRepeated' },
        { row: 5, column: 'title_en', message: 'validation.required' },
      ],
    })
  })

  it('refuses a file whose columns are not the timetable columns', () => {
    expect(readTimetableCsv('id,title\r\na,b')).toEqual({
      mistakes: [
        {
          row: 1,
          column: '',
          message: 'validation.csvColumnsInvalid',
          values: { columns: timetableCsvColumns.join(', ') },
        },
      ],
    })
  })
})
