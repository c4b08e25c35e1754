import { expect, test } from '../support/fixtures.ts'
import { receivedMail } from '../support/mail.ts'
import { createPaidParticipant, receptionUrl, signInAdmin, withDevices } from '../support/reception.ts'

/*
 * Staff management on the running stack (decisions 156 and 157): the committee invites a desk member by email,
 * the Cognito emulator mails the temporary password through the mail catcher, the new member signs in, sets
 * their own password, sees the desk's sections and refunds a participant within the policy.
 */

test('the committee invites a desk member, who sets a password from the mail and refunds within the policy', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const run = Math.random().toString(36).slice(2, 8)
  const email = `desk-${run}@example.com`
  const person = await createPaidParticipant(browser, `Refunded ${run}`)

  await withDevices(browser, ['Committee', 'Desk'], async ([committee, desk]) => {
    await signInAdmin(committee.page)
    await committee.page.getByRole('tab', { name: 'Staff' }).click()
    const invite = committee.page.getByRole('form', { name: 'Invite a staff member' })
    await invite.getByLabel('Email address').fill(email)
    await invite.getByRole('radio', { name: 'Desk' }).check()
    await invite.getByRole('button', { name: 'Send the invitation' }).click()
    await expect(committee.page.getByText(`Invitation sent to ${email}.`)).toBeVisible()

    const mail = await receivedMail(email, '仮パスワード / Your temporary password')
    const temporary = /Your temporary password: (\S+)/.exec(mail.text)?.[1]
    expect(temporary).toBeDefined()

    const page = desk.page
    await page.goto(`${receptionUrl}/en/admin-sign-in`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel(/^Password/).fill(temporary ?? '')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(
      page.getByText(`This is the first sign-in of ${email}. Choose a new password.`),
    ).toBeVisible()
    await page.getByLabel(/^New password/).fill(`desk-pass-${run}`)
    await page.getByRole('button', { name: 'Set password and sign in' }).click()
    await expect(page.getByRole('heading', { name: 'Participants' })).toBeVisible()
    await expect(page.getByRole('tablist', { name: 'Sections' }).getByRole('tab')).toHaveText([
      'Scan',
      'Participants',
      'Waiting list',
    ])

    await page.getByLabel('Search: badge name, handle name, email or registration id').fill(person.badgeName)
    await page.getByRole('button', { name: person.badgeName }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel and refund' }).click()
    const dialog = page.getByRole('dialog', { name: `Cancel and refund: ${person.badgeName}` })
    await expect(dialog).toContainText('the refund policy gives back')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click()
    await expect(dialog).toContainText(`The registration of ${person.badgeName} is canceled`)
  })
})
