import { eventTimeZone, type Language, languageLocales, supportsTimeZone } from '@furfes/core'

const timeZone = supportsTimeZone(eventTimeZone) ? eventTimeZone : undefined

/** `09:30:12` today, `5/9 18:02` on another day: the venue's time (Japan). */
export function formatTime(epochMs: number, language: Language, now: number): string {
  const sameDay =
    new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(epochMs) ===
    new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(now)
  return new Intl.DateTimeFormat(languageLocales[language], {
    ...(sameDay ? {} : { month: 'numeric', day: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(epochMs)
}

/** An amount in yen as each language writes it: 2,700円 / ¥2,700. */
export function formatYen(amount: number, language: Language): string {
  const digits = String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return language === 'ja' ? `${digits}円` : `¥${digits}`
}
