import { z } from 'zod'
import { validationMessage } from '../errors/catalogue.ts'
import { type RegistrationTier, registrationTiers } from './registration-tier.ts'
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

/** The reception's announcement form, flat as its fields are named (`title.ja`…, `mail`, `tiers.<tier>`). */
export type AnnouncementFormValues = Record<string, string | boolean>

/** What the form gives once valid: the content, and whether (and to which tiers) to mail it. */
export interface AnnouncementFormOutput {
  content: AnnouncementContent
  mail: { tiers: RegistrationTier[] } | null
}

/** The form's values: a correction starts from the announcement as it is; a new one is normal, not mailed. */
export function announcementFormValues(
  announcement: AnnouncementContent | undefined,
): AnnouncementFormValues {
  const values: AnnouncementFormValues = { urgency: announcement?.urgency ?? 'normal', mail: false }
  for (const field of ['title', 'body'] as const) {
    values[`${field}.ja`] = announcement?.[field].ja ?? ''
    values[`${field}.en`] = announcement?.[field].en ?? ''
  }
  for (const tier of registrationTiers) values[`tiers.${tier}`] = false
  return values
}

/**
 * The form checked as it is typed, each issue under its field's name, by the rules the API applies. Mail with no
 * tier ticked goes to every tier.
 */
export const announcementFormSchema = {
  safeParse(values: AnnouncementFormValues) {
    const text = (path: string) => String(values[path] ?? '')
    const result = announcementContentSchema.safeParse({
      title: { ja: text('title.ja'), en: text('title.en') },
      body: { ja: text('body.ja'), en: text('body.en') },
      urgency: text('urgency'),
    })
    if (!result.success) return result
    const mail =
      values.mail === true ? { tiers: registrationTiers.filter((tier) => values[`tiers.${tier}`]) } : null
    return { success: true as const, data: { content: result.data, mail } satisfies AnnouncementFormOutput }
  },
}
