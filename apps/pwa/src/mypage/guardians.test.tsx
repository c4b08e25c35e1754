import { ProductError } from '@furfes/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { openPage, paidRegistration, signedIn } from '../test/member-fixtures.ts'
import { renderApp } from '../test/render-app.tsx'

/*
 * A minor's guardian on My Page (docs/decisions/184-guardians.md): the form asks the minor question, names the
 * guardian and shows where it stands instead of the payment button; the guardian confirms in their dashboard.
 */

const minorText = 'イベント当日に13歳以下です'

describe('guardians on My Page', () => {
  it('asks a minor for their guardian and offers payment only once the guardian confirmed (ja)', async () => {
    const fake = signedIn()
    openPage('/ja/mypage/registration', fake)
    fireEvent.click(await screen.findByRole('checkbox', { name: minorText }))
    expect(screen.queryByRole('button', { name: 'お支払いへ進む' })).toBeNull()
    expect(screen.getByText('保護者の方が承認するとお支払いに進めます。')).toBeTruthy()

    fireEvent.change(screen.getByLabelText('保護者の方のメールアドレス'), {
      target: { value: 'parent@example.com' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'この保護者に承認を依頼する' }))
    expect(
      await screen.findByText(
        'parent@example.com さんにマイページでの承認を依頼しました。承認の後にお支払いいただけます。',
      ),
    ).toBeTruthy()
    expect(fake.backend.state.requests.find((request) => request.method === 'nameGuardian')?.body).toEqual({
      guardianEmail: 'parent@example.com',
    })
    expect(screen.queryByRole('button', { name: 'お支払いへ進む' })).toBeNull()
  })

  it('shows a confirmed guardian and sends the minor answer with the registration (en)', async () => {
    const fake = signedIn()
    fake.backend.state.guardian = {
      guardianEmail: 'parent@example.com',
      status: 'confirmed',
      guardianRegistered: true,
    }
    openPage('/en/mypage/registration', fake)
    expect(
      await screen.findByText('parent@example.com confirmed as your guardian. You can go on to payment.'),
    ).toBeTruthy()
    expect(screen.getByRole('checkbox', { name: 'I will be 13 or under on the event day' })).toHaveProperty(
      'checked',
      true,
    )
    fireEvent.click(await screen.findByRole('radio', { name: /^Member/ }))
    fireEvent.change(screen.getByLabelText(/Badge name/), { target: { value: 'Kit' } })
    fireEvent.click(screen.getByRole('checkbox', { name: /participation rules/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Go to payment' }))
    await waitFor(() =>
      expect(
        fake.backend.state.requests.find((request) => request.method === 'postRegistration')?.body,
      ).toMatchObject({ minor: true, badgeName: 'Kit' }),
    )
  })

  it('tells a minor whose guardian cancelled to name another, and shows a refused address (en)', async () => {
    const fake = signedIn()
    fake.backend.state.guardian = {
      guardianEmail: 'parent@example.com',
      status: 'confirmed',
      guardianRegistered: false,
    }
    openPage('/en/mypage/registration', fake)
    expect(
      await screen.findByText(
        'The registration of your guardian parent@example.com has been cancelled. Name another guardian.',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Go to payment' })).toBeNull()
    fake.backend.fail('nameGuardian', new ProductError('guardianNotEligible', 409))
    fireEvent.change(screen.getByLabelText("Your guardian's email address"), {
      target: { value: 'child@example.com' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Ask this guardian' }))
    expect(
      await screen.findByText(
        "This person cannot be your guardian: a guardian must hold a paid registration for this year's event and be over 13.",
      ),
    ).toBeTruthy()
  })

  it('lets the guardian confirm a request on the dashboard (ja)', async () => {
    const fake = signedIn()
    fake.backend.state.registration = paidRegistration('member')
    fake.backend.state.wards = [
      { minorUserId: 'minor-1', minorEmail: 'kit@example.com', status: 'requested' },
    ]
    renderApp('/ja/mypage/dashboard', { account: fake.account })
    const section = within(
      (await screen.findByRole('heading', { level: 2, name: '保護者の承認依頼' })).closest(
        'section',
      ) as HTMLElement,
    )
    expect(
      section.getByText('kit@example.com さん（13歳以下）があなたをイベント当日の保護者に指定しました。'),
    ).toBeTruthy()
    fireEvent.click(section.getByRole('button', { name: '承認する：kit@example.com さんの保護者' }))
    expect(
      await section.findByText('あなたは kit@example.com さんの保護者です。会場へは一緒にお越しください。'),
    ).toBeTruthy()
    expect(section.queryByRole('button')).toBeNull()
  })
})
