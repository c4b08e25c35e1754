import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { flagsOn, paidRegistration, signedIn } from '../test/member-fixtures.ts'
import { renderApp } from '../test/render-app.tsx'

/*
 * The registration's history on the registration page (decision 171): what happened to it, oldest first, with the
 * amounts and who refunded, in ja and en; read again after the member changes something.
 */

const at = (time: string) => Date.parse(`2025-${time}+09:00`)

const paidAndChanged = [
  { at: at('03-01T10:00:00'), kind: 'registered', registrationTier: 'sponsor' },
  { at: at('03-01T10:05:00'), kind: 'paid', amountJpy: 10000 },
  {
    at: at('03-10T12:00:00'),
    kind: 'details_changed',
    fields: ['badge_name', 't_shirt_size', 'access_needs'],
  },
  { at: at('03-20T12:00:00'), kind: 'tier_changed', from: 'sponsor', to: 'member', refundedJpy: 3500 },
  { at: at('05-10T09:30:00'), kind: 'checked_in' },
] as const

const timelineItems = () =>
  within(screen.getByRole('region', { name: /History of this registration|このお申し込みの履歴/ }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)

describe("the registration's history", () => {
  it('lists what happened, oldest first, with amounts and the fields changed (en)', async () => {
    const fake = signedIn()
    fake.backend.state.registration = { ...paidRegistration('member', 'Kemo') }
    fake.backend.state.timeline = [...paidAndChanged].map((entry) =>
      entry.kind === 'details_changed' ? { ...entry, fields: [...entry.fields] } : entry,
    )
    renderApp('/en/mypage/registration', { account: fake.account, flags: flagsOn })

    await screen.findByRole('region', { name: 'History of this registration' })
    expect(timelineItems()).toEqual([
      expect.stringMatching(/^March 1, 2025 at 10:00.*Registered for Sponsor\.$/),
      expect.stringMatching(/Paid ¥10,000\.$/),
      expect.stringMatching(/Changed the badge name, T-shirt size, access needs\.$/),
      expect.stringMatching(/Category changed from Sponsor to Member\. ¥3,500 refunded\.$/),
      expect.stringMatching(/^May 10, 2025.*Checked in at the venue\.$/),
    ])
  })

  it('says who refunded a cancelled registration, and names a change of the access needs (ja)', async () => {
    const fake = signedIn()
    fake.backend.state.registration = {
      ...paidRegistration('member'),
      paymentStatus: 'canceled',
      refundedJpy: 2700,
    }
    fake.backend.state.timeline = [
      { at: at('03-01T10:00:00'), kind: 'registered', registrationTier: 'member' },
      { at: at('03-01T10:05:00'), kind: 'paid', amountJpy: 3000 },
      { at: at('03-02T10:00:00'), kind: 'details_changed', fields: ['access_needs'] },
      { at: at('03-05T10:00:00'), kind: 'refunded', amountJpy: 2700, by: 'participant' },
      { at: at('03-05T10:00:00'), kind: 'canceled' },
    ]
    renderApp('/ja/mypage/registration', { account: fake.account, flags: flagsOn })

    await screen.findByRole('region', { name: 'このお申し込みの履歴' })
    expect(timelineItems().slice(1)).toEqual([
      expect.stringMatching(/3,000円をお支払いいただきました。$/),
      expect.stringMatching(/配慮してほしいことを変更しました。$/),
      expect.stringMatching(/2,700円を返金しました（ご自身によるキャンセル）。$/),
      expect.stringMatching(/参加登録をキャンセルしました。$/),
    ])
  })

  it('reads the history again after a details change', async () => {
    const fake = signedIn()
    fake.backend.state.registration = paidRegistration('member', 'Kemo')
    fake.backend.state.timeline = [
      { at: at('03-01T10:00:00'), kind: 'registered', registrationTier: 'member' },
    ]
    renderApp('/en/mypage/registration', { account: fake.account, flags: flagsOn })
    await screen.findByRole('region', { name: 'History of this registration' })

    fake.backend.state.timeline = [
      ...fake.backend.state.timeline,
      { at: at('03-02T10:00:00'), kind: 'details_changed', fields: ['badge_name'] },
    ]
    fireEvent.click(await screen.findByRole('button', { name: 'Change details' }))
    fireEvent.change(await screen.findByLabelText(/Badge name/), { target: { value: 'Kitsune' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))

    await waitFor(() => expect(timelineItems()).toHaveLength(2))
    expect(timelineItems()[1]).toMatch(/Changed the badge name\.$/)
  })

  it('offers to try again when the history cannot be read, keeping the rest of the page', async () => {
    const fake = signedIn()
    fake.backend.state.registration = paidRegistration('member', 'Kemo')
    fake.backend.fail('getRegistrationTimeline')
    fake.backend.state.timeline = [
      { at: at('03-01T10:00:00'), kind: 'registered', registrationTier: 'member' },
    ]
    renderApp('/en/mypage/registration', { account: fake.account, flags: flagsOn })

    const section = await screen.findByRole('region', { name: 'History of this registration' })
    expect(screen.getByRole('region', { name: 'Registered' })).toBeTruthy()
    fireEvent.click(within(section).getByRole('button', { name: 'Reload' }))
    await waitFor(() => expect(timelineItems()).toHaveLength(1))
  })
})
