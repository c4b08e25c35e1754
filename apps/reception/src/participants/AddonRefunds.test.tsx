import { cookingClubTastingCode } from '@furfes/core'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect } from 'vitest'
import { createFakeApiServer } from '../test/fake-api-server.ts'
import { participantWire, registrationIdOf } from '../test/fixtures.ts'
import { appTest, renderSyncedAdmin } from '../test/render.tsx'

const tasting = { code: cookingClubTastingCode, name_ja: '料理部 試食会', name_en: 'Cooking club tasting' }

function tastingApp(language: 'ja' | 'en') {
  const server = createFakeApiServer({
    now: () => Date.parse('2025-03-01T10:00:00+09:00'),
    participants: [participantWire({ n: 1, badgeName: 'Fox', tier: 'member', addons: [tasting] })],
  })
  return { server, rendered: renderSyncedAdmin(server, `/${language}/admin`, language) }
}

describe('refunding an add-on alone from the participant dialog', () => {
  appTest(
    'asks first, refunds the tasting once, and the ticket leaves the participant (en)',
    async (user) => {
      const { server, rendered } = tastingApp('en')
      const app = await rendered
      await user.click(await screen.findByRole('button', { name: 'Fox' }))
      const participant = await screen.findByRole('dialog', { name: 'Fox' })
      const addons = within(participant).getByRole('region', { name: 'Add-ons' })
      expect(within(addons).getByText('Cooking club tasting')).toBeTruthy()

      // Keeping it changes nothing.
      await user.click(within(addons).getByRole('button', { name: 'Refund Cooking club tasting' }))
      const confirm = await screen.findByRole('dialog', { name: 'Refund this add-on?' })
      expect(
        within(confirm).getByText(
          'Cooking club tasting is refunded in full on its own payment and goes back on sale. The registration stays.',
        ),
      ).toBeTruthy()
      await user.click(within(confirm).getByRole('button', { name: 'Keep it' }))
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund this add-on?' })).toBeNull())
      expect(server.participants[0]?.addons).toEqual([tasting])

      await user.click(within(addons).getByRole('button', { name: 'Refund Cooking club tasting' }))
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Refund this add-on?' })).getByRole('button', {
          name: 'Refund the add-on',
        }),
      )
      expect(await screen.findByText('Cooking club tasting: ¥500 refunded.')).toBeTruthy()
      expect(server.participants[0]?.addons).toBeUndefined()
      expect(server.participants[0]?.registration?.id).toBe(registrationIdOf(1))
      expect(app.errors).toEqual([])
    },
  )

  appTest('shows the API refusal inside the question, translated (ja)', async (user) => {
    const { server, rendered } = tastingApp('ja')
    const app = await rendered
    await user.click(await screen.findByRole('button', { name: 'Fox' }))
    const participant = await screen.findByRole('dialog', { name: 'Fox' })
    // Another desk refunded it meanwhile: the API answers that nothing is bought.
    server.participants = server.participants.map(({ addons: _, ...rest }) => rest)
    await user.click(within(participant).getByRole('button', { name: '料理部 試食会を返金' }))
    const confirm = await screen.findByRole('dialog', { name: 'この追加購入を返金しますか？' })
    await user.click(within(confirm).getByRole('button', { name: '追加購入を返金する' }))
    expect(await within(confirm).findByText('返金できるこの商品の購入がありません。')).toBeTruthy()
    expect(app.errors).toEqual([])
  })
})
