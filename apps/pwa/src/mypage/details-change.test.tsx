import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { flagsOn, paidRegistration, signedIn } from '../test/member-fixtures.ts'
import { renderApp } from '../test/render-app.tsx'

/*
 * A paid participant changes their badge name, T-shirt size or changing room on the registration page until the
 * badge print day (decision 166), with the registration form's fields and rules.
 */

const detailsRequests = (fake: ReturnType<typeof signedIn>) =>
  fake.backend.state.requests.filter((request) => request.method === 'putRegistrationDetails')

describe('changing the details of a paid registration', () => {
  it('saves a new badge name and size, shows them and says a mail confirms it', async () => {
    const fake = signedIn()
    fake.backend.state.registration = { ...paidRegistration('sponsor', 'Kemo'), tShirtSize: 'L' }
    renderApp('/en/mypage/registration', { account: fake.account, flags: flagsOn })

    expect(
      await screen.findByText(/until the end of .+ \(Japan time\), when the badges go to print\./),
    ).toBeTruthy()
    fireEvent.click(await screen.findByRole('button', { name: 'Change details' }))
    fireEvent.change(await screen.findByLabelText(/Badge name/), { target: { value: 'Kitsune' } })
    fireEvent.change(screen.getByLabelText(/T-shirt size/), { target: { value: 'XL' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))

    expect(await screen.findByText('Saved. A confirmation mail is on its way.')).toBeTruthy()
    expect(detailsRequests(fake)).toEqual([
      {
        method: 'putRegistrationDetails',
        body: {
          registrationTier: 'sponsor',
          badgeName: 'Kitsune',
          tShirtSize: 'XL',
          changingRoomType: undefined,
          accessNeeds: '',
        },
      },
    ])
    const section = screen.getByRole('region', { name: 'Registered' })
    await waitFor(() => expect(within(section).getAllByText('Kitsune').length).toBeGreaterThan(0))
  })

  it('refuses an empty badge name with the registration form’s message, sending nothing', async () => {
    const fake = signedIn()
    fake.backend.state.registration = { ...paidRegistration('fursuiter'), changingRoomType: 'male' }
    renderApp('/ja/mypage/registration', { account: fake.account, flags: flagsOn })

    fireEvent.click(await screen.findByRole('button', { name: '登録内容を変更する' }))
    fireEvent.change(await screen.findByLabelText(/バッジ名/), { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: '変更を保存する' }))

    expect(await screen.findByText('バッジ名を入力してください。')).toBeTruthy()
    expect(detailsRequests(fake)).toEqual([])
  })

  it('shows the access needs given and saves new ones, refusing too long ones with the catalogue message', async () => {
    const fake = signedIn()
    fake.backend.state.registration = { ...paidRegistration('member', 'Kemo'), accessNeeds: 'Quiet room' }
    renderApp('/en/mypage/registration', { account: fake.account, flags: flagsOn })

    fireEvent.click(await screen.findByRole('button', { name: 'Change details' }))
    const field = await screen.findByLabelText(/Access needs \(optional\)/)
    expect((field as HTMLInputElement).value).toBe('Quiet room')
    fireEvent.change(field, { target: { value: '🦊'.repeat(201) } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Access needs must be at most 200 characters')).toBeTruthy()
    expect(detailsRequests(fake)).toEqual([])

    fireEvent.change(field, { target: { value: 'Wheelchair access' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('Saved. A confirmation mail is on its way.')).toBeTruthy()
    expect(detailsRequests(fake)).toEqual([
      {
        method: 'putRegistrationDetails',
        body: {
          registrationTier: 'member',
          badgeName: 'Kemo',
          tShirtSize: undefined,
          changingRoomType: undefined,
          accessNeeds: 'Wheelchair access',
        },
      },
    ])
  })

  it('sends people to the contact form from the badge print day on', async () => {
    const printDay = Date.parse('2025-05-03T09:00:00+09:00')
    const fake = signedIn({ now: printDay })
    fake.backend.state.registration = paidRegistration('member')
    renderApp('/en/mypage/registration', { account: fake.account, flags: flagsOn, now: printDay })

    expect(
      await screen.findByText(
        'The badges are being printed: to change your badge name, T-shirt size or changing room, please use the contact form.',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Change details' })).toBeNull()
  })
})
