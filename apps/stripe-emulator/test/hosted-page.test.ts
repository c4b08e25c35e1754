import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { registrationCheckout, useEmulator } from './support/harness.ts'

const card = (number: string, overrides: Record<string, string> = {}) => ({
  card_number: number,
  expiry: '12/34',
  cvc: number.replace(/\s/g, '').length === 15 ? '1234' : '123',
  name: 'Ginger Fox',
  ...overrides,
})

describe('hosted checkout page', () => {
  const sut = useEmulator()

  const createSession = (overrides = {}) =>
    sut.stripe.checkout.sessions.create(registrationCheckout(overrides))

  async function open(path: string, headers: Record<string, string> = {}) {
    const response = await sut.app.request(path, { headers })
    const html = await response.text()
    return { response, html, document: new JSDOM(html).window.document }
  }

  async function submit(id: string, fields: Record<string, string>) {
    const response = await sut.app.request(`/c/pay/${id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    })
    const html = response.status === 303 ? '' : await response.text()
    return { response, html, document: new JSDOM(html).window.document }
  }

  const text = (document: Document, selector: string) =>
    document.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim()

  describe('language', () => {
    it('is Japanese by default, with the product, the amount in yen and a switch to English', async () => {
      const session = await createSession()

      const { response, document } = await open(new URL(session.url ?? '').pathname)

      expect(response.status).toBe(200)
      expect(document.documentElement.lang).toBe('ja')
      expect(text(document, 'h1')).toBe('FurFes 2026 member registration')
      expect(text(document, '.amount')).toContain('¥3,000')
      expect(text(document, 'label[for="card-number"]')).toBe('カード番号')
      expect(text(document, 'button[type="submit"]')).toBe('¥3,000 を支払う')
      const english = document.querySelector('nav a[hreflang="en"]')
      expect(english?.getAttribute('href')).toBe('?lang=en')
      expect(document.querySelector('nav a[aria-current="true"]')?.getAttribute('hreflang')).toBe('ja')
    })

    it('is English when asked with ?lang=en', async () => {
      const session = await createSession()

      const { document } = await open(`/c/pay/${session.id}?lang=en`)

      expect(document.documentElement.lang).toBe('en')
      expect(text(document, 'label[for="card-number"]')).toBe('Card number')
      expect(text(document, 'button[type="submit"]')).toBe('Pay ¥3,000')
      expect(document.querySelector('nav a[aria-current="true"]')?.getAttribute('hreflang')).toBe('en')
    })

    it('follows Accept-Language when there is no ?lang=, and ?lang= wins over it', async () => {
      const session = await createSession()

      const fromHeader = await open(`/c/pay/${session.id}`, { 'Accept-Language': 'en-US,en;q=0.9,ja;q=0.5' })
      const fromQuery = await open(`/c/pay/${session.id}?lang=ja`, { 'Accept-Language': 'en-US' })
      const unsupported = await open(`/c/pay/${session.id}`, { 'Accept-Language': 'fr-FR' })

      expect(fromHeader.document.documentElement.lang).toBe('en')
      expect(fromQuery.document.documentElement.lang).toBe('ja')
      expect(unsupported.document.documentElement.lang).toBe('ja')
    })

    it('uses the session locale when the API set one', async () => {
      const session = await createSession({ locale: 'en' })

      const { document } = await open(`/c/pay/${session.id}`)

      expect(document.documentElement.lang).toBe('en')
    })
  })

  describe('markup', () => {
    it('labels every input, binds hints and keeps the form usable without JavaScript', async () => {
      const session = await createSession({ customer_email: undefined })

      const { document, response } = await open(`/c/pay/${session.id}`)

      const form = document.querySelector('form')
      expect(form?.getAttribute('method')).toBe('post')
      expect(form?.getAttribute('action')).toBe(`/c/pay/${session.id}`)
      const visible = [...document.querySelectorAll<HTMLInputElement>('form input:not([type="hidden"])')]
      expect(visible.map((input) => input.name)).toEqual(['email', 'card_number', 'expiry', 'cvc', 'name'])
      for (const input of visible) {
        expect(input.labels?.length, `label for ${input.name}`).toBe(1)
        for (const id of (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)) {
          expect(document.getElementById(id), `${input.name} describedby ${id}`).not.toBeNull()
        }
      }
      expect(document.querySelector('#card-expiry')?.getAttribute('autocomplete')).toBe('cc-exp')
      expect(document.querySelector('[role="alert"]')).toBeNull()
      expect(document.querySelector('button[type="submit"]')).not.toBeNull()
      // Nothing is loaded from elsewhere; the one inline script carries this response's nonce.
      expect(document.querySelectorAll('link, img, iframe, script[src]').length).toBe(0)
      const nonce = document.querySelector('script')?.getAttribute('nonce')
      expect(response.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`)
    })

    it('shows the customer e-mail instead of asking for it when the API gave one', async () => {
      const session = await createSession()

      const { document } = await open(`/c/pay/${session.id}`)

      expect(document.querySelector('input[name="email"]')).toBeNull()
      expect(document.body.textContent).toContain('fox@example.com')
    })

    it('escapes everything the API supplied', async () => {
      const session = await createSession({
        line_items: [
          {
            price_data: {
              currency: 'jpy',
              unit_amount: 3000,
              product_data: { name: '<script>alert(1)</script>' },
            },
            quantity: 1,
          },
        ],
        cancel_url: 'https://example.com/cancel?a=1&b="2"',
      })

      const { html, document } = await open(`/c/pay/${session.id}`)

      expect(html).not.toContain('<script>alert(1)</script>')
      expect(text(document, 'h1')).toBe('<script>alert(1)</script>')
      expect(document.querySelector('a.back')?.getAttribute('href')).toBe(
        'https://example.com/cancel?a=1&b="2"',
      )
    })

    it('links back to cancel_url and leaves the session open', async () => {
      const session = await createSession()

      const { document } = await open(`/c/pay/${session.id}?lang=en`)

      const back = document.querySelector('a.back')
      expect(back?.getAttribute('href')).toBe('http://localhost:5173/registration/cancel')
      expect(back?.textContent).toBe('Cancel and go back')
      expect((await sut.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open')
    })
  })

  describe('paying', () => {
    it.each([
      ['Visa', '4242 4242 4242 4242'],
      ['Visa (debit)', '4000056655665556'],
      ['Mastercard', '5555555555554444'],
      ['Mastercard (2-series)', '2223003122003222'],
      ['Mastercard (debit)', '5200828282828210'],
      ['Mastercard (prepaid)', '5105105105105100'],
      ['American Express', '378282246310005'],
      ['American Express', '371449635398431'],
      ['Discover', '6011111111111117'],
      ['Diners Club', '3056930009020004'],
      ['Diners Club (14 digits)', '36227206271667'],
      ['JCB', '3566002020360505'],
    ])('%s %s pays: 303 to success_url with the session id, session complete and paid', async (_, number) => {
      const session = await createSession()

      const { response } = await submit(session.id, card(number))

      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe(
        `http://localhost:5173/registration/success?session_id=${session.id}`,
      )
      const paid = await sut.stripe.checkout.sessions.retrieve(session.id)
      expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', url: null })
      expect(paid.payment_intent).toMatch(/^pi_test_/)
      expect(paid.customer_details).toMatchObject({ email: 'fox@example.com', name: 'Ginger Fox' })
    })

    it('records the e-mail typed on the page when the API gave none', async () => {
      const session = await createSession({ customer_email: undefined })

      const { response } = await submit(session.id, {
        ...card('4242424242424242'),
        email: 'wolf@example.com',
      })

      expect(response.status).toBe(303)
      expect((await sut.stripe.checkout.sessions.retrieve(session.id)).customer_details?.email).toBe(
        'wolf@example.com',
      )
    })

    it.each([
      ['ja', 'カードが拒否されました。'],
      ['en', 'Your card was declined.'],
    ])(
      'declines 4000 0000 0000 0002 in %s: the message is an alert and the session stays open',
      async (lang, message) => {
        const session = await createSession()

        const { response, document } = await submit(session.id, { ...card('4000 0000 0000 0002'), lang })

        expect(response.status).toBe(402)
        expect(document.documentElement.lang).toBe(lang)
        expect(text(document, '[role="alert"]')).toBe(message)
        expect(text(document, '#card-brand-name')).toBe('Visa')
        expect(document.querySelector<HTMLInputElement>('#card-number')?.value).toBe('4000 0000 0000 0002')
        expect(document.querySelector<HTMLInputElement>('#card-cvc')?.value).toBe('')
        expect(document.querySelector('#card-number')?.hasAttribute('autofocus')).toBe(true)
        const open = await sut.stripe.checkout.sessions.retrieve(session.id)
        expect(open).toMatchObject({ status: 'open', payment_status: 'unpaid', payment_intent: null })
      },
    )

    it.each([
      [
        'a Luhn-invalid number',
        { card_number: '4242 4242 4242 4241' },
        'card-number',
        'Your card number is invalid.',
        'カード番号が無効です。',
      ],
      [
        'a past expiry',
        { expiry: '01/20' },
        'card-expiry',
        "Your card's expiration date is in the past.",
        'カードの有効期限が過去の日付です。',
      ],
      [
        'a short security code',
        { cvc: '12' },
        'card-cvc',
        "Your card's security code is incomplete.",
        'カードのセキュリティコードが不完全です。',
      ],
      [
        'no cardholder name',
        { name: ' ' },
        'card-name',
        'Enter the name on the card.',
        'カード名義人を入力してください。',
      ],
    ])('refuses %s next to its field, in both languages', async (_, change, fieldId, english, japanese) => {
      const session = await createSession()

      for (const [lang, message] of [
        ['en', english],
        ['ja', japanese],
      ] as const) {
        const { response, document } = await submit(session.id, { ...card('4242424242424242', change), lang })

        expect(response.status).toBe(422)
        expect(text(document, '[role="alert"] li')).toBe(message)
        const field = document.getElementById(fieldId)
        expect(field?.getAttribute('aria-invalid')).toBe('true')
        expect(field?.getAttribute('aria-describedby')).toContain(`${fieldId}-error`)
        expect(text(document, `#${fieldId}-error`)).toBe(message)
        expect(field?.hasAttribute('autofocus')).toBe(true)
      }
      expect((await sut.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open')
    })

    it('declines a real-looking card number in test mode', async () => {
      const session = await createSession()

      const { response, document } = await submit(session.id, { ...card('4111111111111111'), lang: 'en' })

      expect(response.status).toBe(402)
      expect(text(document, '[role="alert"]')).toContain(
        'Your card was declined. Your request was in test mode',
      )
    })
  })

  describe('a session that can no longer be paid', () => {
    it('shows that an expired session has expired, in place of the form', async () => {
      const session = await createSession()
      await sut.stripe.checkout.sessions.expire(session.id)

      const { document } = await open(`/c/pay/${session.id}?lang=en`)

      expect(document.querySelector('form')).toBeNull()
      expect(text(document, 'h1')).toBe('This checkout session has expired')
      expect(document.querySelector('main a')?.getAttribute('href')).toBe(
        'http://localhost:5173/registration/cancel',
      )
    })

    it('shows that a completed session is paid and refuses to charge it again', async () => {
      const session = await createSession()
      await submit(session.id, card('4242424242424242'))

      const page = await open(`/c/pay/${session.id}`)
      const again = await submit(session.id, card('4242424242424242'))

      expect(page.document.querySelector('form')).toBeNull()
      expect(text(page.document, 'h1')).toBe('お支払いは完了しています')
      expect(page.document.querySelector('main a')?.getAttribute('href')).toBe(
        `http://localhost:5173/registration/success?session_id=${session.id}`,
      )
      expect(again.response.status).toBe(409)
      expect(
        sut.emulator.deliveries().filter((d) => d.event.type === 'checkout.session.completed'),
      ).toHaveLength(1)
    })

    it('answers an unknown session with a 404 page', async () => {
      const { response, document } = await open('/c/pay/cs_test_unknown?lang=en')

      expect(response.status).toBe(404)
      expect(text(document, 'h1')).toBe('Payment page not found')
    })
  })
})
