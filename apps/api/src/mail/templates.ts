import {
  brandColors,
  type CalendarDate,
  coreResources,
  type EventDetails,
  formatCalendarDate,
  formatInstant,
  type Language,
  languageLocales,
  type RefundSource,
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

/** The card every mail opens with: its heading, the greeting and the lead, then what `rest` adds. */
function openingCard(padding: string, rest = ''): string {
  return `<mj-section css-class="mail-card" padding="${padding}">
      <mj-column>
        <mj-text font-size="22px" font-weight="700">{{heading}}</mj-text>
        <mj-text>{{greeting}}</mj-text>
        <mj-text>{{lead}}</mj-text>${rest}
      </mj-column>
    </mj-section>`
}

const receiptHtml = compiled((language) =>
  layout(
    language,
    `${openingCard('20px 0 4px')}
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
    const receiptRows: [string, string][] = [
      [strings.tier, tierLabel(data.registrationTier, language)],
      [strings.amount, yen(data.amountJpy, language)],
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
      ...(data.paymentId ? [[strings.paymentId, data.paymentId] as [string, string]] : []),
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

/** The mails about one registration or waiting-list entry carry its tier and badge name. */
interface NoticeData {
  registrationTier: RegistrationTier
  badgeName: string
}

interface CheckoutLapsedData extends NoticeData {
  /**
   * How the checkout ended: its session expired, the member canceled it, or the event was cancelled (the start
   * of the event-cancellation run ends every open checkout, decision 113): then registering again is no option.
   */
  endedAs: 'expired' | 'canceled' | 'eventCancelled'
}

interface WaitingListOfferData extends NoticeData {
  /** When the offer ends (epoch ms). */
  offerExpiresAt: number
}

interface RefundedData extends NoticeData {
  /** Yen refunded; 0 when the policy refunded nothing. */
  amountJpy: number
  /** The fee paid. */
  feeJpy: number
  /** Why: event_cancelled says the event is cancelled and what was deducted (decision 113). */
  source: RefundSource
}

/** A yen amount as the mails write it. */
function yen(amountJpy: number, language: Language): string {
  const amount = new Intl.NumberFormat(languageLocales[language]).format(amountJpy)
  return interpolate(mailStrings[language].common.amountValue, { amount })
}

/** A short notice: what happened, one detail and one button (every mail but the receipt). */
const noticeHtml = compiled((language) =>
  layout(
    language,
    openingCard(
      '20px 0 12px',
      `
        <mj-text>{{detail}}</mj-text>
        ${button('{{button}}', 'pageUrl')}`,
    ),
  ),
)

type NoticeName = keyof Strings['notices']

/**
 * A notice mail: its words are the locale's notice `name` (picked by the data), with `{{tier}}` and the values
 * `details` gives filled in, and its button opens `page`. The lapsed-checkout mail, the waiting-list mails
 * (decision 115) and the refund mail (decision 111) are written this way.
 */
function notice<Data extends NoticeData>(
  page: 'mypage/registration' | 'mypage/dashboard',
  name: (data: Data) => NoticeName,
  details: (data: Data, language: Language) => Record<string, string> = () => ({}),
): MailTemplate<Data> {
  return {
    async render(data, language, context) {
      const values = { tier: tierLabel(data.registrationTier, language), ...details(data, language) }
      const words = mailStrings[language].notices[name(data)]
      const parts = Object.fromEntries(
        Object.entries(words).map(([key, text]) => [key, interpolate(text, values)]),
      ) as typeof words
      const shared = sharedValues(mailStrings[language], context, language, data.badgeName)
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
    },
  }
}

const checkoutLapsedNotices = {
  expired: 'checkoutExpired',
  canceled: 'checkoutCanceled',
  eventCancelled: 'checkoutEndedByCancellation',
} as const

const checkoutLapsed = notice<CheckoutLapsedData>(
  'mypage/registration',
  (data) => checkoutLapsedNotices[data.endedAs],
)

const waitingListOffer = notice<WaitingListOfferData>(
  'mypage/registration',
  () => 'waitingListOffer',
  (data, language) => ({ deadline: formatInstant(data.offerExpiresAt, language) }),
)

const waitingListOfferExpired = notice<NoticeData>('mypage/registration', () => 'waitingListOfferExpired')

/**
 * A registration canceled after payment, with what was refunded (decision 111); when the event is cancelled,
 * the fee, the per-person expenses deducted and the refund (decision 113).
 */
const refunded = notice<RefundedData>(
  'mypage/dashboard',
  (data) => {
    if (data.source === 'event_cancelled') return 'eventCancelled'
    return data.amountJpy > 0 ? 'refunded' : 'refundedNothing'
  },
  (data, language) => ({
    amount: yen(data.amountJpy, language),
    fee: yen(data.feeJpy, language),
    deducted: yen(Math.max(data.feeJpy - data.amountJpy, 0), language),
  }),
)

interface RefundedAutomaticallyData extends NoticeData {
  /** The whole payment, given back. */
  amountJpy: number
}

/** A payment that could not buy the registration, refunded in full automatically (decision 141). */
const refundedAutomatically = notice<RefundedAutomaticallyData>(
  'mypage/dashboard',
  () => 'refundedAutomatically',
  (data, language) => ({ amount: yen(data.amountJpy, language) }),
)

interface DetailsChangedData extends NoticeData {
  tShirtSize: string | null
  changingRoomType: 'male' | 'female' | null
}

/** A paid participant changed their badge name, size or room (decision 166): the details now in force. */
function detailsInForce(data: DetailsChangedData, language: Language): { details: string } {
  const words = mailStrings[language].receipt
  const room = data.changingRoomType
  return {
    details: [
      `${words.badgeName}: ${data.badgeName}`,
      ...(data.tShirtSize ? [`${words.tShirtSize}: ${data.tShirtSize}`] : []),
      ...(room ? [`${words.changingRoom}: ${coreResources[language].domain.changingRoomType[room]}`] : []),
    ].join(' / '),
  }
}

const detailsChanged = notice<DetailsChangedData>('mypage/dashboard', () => 'detailsChanged', detailsInForce)

interface TierChangedData extends DetailsChangedData {
  fromTier: RegistrationTier
  direction: 'upgrade' | 'downgrade'
  /** Paid for an upgrade, or refunded for a downgrade. */
  amountJpy: number
}

/**
 * A paid participant moved to another tier (decision 167): the confirmation with the refund to come, or the receipt
 * of the difference paid for an upgrade.
 */
const tierChanged = notice<TierChangedData>(
  'mypage/dashboard',
  (data) => {
    if (data.direction === 'upgrade') return 'tierChangedUp'
    return data.amountJpy > 0 ? 'tierChangedDown' : 'tierChangedNoRefund'
  },
  (data, language) => ({
    ...detailsInForce(data, language),
    from: tierLabel(data.fromTier, language),
    amount: yen(data.amountJpy, language),
  }),
)

interface TierChangeRefundedData extends NoticeData {
  amountJpy: number
}

/** The difference of a downgrade came back (decision 167). */
const tierChangeRefunded = notice<TierChangeRefundedData>(
  'mypage/dashboard',
  () => 'tierChangeRefunded',
  (data, language) => ({ amount: yen(data.amountJpy, language) }),
)

interface AddonReceiptData extends NoticeData {
  product: Readonly<Record<Language, string>>
  amountJpy: number
  paymentId: string
}

/** The receipt of an add-on (decision 178): what was bought, for how much, and the payment id staff find it by. */
const addonReceipt = notice<AddonReceiptData>(
  'mypage/dashboard',
  () => 'addonReceipt',
  (data, language) => ({
    product: data.product[language],
    amount: yen(data.amountJpy, language),
    paymentId: data.paymentId,
  }),
)

interface GuardianRequestedData extends NoticeData {
  /**
   * The requests waiting for the guardian's answer: each minor's badge name, or null for a minor who has not
   * registered yet. The minor's e-mail address is never in the mail (decision 208).
   */
  minors: readonly (string | null)[]
}

/**
 * A participant named the guardian (decision 208): who asked when the mail can say it, that a guardian comes to
 * the venue with the minor, and the dashboard where the guardian confirms or declines. A minor not registered
 * yet has no name we could give: then My Page, behind the guardian's sign-in, shows who asked.
 */
const guardianRequested = notice<GuardianRequestedData>(
  'mypage/dashboard',
  (data) => (data.minors.every((name) => name !== null) ? 'guardianRequested' : 'guardianRequestedUnnamed'),
  (data, language) => {
    const names = data.minors.flatMap((badgeName) =>
      badgeName === null ? [] : [interpolate(mailStrings[language].guardian.minor, { badgeName })],
    )
    return { minors: new Intl.ListFormat(languageLocales[language], { type: 'conjunction' }).format(names) }
  },
)

interface AnnouncementData {
  badgeName: string
  title: Readonly<Record<Language, string>>
  body: Readonly<Record<Language, string>>
}

const announcementHtml = compiled((language) =>
  layout(
    language,
    openingCard(
      '20px 0 12px',
      `
        <mj-text>{{{body}}}</mj-text>
        ${button('{{button}}', 'pageUrl')}`,
    ),
  ),
)

/**
 * An announcement of the committee (decision 173) in the registration's language: its title as the subject and
 * heading, its plain text with the line breaks it was written with, and a button to the site's list.
 */
const announcement: MailTemplate<AnnouncementData> = {
  async render(data, language, context) {
    const words = mailStrings[language].announcement
    const title = data.title[language]
    const body = data.body[language]
    const shared = sharedValues(mailStrings[language], context, language, data.badgeName)
    const url = pageUrl(context, language, 'timetable#announcements')
    const values = {
      ...shared,
      subject: interpolate(words.subject, { title }),
      preview: words.preview,
      heading: title,
      lead: words.lead,
      button: words.button,
      pageUrl: url,
    }
    const html = fill(await announcementHtml(language), values, {
      body: body.split(/\r?\n/).map(escapeHtml).join('<br />'),
    })
    const text = [
      shared.greeting,
      '',
      words.lead,
      '',
      title,
      '',
      body,
      '',
      `${words.button}: ${url}`,
      '',
      '--',
      shared.signature,
      shared.automatic,
    ].join('\n')
    return { subject: values.subject, html, text, attachments: [] }
  },
}

/** Every kind of mail, by the name the outbox stores. */
export const mailTemplates = {
  receipt,
  checkout_lapsed: checkoutLapsed,
  waiting_list_offer: waitingListOffer,
  waiting_list_offer_expired: waitingListOfferExpired,
  refunded,
  refunded_automatically: refundedAutomatically,
  details_changed: detailsChanged,
  tier_changed: tierChanged,
  tier_change_refunded: tierChangeRefunded,
  addon_receipt: addonReceipt,
  guardian_requested: guardianRequested,
  announcement,
} as const

/** The kinds about a waiting-list entry rather than a registration (decision 115). */
export const waitingListMailKinds = ['waiting_list_offer', 'waiting_list_offer_expired'] as const
export type WaitingListMailKind = (typeof waitingListMailKinds)[number]

/** The kind about an announcement's recipient rather than a registration alone (decision 173). */
export type AnnouncementMailKind = 'announcement'

export type MailKind = keyof typeof mailTemplates
export type MailData<Kind extends MailKind> =
  (typeof mailTemplates)[Kind] extends MailTemplate<infer Data> ? Data : never

export const mailKinds = Object.keys(mailTemplates) as MailKind[]
