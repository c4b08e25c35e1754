import type { StaffRole } from '@furfes/core'
import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect } from 'vitest'
import { createFakeApiServer } from '../test/fake-api-server.ts'
import { participantWire, registrationIdOf } from '../test/fixtures.ts'
import { appTest, renderApp } from '../test/render.tsx'

/*
 * Sending a receipt again from the participant dialog (docs/decisions/191-desk-payments-and-receipts.md): asked
 * first, one request per confirmation, the result said; a refusal shown translated in the question; not at the
 * door, and never for a registration not paid.
 */

async function dialogOf(
  user: UserEvent,
  badgeName: string,
  language: 'ja' | 'en',
  roles: readonly StaffRole[],
) {
  const server = createFakeApiServer({
    participants: [
      participantWire({ n: 1, badgeName: 'Fox', tier: 'member' }),
      participantWire({ n: 2, badgeName: 'Wolf', paymentStatus: 'pending' }),
    ],
  })
  const app = await renderApp({
    path: `/${language}/admin`,
    language,
    server,
    signedIn: true,
    synced: true,
    roles,
  })
  await screen.findByRole('table', { name: language === 'ja' ? '参加者' : 'Participants' })
  await user.click(screen.getByRole('button', { name: badgeName }))
  return { app, dialog: await screen.findByRole('dialog', { name: badgeName }) }
}

describe('sending a receipt again', () => {
  appTest('asks first, then queues one receipt and says so (en)', async (user) => {
    const { app, dialog } = await dialogOf(user, 'Fox', 'en', ['desk'])
    await user.click(within(dialog).getByRole('button', { name: 'Send the receipt again' }))
    const question = await screen.findByRole('dialog', { name: 'Send the receipt again?' })
    expect(
      within(question).getByText(
        "The receipt mail, with the link to the registration code and the calendar file, goes to the participant's email again, in the language they registered in.",
      ),
    ).toBeTruthy()
    await user.click(within(question).getByRole('button', { name: "Don't send" }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send the receipt again?' })).toBeNull())
    expect(app.server.receiptResends).toEqual([])

    await user.click(within(dialog).getByRole('button', { name: 'Send the receipt again' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Send the receipt again?' })).getByRole('button', {
        name: 'Send the receipt',
      }),
    )
    expect(
      await within(dialog).findByText("The receipt is on its way to the participant's email."),
    ).toBeTruthy()
    expect(app.server.receiptResends).toEqual([registrationIdOf(1)])
    expect(app.server.audit).toEqual([
      expect.objectContaining({ action: 'receiptResent', subject: registrationIdOf(1) }),
    ])
    expect(app.errors).toEqual([])
  })

  appTest('shows the refusal of a registration canceled meanwhile in the question (ja)', async (user) => {
    const { app, dialog } = await dialogOf(user, 'Fox', 'ja', ['committee'])
    app.server.participants = app.server.participants.map((participant) =>
      participant.registration?.id === registrationIdOf(1) &&
      participant.registration.payment_status === 'paid'
        ? { ...participant, registration: { ...participant.registration, payment_status: 'canceled' } }
        : participant,
    )
    await user.click(within(dialog).getByRole('button', { name: '領収書のメールを再送' }))
    const question = await screen.findByRole('dialog', { name: '領収書のメールを再送しますか？' })
    await user.click(within(question).getByRole('button', { name: '再送する' }))
    expect(
      await within(question).findByText(
        '領収書のメールを再送できるのは支払い済みの参加登録だけです。この参加登録は未払いか、キャンセルされています。',
      ),
    ).toBeTruthy()
    expect(app.server.receiptResends).toEqual([])
    expect(app.errors).toEqual([])
  })

  appTest('is not offered at the door', async (user) => {
    const { dialog } = await dialogOf(user, 'Fox', 'ja', ['door'])
    expect(within(dialog).queryByRole('button', { name: '領収書のメールを再送' })).toBeNull()
  })

  appTest('is not offered for a registration not paid', async (user) => {
    const { dialog } = await dialogOf(user, 'Wolf', 'en', ['committee'])
    expect(within(dialog).queryByRole('button', { name: 'Send the receipt again' })).toBeNull()
  })
})
