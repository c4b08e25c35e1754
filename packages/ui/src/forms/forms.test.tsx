import { NetworkError, signInFormSchema, signUpFormSchema } from '@furfes/core'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ErrorAlert } from '../ErrorAlert.tsx'
import { ErrorReportingProvider } from '../error-reporting-context.tsx'
import { createI18n, type Language } from '../i18n.ts'
import { isExternalHref, RouterLink } from '../RouterLink.tsx'
import { EmailField, PasswordField, RadioField, SchemaForm, useZodForm } from './index.ts'

function renderWith(ui: ReactNode, { language = 'en', reported = [] as unknown[] } = {}) {
  return render(
    <I18nextProvider i18n={createI18n(language as Language, {})}>
      <ErrorReportingProvider reporter={{ report: (error) => reported.push(error) }}>
        {ui}
      </ErrorReportingProvider>
    </I18nextProvider>,
  )
}

function SignUpForm({ onValid, error }: { onValid: (values: unknown) => void; error?: unknown }) {
  const form = useZodForm(signUpFormSchema, { email: '', password: '' })
  return (
    <SchemaForm form={form} onValid={onValid} error={error} busy={false} submitLabel="Sign up">
      <EmailField form={form} name="email" label="Email" />
      <PasswordField purpose="new" form={form} name="password" label="Password" />
    </SchemaForm>
  )
}

describe('the form kit', () => {
  it.each([
    ['en', 'The email address is invalid.', 'The password must be at least 8 characters.'],
    ['ja', 'メールアドレスが正しくありません。', 'パスワードは8文字以上で入力してください。'],
  ] as const)(
    'shows a field’s catalogue message from its first edit, in the page language (%s)',
    (language, email, password) => {
      renderWith(<SignUpForm onValid={() => {}} />, { language })
      fireEvent.change(screen.getByLabelText('Email', { exact: false }), {
        target: { value: 'not-an-address' },
      })
      expect(screen.getByText(email)).toBeTruthy()
      // The password has not been edited yet: its message waits.
      expect(screen.queryByText(password)).toBeNull()
      fireEvent.change(screen.getByLabelText('Password', { exact: false }), { target: { value: 'short' } })
      expect(screen.getByText(password)).toBeTruthy()
    },
  )

  it('shows every message on submit, sends nothing and moves focus to the first wrong field', async () => {
    const sent: unknown[] = []
    renderWith(<SignUpForm onValid={(values) => sent.push(values)} />)
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(sent).toEqual([])
    const email = screen.getByLabelText('Email', { exact: false })
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('Password', { exact: false }).getAttribute('aria-invalid')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(email))
  })

  it('moves focus within the submitted form when the page holds two, and counts every submit', async () => {
    const counts: number[] = []
    function Second() {
      const form = useZodForm(signInFormSchema, { email: '', password: '' })
      counts.push(form.submits)
      return (
        <SchemaForm form={form} onValid={() => {}} busy={false} submitLabel="Sign in">
          <EmailField form={form} name="email" label="Other email" autoComplete="username" />
          <PasswordField form={form} name="password" label="Other password" />
        </SchemaForm>
      )
    }
    renderWith(
      <>
        <SignUpForm onValid={() => {}} />
        <Second />
      </>,
    )
    // The first form shows its messages from an edit: they are not what the second submit is about.
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'x' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    const other = screen.getByLabelText(/^Other email/)
    await waitFor(() => expect(document.activeElement).toBe(other))
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(counts.at(-1)).toBe(2)
  })

  it('hands the parsed values to onValid once they pass the schema', () => {
    const sent: unknown[] = []
    renderWith(<SignUpForm onValid={(values) => sent.push(values)} />)
    fireEvent.change(screen.getByLabelText('Email', { exact: false }), {
      target: { value: 'a@example.com' },
    })
    fireEvent.change(screen.getByLabelText('Password', { exact: false }), {
      target: { value: 'long enough' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(sent).toEqual([{ email: 'a@example.com', password: 'long enough' }])
  })

  it('tells the password manager which password a field wants', () => {
    function Fields() {
      const form = useZodForm(signInFormSchema, { email: '', password: '' })
      return (
        <SchemaForm form={form} onValid={() => {}} busy submitLabel="Sign in">
          <EmailField form={form} name="email" label="Email" autoComplete="username" />
          <PasswordField form={form} name="password" label="Password" />
        </SchemaForm>
      )
    }
    renderWith(<Fields />)
    const email = screen.getByLabelText('Email', { exact: false })
    expect([email.getAttribute('type'), email.getAttribute('autocomplete')]).toEqual(['email', 'username'])
    const password = screen.getByLabelText('Password', { exact: false })
    expect([password.getAttribute('type'), password.getAttribute('autocomplete')]).toEqual([
      'password',
      'current-password',
    ])
    // While its request runs, the submit button cannot be pressed again.
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('binds a radio choice to the form, with its message once submitted', () => {
    const schema = z.object({ size: z.enum(['S', 'M']) })
    function Choice() {
      const form = useZodForm(schema, { size: '' })
      return (
        <SchemaForm form={form} onValid={() => {}} busy={false} submitLabel="Save">
          <RadioField
            required
            form={form}
            name="size"
            inputName="shirt"
            legend="Size"
            options={['S', 'M'] as const}
            optionLabel={(size) => `Size ${size}`}
          />
        </SchemaForm>
      )
    }
    renderWith(<Choice />)
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByText('Invalid input')).toBeTruthy()
    fireEvent.click(screen.getByRole('radio', { name: 'Size M' }))
    expect((screen.getByRole('radio', { name: 'Size M' }) as HTMLInputElement).checked).toBe(true)
    expect(screen.getByRole('radio', { name: 'Size S' }).getAttribute('name')).toBe('shirt')
    expect(screen.queryByText('Invalid input')).toBeNull()
  })
})

describe('ErrorAlert', () => {
  it('says what went wrong in the catalogue’s words and reports only what nobody expected', () => {
    const reported: unknown[] = []
    const unexpected = new Error('boom')
    const { rerender } = renderWith(<ErrorAlert error={new NetworkError(new TypeError('offline'))} />, {
      language: 'ja',
      reported,
    })
    expect(screen.getByRole('alert').textContent).toBe(
      'ネットワークエラーが発生しました。しばらく時間をおいて、再度アクセスしてください。',
    )
    expect(reported).toEqual([])
    rerender(
      <I18nextProvider i18n={createI18n('en', {})}>
        <ErrorReportingProvider reporter={{ report: (error) => reported.push(error) }}>
          <ErrorAlert error={unexpected} />
        </ErrorReportingProvider>
      </I18nextProvider>,
    )
    expect(screen.getByRole('alert').textContent).toBe('Unexpected error.')
    expect(reported).toEqual([unexpected])
  })

  it('renders nothing while there is no error', () => {
    renderWith(<ErrorAlert error={undefined} />)
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('RouterLink', () => {
  it('goes to the app’s own pages through the router and leaves other addresses to the browser', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/ja',
          element: (
            <>
              <RouterLink href="/ja/faq">FAQ</RouterLink>
              <RouterLink href="https://example.com/">Out</RouterLink>
              <RouterLink href="#content">Skip</RouterLink>
            </>
          ),
        },
        { path: '/ja/faq', element: <h1>FAQ page</h1> },
      ],
      { initialEntries: ['/ja'] },
    )
    render(<RouterProvider router={router} />)
    expect(screen.getByRole('link', { name: 'Out' }).getAttribute('href')).toBe('https://example.com/')
    expect(screen.getByRole('link', { name: 'Skip' }).getAttribute('href')).toBe('#content')
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'FAQ' })))
    expect(screen.getByRole('heading', { name: 'FAQ page' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/ja/faq')
  })

  it.each([
    ['https://example.com', true],
    ['mailto:a@example.com', true],
    ['//cdn.example.com/x', true],
    ['/ja/faq', false],
    ['#content', false],
  ])('counts %s as leaving the app: %s', (href, external) => {
    expect(isExternalHref(href)).toBe(external)
  })
})
