import {
  brandColors,
  type CalendarDate,
  coreResources,
  type EventDetails,
  formatCalendarDate,
  formatInstant,
  type Language,
  languageLocales,
  type RegistrationTier,
  type VenueWire,
} from '@furfes/core'
import { eventCalendar } from '@furfes/core/calendar'
import mjml2html from 'mjml'
import en from './locales/en/mail.json' with { type: 'json' }
import ja from './locales/ja/mail.json' with { type: 'json' }

/*
 * The mails participants receive, one template per kind (decision 102). Each is MJML (tables and inline styles
 * that mail clients render, dark-mode aware) compiled once per language with placeholders, then filled with
 * escaped values per mail; every mail has a plain-text part with the same content. Adding a kind (the refund and
 * waiting-list mails) is one entry in `mailTemplates` plus its loader in mailer.ts, which the types demand.
 */

export const mailStrings = { ja, en } as const
type Strings = typeof ja

interface MailAttachment {
  filename: string
  content: string
  contentType: string
}

/** A rendered mail: what nodemailer sends. */
export interface MailContent {
  subject: string
  html: string
  text: string
  attachments: MailAttachment[]
}

/** What every mail knows besides its own data: where the site is and what the event is. */
export interface MailContext {
  pwaUrl: string
  eventDate: CalendarDate
  event: EventDetails
  /** The venue as registered participants learn it, per language. */
  venue: Readonly<Record<Language, string>>
  /** The venue once the committee has announced it: the receipt then names it in full (decision 123). */
  announcedVenue?: VenueWire
  /** DTSTAMP of the attached calendar file. */
  now: number
}

interface MailTemplate<Data> {
  render(data: Data, language: Language, context: MailContext): Promise<MailContent>
}

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')

/** `{{name}}` in a locale string, replaced by its value (plain text; the caller escapes for HTML). */
function interpolate(text: string, values: Record<string, string> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '')
}

/** Fills a compiled template: `{{name}}` with an escaped value, `{{{name}}}` with markup built here. */
function fill(html: string, values: Record<string, string>, markup: Record<string, string> = {}): string {
  return html
    .replace(/\{\{\{(\w+)\}\}\}/g, (_, name: string) => markup[name] ?? '')
    .replace(/\{\{(\w+)\}\}/g, (_, name: string) => escapeHtml(values[name] ?? ''))
}

const colors = {
  page: '#f4f1f3',
  card: '#ffffff',
  text: '#1f1a1d',
  muted: '#5c5358',
  rule: '#e6dfe3',
  darkPage: '#121012',
  darkCard: '#1f1b1e',
  darkText: '#f2eef0',
  darkMuted: '#c7bfc4',
}

/**
 * The frame every mail shares: brand band, white card, footer. Colours are set on every block (clients that
 * invert colours then keep contrast), and clients that honour prefers-color-scheme get a dark palette.
 */
function layout(language: Language, body: string): string {
  return `<mjml lang="${language}">
  <mj-head>
    <mj-title>{{subject}}</mj-title>
    <mj-preview>{{preview}}</mj-preview>
    <mj-attributes>
      <mj-all font-family="'Hiragino Sans', 'Noto Sans JP', Meiryo, 'Segoe UI', Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.7" color="${colors.text}" padding="6px 24px" />
      <mj-section background-color="${colors.card}" padding="8px 0" />
    </mj-attributes>
    <mj-raw>
      <meta name="color-scheme" content="light dark" />
      <meta name="supported-color-schemes" content="light dark" />
    </mj-raw>
    <mj-style>
      :root { color-scheme: light dark; supported-color-schemes: light dark; }
      @media (prefers-color-scheme: dark) {
        .mail-page, .mail-page > div, .mail-card, .mail-card > table, .mail-card td { background-color: ${colors.darkCard} !important; }
        .mail-card div, .mail-card td, .mail-card th { color: ${colors.darkText} !important; }
        .mail-muted div { color: ${colors.darkMuted} !important; }
      }
    </mj-style>
  </mj-head>
  <mj-body background-color="${colors.page}" css-class="mail-page">
    <mj-section background-color="${brandColors.primary}" padding="18px 0">
      <mj-column>
        <mj-text color="#ffffff" font-size="20px" font-weight="700" padding="0 24px">{{eventName}}</mj-text>
      </mj-column>
    </mj-section>
    ${body}
    <mj-section css-class="mail-card mail-muted" padding="8px 0 20px">
      <mj-column>
        <mj-divider border-color="${colors.rule}" border-width="1px" padding="8px 24px" />
        <mj-text font-size="13px" color="${colors.muted}">{{signature}}</mj-text>
        <mj-text font-size="12px" color="${colors.muted}">{{automatic}}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`
}

const cell = `padding:6px 0;vertical-align:top;font-size:14px;line-height:1.6;color:${colors.text};`

/** Rows of a details table, built here so optional rows (card, size, room) can be left out. */
function tableRows(rows: readonly (readonly [string, string])[]): string {
  return rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="${cell}text-align:left;font-weight:600;width:40%;color:${colors.muted};">${escapeHtml(label)}</th><td style="${cell}">${escapeHtml(value)}</td></tr>`,
    )
    .join('')
}

const textRows = (rows: readonly (readonly [string, string])[]) =>
  rows.map(([label, value]) => `${label}: ${value}`).join('\n')

function section(heading: string, rowsPlaceholder: string): string {
  return `<mj-section css-class="mail-card" padding="4px 0">
      <mj-column>
        <mj-text font-size="16px" font-weight="700" padding="12px 24px 0">${heading}</mj-text>
        <mj-table padding="4px 24px" role="presentation" cellpadding="0" cellspacing="0">{{{${rowsPlaceholder}}}}</mj-table>
      </mj-column>
    </mj-section>`
}

function button(label: string, href: string): string {
  return `<mj-button href="{{${href}}}" background-color="${brandColors.primary}" color="#ffffff" font-size="15px" font-weight="700" border-radius="6px" padding="16px 24px" align="left">${label}</mj-button>
        <mj-text font-size="12px" color="${colors.muted}" css-class="mail-muted">{{linkFallback}} {{${href}}}</mj-text>`
}

/** Compiles each template once per language; the placeholders survive MJML untouched. */
function compiled(build: (language: Language) => string): (language: Language) => Promise<string> {
  const cache = new Map<Language, Promise<string>>()
  return (language) => {
    let html = cache.get(language)
    if (!html) {
      html = mjml2html(build(language), { validationLevel: 'strict' }).then((result) => {
        if (result.errors.length > 0) throw new Error(`MJML: ${result.errors[0]?.formattedMessage}`)
        return result.html
      })
      cache.set(language, html)
    }
    return html
  }
}

function sharedValues(strings: Strings, context: MailContext, language: Language, badgeName: string) {
  return {
    eventName: context.event.name[language],
    greeting: interpolate(strings.common.greeting, { badgeName }),
    signature: strings.common.signature,
    automatic: strings.common.automatic,
    linkFallback: strings.common.linkFallback,
  }
}

const pageUrl = (context: MailContext, language: Language, path: string) =>
  new URL(`/${language}/${path}`, context.pwaUrl).href

const tierLabel = (tier: RegistrationTier, language: Language) =>
  coreResources[language].domain.registrationTier[tier]

/** Stripe's brand names, as the site labels them; unknown ones are shown as Stripe writes them. */
const stripeBrandKeys: Record<string, keyof typeof coreResources.en.domain.cardBrand> = {
  visa: 'visa',
  mastercard: 'mastercard',
  amex: 'american_express',
  jcb: 'jcb',
  diners: 'diners_club',
  discover: 'discover',
}

function cardBrandLabel(brand: string, language: Language): string {
  const key = stripeBrandKeys[brand]
  return key ? coreResources[language].domain.cardBrand[key] : brand.toUpperCase()
}

interface ReceiptData {
  registrationId: string
  registrationTier: RegistrationTier
  amountJpy: number
  paidAt: number
  paymentId: string
  card: { brand: string; last4: string } | undefined
  badgeName: string
  tShirtSize: string | null
  changingRoomType: 'male' | 'female' | null
}

const receiptHtml = compiled((language) =>
  layout(
    language,
    `<mj-section css-class="mail-card" padding="20px 0 4px">
      <mj-column>
        <mj-text font-size="22px" font-weight="700">{{heading}}</mj-text>
        <mj-text>{{greeting}}</mj-text>
        <mj-text>{{lead}}</mj-text>
      </mj-column>
    </mj-section>
    ${section('{{receiptSection}}', 'receiptRows')}
    ${section('{{registrationSection}}', 'registrationRows')}
    ${section('{{eventSection}}', 'eventRows')}
    <mj-section css-class="mail-card" padding="4px 0">
      <mj-column>
        <mj-text>{{codeHint}}</mj-text>
        ${button('{{codeButton}}', 'codeUrl')}
        <mj-text background-color="${brandColors.secondary}" color="${brandColors.onSecondary}" padding="8px 24px">{{calendarHint}}</mj-text>
      </mj-column>
    </mj-section>`,
  ),
)

const receipt: MailTemplate<ReceiptData> = {
  async render(data, language, context) {
    const strings = mailStrings[language].receipt
    const domain = coreResources[language].domain
    const number = new Intl.NumberFormat(languageLocales[language]).format(data.amountJpy)
    const receiptRows: [string, string][] = [
      [strings.tier, tierLabel(data.registrationTier, language)],
      [strings.amount, interpolate(strings.amountValue, { amount: number })],
      [strings.paidAt, formatInstant(data.paidAt, language)],
      ...(data.card
        ? [
            [
              strings.card,
              interpolate(strings.cardValue, {
                brand: cardBrandLabel(data.card.brand, language),
                last4: data.card.last4,
              }),
            ] as [string, string],
          ]
        : []),
      [strings.paymentId, data.paymentId],
    ]
    const registrationRows: [string, string][] = [
      [strings.badgeName, data.badgeName],
      ...(data.tShirtSize ? [[strings.tShirtSize, data.tShirtSize] as [string, string]] : []),
      ...(data.changingRoomType
        ? [[strings.changingRoom, domain.changingRoomType[data.changingRoomType]] as [string, string]]
        : []),
    ]
    const eventRows: [string, string][] = [
      [
        strings.eventDate,
        interpolate(strings.eventDateValue, {
          date: formatCalendarDate(context.eventDate, language, { weekday: true }),
          start: context.event.startTime,
          end: context.event.endTime,
        }),
      ],
      ...venueRows(context, language, strings),
    ]
    const codeUrl = pageUrl(context, language, 'registration-code')
    const shared = sharedValues(mailStrings[language], context, language, data.badgeName)
    const values = {
      ...shared,
      subject: strings.subject,
      preview: strings.preview,
      heading: strings.heading,
      lead: strings.lead,
      receiptSection: strings.receiptSection,
      registrationSection: strings.registrationSection,
      eventSection: strings.eventSection,
      codeHint: strings.codeHint,
      codeButton: strings.codeButton,
      codeUrl,
      calendarHint: strings.calendarHint,
    }
    const html = fill(await receiptHtml(language), values, {
      receiptRows: tableRows(receiptRows),
      registrationRows: tableRows(registrationRows),
      eventRows: tableRows(eventRows),
    })
    const text = [
      shared.greeting,
      '',
      strings.lead,
      '',
      `■ ${strings.receiptSection}`,
      textRows(receiptRows),
      '',
      `■ ${strings.registrationSection}`,
      textRows(registrationRows),
      '',
      `■ ${strings.eventSection}`,
      textRows(eventRows),
      '',
      strings.codeHint,
      `${strings.codeButton}: ${codeUrl}`,
      '',
      strings.calendarHint,
      '',
      '--',
      shared.signature,
      shared.automatic,
    ].join('\n')
    const ics = eventCalendar({
      language,
      date: context.eventDate,
      details: context.event,
      place: venuePlace(context, language),
      url: pageUrl(context, language, 'about'),
      stampedAt: context.now,
    })
    return {
      subject: strings.subject,
      html,
      text,
      attachments: [
        { filename: 'furfes.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
      ],
    }
  },
}

/** Where the event is, as a calendar names it: the announced venue's name and address, else the configured text. */
function venuePlace(context: MailContext, language: Language): string {
  const venue = context.announcedVenue
  return venue ? `${venue.name[language]}, ${venue.address[language]}` : context.venue[language]
}

/** The receipt's venue rows: all a paid participant needs to get there once announced, else the place alone. */
function venueRows(
  context: MailContext,
  language: Language,
  strings: Strings['receipt'],
): [string, string][] {
  const venue = context.announcedVenue
  if (!venue) return [[strings.place, context.venue[language]]]
  return [
    [strings.place, venue.name[language]],
    [strings.venueAddress, venue.address[language]],
    [strings.venueAccess, venue.access[language]],
    [strings.venueMap, venue.map_url],
    [strings.venueEntry, interpolate(strings.venueEntryValue, { time: venue.entry_time })],
  ]
}

interface CheckoutLapsedData {
  registrationTier: RegistrationTier
  badgeName: string
  /** How the checkout ended: its session expired, or the member canceled it. */
  endedAs: 'expired' | 'canceled'
}

const lapsedHtml = compiled((language) =>
  layout(
    language,
    `<mj-section css-class="mail-card" padding="20px 0 12px">
      <mj-column>
        <mj-text font-size="22px" font-weight="700">{{heading}}</mj-text>
        <mj-text>{{greeting}}</mj-text>
        <mj-text>{{lead}}</mj-text>
        <mj-text>{{again}}</mj-text>
        ${button('{{button}}', 'registerUrl')}
      </mj-column>
    </mj-section>`,
  ),
)

const checkoutLapsed: MailTemplate<CheckoutLapsedData> = {
  async render(data, language, context) {
    const strings = mailStrings[language].lapsed
    const expired = data.endedAs === 'expired'
    const shared = sharedValues(mailStrings[language], context, language, data.badgeName)
    const tier = tierLabel(data.registrationTier, language)
    const heading = expired ? strings.headingExpired : strings.headingCanceled
    const lead = interpolate(expired ? strings.leadExpired : strings.leadCanceled, { tier })
    const registerUrl = pageUrl(context, language, 'mypage/registration')
    const html = fill(await lapsedHtml(language), {
      ...shared,
      subject: strings.subject,
      preview: strings.preview,
      heading,
      lead,
      again: strings.again,
      button: strings.button,
      registerUrl,
    })
    const text = [
      shared.greeting,
      '',
      heading,
      lead,
      strings.again,
      `${strings.button}: ${registerUrl}`,
      '',
      '--',
      shared.signature,
      shared.automatic,
    ].join('\n')
    return { subject: strings.subject, html, text, attachments: [] }
  },
}

interface WaitingListOfferData {
  registrationTier: RegistrationTier
  badgeName: string
  /** When the offer ends (epoch ms). */
  offerExpiresAt: number
}

interface WaitingListOfferExpiredData {
  registrationTier: RegistrationTier
  badgeName: string
}

interface RefundedData {
  registrationTier: RegistrationTier
  badgeName: string
  /** Yen refunded; 0 when the policy refunded nothing. */
  amountJpy: number
}

/** A short notice: what happened, one detail and one button (the waiting-list and refund mails). */
const noticeHtml = compiled((language) =>
  layout(
    language,
    `<mj-section css-class="mail-card" padding="20px 0 12px">
      <mj-column>
        <mj-text font-size="22px" font-weight="700">{{heading}}</mj-text>
        <mj-text>{{greeting}}</mj-text>
        <mj-text>{{lead}}</mj-text>
        <mj-text>{{detail}}</mj-text>
        ${button('{{button}}', 'pageUrl')}
      </mj-column>
    </mj-section>`,
  ),
)

/**
 * A short notice: what happened, one detail and a button to the page about it. The waiting-list mails (decision
 * 115) and the refund mail (decision 111) are written this way.
 */
async function renderNotice(
  language: Language,
  context: MailContext,
  badgeName: string,
  page: 'mypage/registration' | 'mypage/dashboard',
  parts: { subject: string; preview: string; heading: string; lead: string; detail: string; button: string },
): Promise<MailContent> {
  const shared = sharedValues(mailStrings[language], context, language, badgeName)
  const url = pageUrl(context, language, page)
  const html = fill(await noticeHtml(language), { ...shared, ...parts, pageUrl: url })
  const text = [
    shared.greeting,
    '',
    parts.heading,
    parts.lead,
    parts.detail,
    `${parts.button}: ${url}`,
    '',
    '--',
    shared.signature,
    shared.automatic,
  ].join('\n')
  return { subject: parts.subject, html, text, attachments: [] }
}

const waitingListOffer: MailTemplate<WaitingListOfferData> = {
  render(data, language, context) {
    const strings = mailStrings[language].waitingList
    const tier = tierLabel(data.registrationTier, language)
    return renderNotice(language, context, data.badgeName, 'mypage/registration', {
      subject: strings.offerSubject,
      preview: strings.offerPreview,
      heading: strings.offerHeading,
      lead: interpolate(strings.offerLead, { tier }),
      detail: interpolate(strings.offerDeadline, { deadline: formatInstant(data.offerExpiresAt, language) }),
      button: strings.offerButton,
    })
  },
}

const waitingListOfferExpired: MailTemplate<WaitingListOfferExpiredData> = {
  render(data, language, context) {
    const strings = mailStrings[language].waitingList
    const tier = tierLabel(data.registrationTier, language)
    return renderNotice(language, context, data.badgeName, 'mypage/registration', {
      subject: strings.expiredSubject,
      preview: strings.expiredPreview,
      heading: strings.expiredHeading,
      lead: interpolate(strings.expiredLead, { tier }),
      detail: strings.expiredAgain,
      button: strings.expiredButton,
    })
  },
}

/** A registration canceled after payment, with what was refunded (decision 111). */
const refunded: MailTemplate<RefundedData> = {
  render(data, language, context) {
    const strings = mailStrings[language].refunded
    const tier = tierLabel(data.registrationTier, language)
    const amount = interpolate(strings.amountValue, {
      amount: new Intl.NumberFormat(languageLocales[language]).format(data.amountJpy),
    })
    return renderNotice(language, context, data.badgeName, 'mypage/dashboard', {
      subject: strings.subject,
      preview: strings.preview,
      heading: strings.heading,
      lead: interpolate(data.amountJpy > 0 ? strings.lead : strings.leadNone, { tier, amount }),
      detail: strings.code,
      button: strings.button,
    })
  },
}

/** Every kind of mail, by the name the outbox stores. */
export const mailTemplates = {
  receipt,
  checkout_lapsed: checkoutLapsed,
  waiting_list_offer: waitingListOffer,
  waiting_list_offer_expired: waitingListOfferExpired,
  refunded,
} as const

/** The kinds about a waiting-list entry rather than a registration (decision 115). */
export const waitingListMailKinds = ['waiting_list_offer', 'waiting_list_offer_expired'] as const
export type WaitingListMailKind = (typeof waitingListMailKinds)[number]

export type MailKind = keyof typeof mailTemplates
export type MailData<Kind extends MailKind> =
  (typeof mailTemplates)[Kind] extends MailTemplate<infer Data> ? Data : never

export const mailKinds = Object.keys(mailTemplates) as MailKind[]
