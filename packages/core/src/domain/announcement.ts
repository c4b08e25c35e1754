import { z } from 'zod'
import { validationMessage } from '../errors/catalogue.ts'
import { firstRefusedCharacter, graphemeLength } from './text.ts'

/*
 * Announcements of the committee to participants (docs/decisions/173-announcements.md): a short title and a plain
 * text body in ja and en, normal or urgent. Urgent ones are shown as a banner on every page of the site.
 */

export const announcementUrgencies = ['normal', 'urgent'] as const
export type AnnouncementUrgency = (typeof announcementUrgencies)[number]

/** Sized for a phone's banner and a glance: a title is one line, a body a few short paragraphs. */
export const announcementLimits = { titleMaxLength: 80, bodyMaxLength: 1000 } as const

/**
 * One text of an announcement: trimmed, required, at most `max` characters as a person sees them, and only
 * characters every stored text may hold (decision 015), line breaks allowed in the body.
 */
function announcementText(max: number, tooLong: 'announcementTitleTooLong' | 'announcementBodyTooLong') {
  return z
    .string()
    .trim()
    .min(1, validationMessage('required'))
    .refine((value) => firstRefusedCharacter(value.replaceAll(/\r?\n/g, '')) === undefined, {
      message: validationMessage('invalidInput'),
    })
    .refine((value) => graphemeLength(value) <= max, { message: validationMessage(tooLong), params: { max } })
    .meta({ maxLength: max * 4 })
}

const titleSchema = announcementText(announcementLimits.titleMaxLength, 'announcementTitleTooLong')
const bodySchema = announcementText(announcementLimits.bodyMaxLength, 'announcementBodyTooLong')

/** What the committee writes: both languages are required, so every participant can read it. */
export const announcementContentSchema = z.object({
  title: z.object({ ja: titleSchema, en: titleSchema }),
  body: z.object({ ja: bodySchema, en: bodySchema }),
  urgency: z.enum(announcementUrgencies, { error: validationMessage('invalidInput') }),
})
export type AnnouncementContent = z.output<typeof announcementContentSchema>
