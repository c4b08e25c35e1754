import { z } from 'zod'
import type { Clock } from '../clock.ts'
import { type CalendarDate, type DatePeriod, isCalendarDate } from './date.ts'

/**
 * The event's published calendar as configuration (docs/requirements.md DOM-2): the published dates are the
 * defaults, so the committee can run next year's event by passing other dates. Dates are calendar days in Japan.
 */
export interface EventSchedule {
  registrationOpensOn: CalendarDate
  clubActivityApplication: DatePeriod
  /** Club members receive their Discord invitations by this date. */
  discordInvitationsBy: CalendarDate
  clubActivityPreparation: DatePeriod
  eventDate: CalendarDate
  journalismClubSubmissions: DatePeriod
  /** A deadline at the end of its day in Japan, as an ISO 8601 instant. What it closes is not in the spec. */
  deadline: string
  /** Further dates the copy uses without saying what they mean, in the order the published calendar lists them. */
  unlabelledDates: readonly CalendarDate[]
}

/**
 * The event day in the main reading of the spec. Its earlier notes read 2025-06-10 instead
 * ({@link alternativeEventDate}); decision 010 records why 2025-05-10 is the default.
 */
export const defaultEventDate: CalendarDate = '2025-05-10'
export const alternativeEventDate: CalendarDate = '2025-06-10'

export const defaultEventSchedule: Readonly<EventSchedule> = {
  registrationOpensOn: '2024-02-14',
  clubActivityApplication: { from: '2025-02-21', to: '2025-03-07' },
  discordInvitationsBy: '2025-03-14',
  clubActivityPreparation: { from: '2025-03-08', to: '2025-05-09' },
  eventDate: defaultEventDate,
  journalismClubSubmissions: { from: '2025-04-01', to: '2025-04-27' },
  deadline: '2025-05-01T23:59:59+09:00',
  unlabelledDates: ['2025-04-01', '2025-04-30', '2025-03-31'],
}

const calendarDateSchema = z.custom<CalendarDate>(isCalendarDate, { message: 'validation.dateInvalid' })
const periodSchema = z
  .object({ from: calendarDateSchema, to: calendarDateSchema })
  .refine((period) => period.from <= period.to, { message: 'validation.dateInvalid', path: ['to'] })

/** Validates a schedule read from configuration; every field the configuration leaves out keeps its default. */
export const eventScheduleSchema = z.object({
  registrationOpensOn: calendarDateSchema.default(defaultEventSchedule.registrationOpensOn),
  clubActivityApplication: periodSchema.default(defaultEventSchedule.clubActivityApplication),
  discordInvitationsBy: calendarDateSchema.default(defaultEventSchedule.discordInvitationsBy),
  clubActivityPreparation: periodSchema.default(defaultEventSchedule.clubActivityPreparation),
  eventDate: calendarDateSchema.default(defaultEventSchedule.eventDate),
  journalismClubSubmissions: periodSchema.default(defaultEventSchedule.journalismClubSubmissions),
  deadline: z.iso.datetime({ offset: true }).default(defaultEventSchedule.deadline),
  unlabelledDates: z.array(calendarDateSchema).readonly().default(defaultEventSchedule.unlabelledDates),
})

/** Builds a schedule from partial configuration, throwing when a given date is not a real date. */
export function createEventSchedule(configuration: Partial<EventSchedule> = {}): EventSchedule {
  return eventScheduleSchema.parse(configuration)
}

/** True until the deadline has passed; the deadline's own second (23:59:59.xxx) still counts. */
export function isBeforeDeadline(schedule: Pick<EventSchedule, 'deadline'>, clock: Clock): boolean {
  return clock() < Date.parse(schedule.deadline) + 1000
}
