import { act, fireEvent, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { createI18n } from './i18n.ts'
import { NotificationSnackbar } from './NotificationSnackbar.tsx'
import { createNotificationQueue } from './notifications.ts'

describe('notification queue', () => {
  it('keeps notifications in order and drops a repeat of one still waiting', () => {
    const sut = createNotificationQueue()
    sut.notify('Saved', 'success')
    sut.notify('Network error', 'error')
    sut.notify('Saved', 'success')
    expect(sut.getSnapshot().map((item) => item.message)).toEqual(['Saved', 'Network error'])
    sut.dismiss(sut.getSnapshot()[0]?.id ?? 0)
    expect(sut.getSnapshot().map((item) => item.message)).toEqual(['Network error'])
  })

  it('shows one snack bar at a time and the next once it is closed', async () => {
    const queue = createNotificationQueue()
    render(
      <I18nextProvider i18n={createI18n('en', {})}>
        <NotificationSnackbar queue={queue} />
      </I18nextProvider>,
    )
    // The snack bar's code loads on first use; act waits for it as a visitor's browser would.
    await act(async () => {
      queue.notify('First')
      queue.notify('Second', 'warning')
      await import('./SnackbarView.tsx')
    })
    expect((await screen.findByRole('alert')).textContent).toContain('First')
    expect(screen.queryByText('Second')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect((await screen.findByText('Second')).closest('[role="alert"]')).toBeTruthy()
    expect(queue.getSnapshot().map((item) => item.message)).toEqual(['Second'])
  }, 20_000)

  it("offers a notification's action and closes it once taken", async () => {
    const queue = createNotificationQueue()
    const taken: string[] = []
    render(
      <I18nextProvider i18n={createI18n('en', {})}>
        <NotificationSnackbar queue={queue} />
      </I18nextProvider>,
    )
    await act(async () => {
      queue.notify('A new version is ready', 'info', {
        persistent: true,
        action: { label: 'Reload', run: () => taken.push('reload') },
      })
      await import('./SnackbarView.tsx')
    })
    expect((await screen.findByRole('alert')).textContent).toContain('A new version is ready')
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(taken).toEqual(['reload'])
    expect(queue.getSnapshot()).toEqual([])
  }, 20_000)
})
