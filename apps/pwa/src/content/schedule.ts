import {
  type CalendarDate,
  calendarDateInTokyo,
  type Edition,
  endOfDayInTokyo,
  formatCalendarDate,
  formatDatePeriod,
  formatDateRelation,
  type Language,
  partsOf,
} from '@furfes/core'

const dayAfter = (date: CalendarDate): CalendarDate => calendarDateInTokyo(endOfDayInTokyo(date) + 1)

/** The retention period as the privacy policy states it: whole years when it is whole years, else days. */
function retentionPeriod(days: number, language: Language): string {
  const years = days / 365
  if (Number.isInteger(years))
    return language === 'ja' ? `${years}年間` : `${years} year${years > 1 ? 's' : ''}`
  return language === 'ja' ? `${days}日間` : `${days} days`
}

/**
 * Every schedule value the copy can name, formatted for one language from an edition. The build runs it for the
 * edition the pages are prerendered with (`tooling/schedule-values.ts`, read from `virtual:edition`); a page runs
 * it only when the API's current edition differs from that one (docs/decisions/160-the-site-reads-the-edition.md).
 */
export function scheduleStrings(language: Language, edition: Edition): Record<string, string> {
  const refundPolicy = edition.refundPolicy
  return {
    // The festival's name and year as the copy names it (docs/decisions/163-the-edition-names-the-sites.md).
    eventName: edition.name[language],
    eventYear: String(partsOf(edition.eventDate).year),
    eventDate: formatCalendarDate(edition.eventDate, language, { weekday: true }),
    eventDateAfter: formatDateRelation(edition.eventDate, 'after', language),
    eventHours: `${edition.startTime}–${edition.endTime}`,
    registrationOpensOn: formatCalendarDate(edition.registration.opensOn, language),
    registrationOpensSince: formatDateRelation(edition.registration.opensOn, 'since', language),
    registrationClosesUntil: formatDateRelation(edition.registration.closesOn, 'until', language),
    clubApplicationPeriod: formatDatePeriod(edition.clubActivityApplication, language),
    clubApplicationSince: formatDateRelation(edition.clubActivityApplication.from, 'since', language),
    clubApplicationUntil: formatDateRelation(edition.clubActivityApplication.to, 'until', language),
    discordInvitationsUntil: formatDateRelation(edition.discordInvitationsBy, 'until', language),
    preparationPeriod: formatDatePeriod(edition.clubActivityPreparation, language),
    preparationSince: formatDateRelation(edition.clubActivityPreparation.from, 'since', language),
    journalismPeriod: formatDatePeriod(edition.journalismClubSubmissions, language),
    journalismSince: formatDateRelation(edition.journalismClubSubmissions.from, 'since', language),
    journalismUntil: formatDateRelation(edition.journalismClubSubmissions.to, 'until', language),
    deadlineUntil: formatDateRelation(edition.deadline, 'until', language),
    dataRetentionPeriod: retentionPeriod(edition.retentionDays, language),
    // The refund policy's cut-off days (decision 110): the pages publish the days the API applies.
    refundEarlyUntil: formatDateRelation(refundPolicy.earlyUntil, 'until', language),
    refundLateUntil: formatDateRelation(refundPolicy.lateUntil, 'until', language),
    refundNoneSince: formatDateRelation(dayAfter(refundPolicy.lateUntil), 'since', language),
  }
}
