import {
  type CalendarDate,
  calendarDateInTokyo,
  dataRetentionAfterEvent,
  defaultEventSchedule,
  defaultRefundPolicy,
  endOfDayInTokyo,
  formatCalendarDate,
  formatDatePeriod,
  formatDateRelation,
  type Language,
  type RefundPolicy,
} from '@furfes/core'

const dayAfter = (date: CalendarDate): CalendarDate => calendarDateInTokyo(endOfDayInTokyo(date) + 1)

/**
 * Every schedule value the copy can name, formatted for one language. Runs at build time
 * (`tooling/schedule-values.ts`); the app reads the result from `virtual:schedule-values`.
 */
export function scheduleStrings(
  language: Language,
  schedule: typeof defaultEventSchedule = defaultEventSchedule,
  refundPolicy: RefundPolicy = defaultRefundPolicy,
): Record<string, string> {
  return {
    eventDate: formatCalendarDate(schedule.eventDate, language, { weekday: true }),
    eventDateAfter: formatDateRelation(schedule.eventDate, 'after', language),
    registrationOpensSince: formatDateRelation(schedule.registrationOpensOn, 'since', language),
    clubApplicationPeriod: formatDatePeriod(schedule.clubActivityApplication, language),
    clubApplicationSince: formatDateRelation(schedule.clubActivityApplication.from, 'since', language),
    clubApplicationUntil: formatDateRelation(schedule.clubActivityApplication.to, 'until', language),
    discordInvitationsUntil: formatDateRelation(schedule.discordInvitationsBy, 'until', language),
    preparationPeriod: formatDatePeriod(schedule.clubActivityPreparation, language),
    preparationSince: formatDateRelation(schedule.clubActivityPreparation.from, 'since', language),
    journalismPeriod: formatDatePeriod(schedule.journalismClubSubmissions, language),
    journalismSince: formatDateRelation(schedule.journalismClubSubmissions.from, 'since', language),
    journalismUntil: formatDateRelation(schedule.journalismClubSubmissions.to, 'until', language),
    dataRetentionYears: String(dataRetentionAfterEvent.years),
    // The refund policy's cut-off days (decision 110): the pages publish the days the API applies.
    refundEarlyUntil: formatDateRelation(refundPolicy.earlyUntil, 'until', language),
    refundLateUntil: formatDateRelation(refundPolicy.lateUntil, 'until', language),
    refundNoneSince: formatDateRelation(dayAfter(refundPolicy.lateUntil), 'since', language),
  }
}
