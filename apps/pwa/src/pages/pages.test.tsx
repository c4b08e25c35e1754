import {
  featureFlagsWireSchema,
  firstEdition,
  NetworkError,
  nextEditionDraft,
  ProductError,
  profileListWireSchema,
  UnexpectedError,
  wireShapeOf,
} from '@furfes/core'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { featureFlagsShape } from '../app/feature-flags-read.ts'
import { clearRegistrationCode } from '../offline/registration-code-cache.ts'
import { compactRegistrationCode } from '../test/fake-account.ts'
import { keepRegistrationCode, signedIn } from '../test/member-fixtures.ts'
import { renderApp } from '../test/render-app.tsx'
import { publicProfilesShape } from './public-profiles.ts'

const networkErrorText = 'ネットワークエラーが発生しました。しばらく時間をおいて、再度アクセスしてください。'
const maintenanceText = 'ただいまメンテナンス中です。大変恐れ入りますが、しばらくお待ちください。'
const flags = {
  isNewClubActivityEstablishmentAvailable: false,
  isRegistrationAvailable: true,
  isUnderMaintenance: false,
}

describe('status pages', () => {
  it('sends a direct visit of network-error or maintenance to the top page', async () => {
    for (const page of ['network-error', 'maintenance']) {
      const { recorded, unmount } = renderApp(`/ja/${page}`)
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('東京ふぁーりーフェス 2025')
      expect(recorded.location.pathname).toBe('/ja')
      unmount()
    }
  })

  it('shows network-error with the spec text when the flags never loaded on entering My Page', async () => {
    const { recorded } = renderApp('/ja/mypage', {
      flags: new NetworkError(new TypeError('Failed to fetch')),
    })
    expect(await screen.findByText(networkErrorText)).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ネットワークエラー')
    expect(recorded.location.pathname).toBe('/ja/network-error')
  })

  it('shows maintenance with the spec text when the flags say so', async () => {
    const { recorded } = renderApp('/ja/mypage/dashboard', { flags: { ...flags, isUnderMaintenance: true } })
    expect(await screen.findByText(maintenanceText)).toBeTruthy()
    expect(recorded.location.pathname).toBe('/ja/maintenance')
  })

  it('shows the English texts under /en', async () => {
    renderApp('/en/mypage', { flags: { ...flags, isUnderMaintenance: true } })
    expect(
      await screen.findByText(
        'We are currently under maintenance. We apologise for the inconvenience; please wait a while.',
      ),
    ).toBeTruthy()
  })

  it('force-fetches the flags on My Page entry although they were fetched before', async () => {
    const { recorded } = renderApp('/ja/establish-new-club-activity')
    await screen.findByText('現在、新しい部活動の設立は受け付けていません')
    expect(recorded.featureFetches).toBe(1)
    fireEvent.click(screen.getAllByRole('link', { name: 'マイページ' })[0] as HTMLElement)
    await waitFor(() => expect(recorded.location.pathname).toBe('/ja/sign-in'))
    expect(recorded.featureFetches).toBe(2)
  })
})

describe('status pages with a registration code kept on the device', () => {
  beforeEach(async () => {
    await clearRegistrationCode()
  })

  it('offline, My Page leads from network-error to the kept code instead of a dead end (en)', async () => {
    const fake = signedIn()
    await keepRegistrationCode({ text: await compactRegistrationCode(), badgeName: 'Kemo', savedAt: 1 })
    const offline = new NetworkError(new TypeError('Failed to fetch'))
    fake.backend.fail('getRegistrationCode', offline)
    const { recorded } = renderApp('/en/mypage', { flags: offline, account: fake.account })
    expect(
      await screen.findByText(
        "Your registration code is saved on this device: you can show it at the venue's reception without the network.",
      ),
    ).toBeTruthy()
    expect(recorded.location.pathname).toBe('/en/network-error')

    fireEvent.click(screen.getByRole('link', { name: 'Show my registration code' }))
    expect(await screen.findByRole('img', { name: 'QR code of your registration code' })).toBeTruthy()
    expect(recorded.location.pathname).toBe('/en/registration-code')
    expect(
      screen.getByText('You are offline: this is the registration code saved on this device.'),
    ).toBeTruthy()
    expect(screen.getByText('Kemo')).toBeTruthy()
  })

  it('under maintenance, the maintenance page leads to the kept code, which the API will not refresh then (ja)', async () => {
    const fake = signedIn()
    await keepRegistrationCode({ text: await compactRegistrationCode(), badgeName: 'ケモ', savedAt: 1 })
    // Member routes answer 503 with the maintenance message while it is on.
    fake.backend.fail('getRegistrationCode', new ProductError('underMaintenance', 503))
    const { recorded } = renderApp('/ja/mypage/dashboard', {
      flags: { ...flags, isUnderMaintenance: true },
      account: fake.account,
    })
    expect(await screen.findByText(maintenanceText)).toBeTruthy()
    fireEvent.click(await screen.findByRole('link', { name: '受付コードを表示' }))
    expect(await screen.findByRole('img', { name: '受付コードのQRコード' })).toBeTruthy()
    expect(recorded.location.pathname).toBe('/ja/registration-code')
    expect(
      screen.getByText(
        'メンテナンス中のため、この端末に保存した受付コードを表示しています。会場の受付ではいつもどおり使えます。',
      ),
    ).toBeTruthy()
    expect(screen.getByText('ケモ')).toBeTruthy()
    expect(recorded.reportedErrors).toEqual([])
  })

  it('offers nothing more than the top page when no code is kept', async () => {
    renderApp('/ja/mypage', {
      flags: new NetworkError(new TypeError('Failed to fetch')),
      account: signedIn().account,
    })
    expect(await screen.findByText(networkErrorText)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'トップページへ戻る' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: '受付コードを表示' })).toBeNull()
  })
})

describe('establish-new-club-activity', () => {
  it('offers the application form while the flag is on', async () => {
    renderApp('/ja/establish-new-club-activity', {
      flags: { ...flags, isNewClubActivityEstablishmentAvailable: true },
    })
    expect(await screen.findByText('設立申請を受け付けています')).toBeTruthy()
    expect(screen.getByRole('link', { name: /新規部活動 申請フォーム/ }).getAttribute('target')).toBe(
      '_blank',
    )
  })

  it('says applications are closed while the flag is off', async () => {
    renderApp('/en/establish-new-club-activity')
    expect(await screen.findByText('New clubs are not being accepted now')).toBeTruthy()
    expect(screen.queryByRole('link', { name: /New club application form/ })).toBeNull()
  })

  it('presumes a network error when the flags never loaded, in words loaded then, without reporting it', async () => {
    const { recorded } = renderApp('/ja/establish-new-club-activity', {
      flags: new TypeError('Failed to fetch'),
    })
    const alert = await screen.findByRole('alert')
    await waitFor(() =>
      expect(alert.textContent).toBe(`受付状況を確認できませんでした。 ${networkErrorText}`),
    )
    expect(recorded.reportedErrors).toEqual([])
  })

  it('says the same in English', async () => {
    renderApp('/en/establish-new-club-activity', { flags: new TypeError('Failed to fetch') })
    const alert = await screen.findByRole('alert')
    await waitFor(() =>
      expect(alert.textContent).toBe(
        'We could not check whether applications are open. A network error occurred. Please wait a while and try again.',
      ),
    )
  })

  it('reports flags that break the contract, and says it could not check', async () => {
    const { recorded } = renderApp('/en/establish-new-club-activity', {
      flags: Response.json({ is_registration_available: true }),
    })
    expect(await screen.findByText(/We could not check whether applications are open\./)).toBeTruthy()
    expect(recorded.reportedErrors).toEqual([expect.any(UnexpectedError)])
    expect((recorded.reportedErrors[0] as Error).message).toBe(
      'GET /features answered 200 with a body that breaks the contract',
    )
  })

  it('checks the flags against the shape derived from the contract', () => {
    expect(featureFlagsShape).toEqual(wireShapeOf(featureFlagsWireSchema))
  })
})

describe('a cancelled event', () => {
  const cancelled = { ...flags, isRegistrationAvailable: false, isEventCancelled: true }

  it('says so on about-registration in English, without the button to register', async () => {
    renderApp('/en/about-registration', { flags: cancelled })
    const notice = await screen.findByRole('alert')
    expect(notice.textContent).toContain('Tokyo Furry Fes 2025 is cancelled')
    expect(notice.textContent).toContain(
      'Fees paid are refunded minus the per-person expenses already incurred',
    )
    expect(screen.queryByRole('link', { name: 'Register on My Page' })).toBeNull()
  })

  it('shows no notice and keeps the buttons while the event is on', async () => {
    const { recorded } = renderApp('/en/about-registration', { flags })
    expect(await screen.findByRole('link', { name: 'Register on My Page' })).toBeTruthy()
    await waitFor(() => expect(recorded.featureFetches).toBe(1))
    // The flags' answer settles and the page renders with it.
    await act(async () => {})
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('link', { name: 'Register on My Page' })).toBeTruthy()
  })
})

describe('participants-profile', () => {
  it('lists public profiles with their links', async () => {
    renderApp('/ja/participants-profile', {
      profiles: [
        { privacy: 'public', handleName: 'Kemo', linkUrls: ['https://x.com/kemo/'] },
        { privacy: 'public', handleName: 'Fuwa', linkUrls: [] },
      ],
    })
    expect(await screen.findByRole('heading', { level: 2, name: 'Kemo' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: 'Fuwa' })).toBeTruthy()
    expect(screen.getByText('2名のプロフィール')).toBeTruthy()
    expect(screen.getByRole('link', { name: /x\.com\/kemo/ }).getAttribute('href')).toBe(
      'https://x.com/kemo/',
    )
  })

  it('says so when no profile is public', async () => {
    renderApp('/en/participants-profile', { profiles: [] })
    expect(await screen.findByText('No public profiles yet.')).toBeTruthy()
  })

  it('shows a translated network error and retries on request, without reporting it', async () => {
    const { recorded } = renderApp('/ja/participants-profile', { profiles: new TypeError('Failed to fetch') })
    expect((await screen.findByRole('alert')).textContent).toContain(networkErrorText)
    expect(recorded.reportedErrors).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'もう一度読み込む' }))
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(recorded.publicFetches.filter((path) => path === 'public-profile')).toHaveLength(2)
  })

  it("shows a product error's own text, without reporting it", async () => {
    const { recorded } = renderApp('/en/participants-profile', {
      profiles: Response.json({ message: 'highTraffic' }, { status: 503 }),
    })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(
      'Your request was not processed due to high traffic. Please try again.',
    )
    expect(recorded.reportedErrors).toEqual([])
  })

  it('shows the generic error for an answer that breaks the contract, and reports it', async () => {
    const { recorded } = renderApp('/en/participants-profile', {
      profiles: Response.json({ items: [{ privacy: 'public', handle_name: 7, urls: [] }] }),
    })
    expect((await screen.findByRole('alert')).textContent).toContain('Unexpected error.')
    expect(recorded.reportedErrors).toEqual([expect.any(UnexpectedError)])
    expect((recorded.reportedErrors[0] as Error).message).toBe(
      'GET /public-profile answered 200 with a body that breaks the contract',
    )
  })

  it('checks the answer against the shape derived from the contract', () => {
    expect(publicProfilesShape).toEqual(wireShapeOf(profileListWireSchema))
  })
})

describe('content', () => {
  it('prices the tiers from @furfes/core on about-registration', async () => {
    renderApp('/ja/about-registration')
    expect(await screen.findByRole('heading', { level: 3, name: '一般参加' })).toBeTruthy()
    for (const price of ['3,000円', '4,000円', '10,000円', '11,000円'])
      expect(screen.getByText(price)).toBeTruthy()
    expect(screen.getByRole('table', { name: 'サイズ表（単位：cm）' }).textContent).toContain('XXXL186846426')
  })

  it('explains the guardian rule and its steps on about-registration, in both languages', async () => {
    const ja = renderApp('/ja/about-registration')
    const section = await screen.findByRole('region', { name: '13歳以下の方の参加' })
    expect(section.textContent).toContain('保護者の方がマイページで依頼を承認します。')
    ja.unmount()
    renderApp('/en/about-registration')
    const english = await screen.findByRole('region', { name: 'Participants aged 13 or under' })
    expect(english.textContent).toContain('Your guardian confirms the request on their My Page.')
  })

  it('publishes the refund policy on about-registration in Japanese, from the configuration', async () => {
    renderApp('/ja/about-registration')
    const section = await screen.findByRole('region', { name: 'キャンセル・返金' })
    expect(section.textContent).toContain(
      '2025年4月10日までのキャンセルは参加費の90%、2025年5月3日までのキャンセルは50%を返金します。2025年5月4日からのキャンセルは返金いたしません',
    )
  })

  it('states the refund tiers and the cards on the commercial transactions page', async () => {
    renderApp('/en/specified-commercial-transaction-act')
    const table = await screen.findByRole('table')
    // The refund policy's days and rates (decision 110), as the API applies them.
    expect(table.textContent).toContain(
      'If you cancel until April 10, 2025, 90% of the fee is refunded; until May 3, 2025, 50%; from May 4, 2025, nothing',
    )
    expect(table.textContent).toContain('American Express')
    expect(table.textContent).toContain('the fee minus expenses already incurred is refunded')
  })

  it('writes schedule dates in Japan time with まで, から and 以降', async () => {
    renderApp('/ja/about-club-activities')
    const schedule = await screen.findByRole('table', { name: '部活動のスケジュール' })
    expect(schedule.textContent).toContain('2025年2月21日〜3月7日')
    expect(schedule.textContent).toContain('2025年3月14日まで')
    expect(screen.getByText(/2025年3月7日まで/)).toBeTruthy()
  })

  it('shows the timetable image in the page language with a text alternative', async () => {
    renderApp('/en/timetable')
    const image = await screen.findByRole('img')
    expect(image.getAttribute('src')).toBe('/images/timetable-en.svg')
    expect(image.getAttribute('alt')).toContain('Timetable chart')
    expect(screen.getByRole('table', { name: 'Main hall' }).textContent).toContain(
      '10:00–10:30Opening ceremony',
    )
  })
})

describe("the edition's phase and facts", () => {
  const inJapan = (time: string) => Date.parse(`${time}+09:00`)
  const phaseText = async () =>
    (await screen.findByText((_, node) => node?.classList.contains('registration-phase') ?? false))
      .textContent

  it('announces the opening day before registration opens, and links no survey or album yet', async () => {
    const { recorded } = renderApp('/ja', { now: inJapan('2024-01-10T12:00:00') })
    await waitFor(() => expect(recorded.editionFetches).toBe(1))
    await waitFor(async () => expect(await phaseText()).toBe('参加登録は2024年2月14日に受付を開始します。'))
    expect(screen.queryByRole('link', { name: /イベント後アンケート/ })).toBeNull()
    expect(screen.queryByRole('link', { name: /部活動フォトアルバム/ })).toBeNull()
  })

  it('says registration is open until its closing day while on sale, in English too', async () => {
    renderApp('/en', { now: inJapan('2025-03-01T12:00:00') })
    await waitFor(async () => expect(await phaseText()).toBe('Registration is open (until May 9, 2025).'))
  })

  it('thanks everyone after the event and links the survey and the album, which are open', async () => {
    renderApp('/ja', { now: inJapan('2025-05-11T09:00:00') })
    await waitFor(async () => expect(await phaseText()).toMatch(/^ご参加ありがとうございました。/))
    const phase = screen.getByText((_, node) => node?.classList.contains('registration-phase') ?? false)
    expect(
      within(phase)
        .getByRole('link', { name: /イベント後アンケート/ })
        .getAttribute('href'),
    ).toBe(firstEdition.links.survey.url)
    expect(
      within(phase)
        .getByRole('link', { name: /部活動フォトアルバム/ })
        .getAttribute('href'),
    ).toBe(firstEdition.links.photoAlbum.url)
    expect(phase.textContent).toMatch(/を受け付けています。.*を公開しています。$/)
  })

  it('hides an outside link whose address is empty, even after its day', async () => {
    const edition = { ...firstEdition, links: { ...firstEdition.links, survey: { url: '' } } }
    renderApp('/en', { now: inJapan('2025-05-11T09:00:00'), edition: { edition, phase: 'over' } })
    await waitFor(async () =>
      expect(await phaseText()).toMatch(/^Thank you for coming\. The club photo album/),
    )
    expect(screen.queryByRole('link', { name: /post-event survey/i })).toBeNull()
  })

  it("shows the API's current edition: its name, date, hours, place and prices, in both languages", async () => {
    const next = nextEditionDraft(firstEdition)
    const edition = {
      ...next,
      startTime: '11:00',
      publicPlace: { ja: '東京都大田区', en: 'Ota City, Tokyo' },
      tiers: { ...next.tiers, member: { ...next.tiers.member, priceJpy: 3500, onSale: true } },
    }
    const answer = { edition, phase: 'onSale' as const }
    const now = inJapan('2026-03-01T12:00:00')
    const top = renderApp('/ja', { now, edition: answer })
    expect(await screen.findByRole('heading', { level: 1, name: '東京ふぁーりーフェス 2026' })).toBeTruthy()
    expect(screen.getByRole('banner').textContent).toContain('東京ふぁーりーフェス 2026')
    expect(screen.getAllByText('2026年5月10日(日)').length).toBeGreaterThan(0)
    expect(screen.getAllByText('11:00–18:00')).toHaveLength(2)
    expect(screen.getAllByText(/^東京都大田区（会場の詳細/).length).toBe(2)
    // The document title and the footer name it too, the title in Japanese (docs/decisions/163).
    await waitFor(() => expect(document.title).toBe('トップ | 東京ふぁーりーフェス 2026'))
    expect(screen.getByRole('contentinfo').textContent).toContain('© 2026 東京ふぁーりーフェス実行委員会')
    top.unmount()

    const teaser = renderApp('/en/teaser', { now, edition: answer })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tokyo Furry Fes 2026 is coming!' }),
    ).toBeTruthy()
    await waitFor(() => expect(document.title).toBe('開催告知 | 東京ふぁーりーフェス 2026'))
    teaser.unmount()

    renderApp('/en/about-registration', { now, edition: answer, flags })
    expect(await screen.findByText('¥3,500')).toBeTruthy()
    expect(await screen.findByText('Registration is open (until May 9, 2026).')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Register on My Page' })).toBeTruthy()
  })

  it('keeps the edition the pages were built with when the API cannot answer, and reports why', async () => {
    const failure = new TypeError('Failed to fetch')
    const { recorded } = renderApp('/ja', { edition: failure })
    await waitFor(() => expect(recorded.reportedErrors).toEqual([failure]))
    expect(await screen.findByRole('heading', { level: 1, name: '東京ふぁーりーフェス 2025' })).toBeTruthy()
    expect(await phaseText()).toBe('参加登録を受け付けています（2025年5月9日まで）。')
  })

  it('says registration is paused, without the button, when the flag is off while on sale', async () => {
    renderApp('/en/about-registration', { flags: { ...flags, isRegistrationAvailable: false } })
    await waitFor(async () => expect(await phaseText()).toBe('Registration is paused for now.'))
    expect(screen.queryByRole('link', { name: 'Register on My Page' })).toBeNull()
  })

  it('offers no registration on about-registration once the edition is over', async () => {
    const { recorded } = renderApp('/ja/about-registration', { flags, now: inJapan('2025-05-11T09:00:00') })
    await waitFor(() => expect(recorded.featureFetches).toBe(1))
    await waitFor(async () => expect(await phaseText()).toMatch(/^ご参加ありがとうございました。/))
    expect(screen.queryByRole('link', { name: 'マイページで参加登録する' })).toBeNull()
  })

  it("states the privacy policy's retention period from the edition", async () => {
    renderApp('/en/privacy-policy', {
      edition: { edition: { ...firstEdition, retentionDays: 730 }, phase: 'onSale' },
    })
    expect(await screen.findByText('up to 2 years after the event')).toBeTruthy()
  })
})

describe('the venue map', () => {
  it('keeps its labels readable on a phone: a sideways-scrolling region the keyboard reaches, and the map on its own', async () => {
    renderApp('/en/venue-map')
    const region = await screen.findByRole('region', { name: /^The venue map/ })
    expect(region.getAttribute('tabindex')).toBe('0')
    expect(within(region).getByRole('img').getAttribute('src')).toBe('/images/venue-map-en.svg')
    const fullSize = screen.getByRole('link', { name: 'Open the map on its own, to zoom in' })
    expect(fullSize.getAttribute('href')).toBe('/images/venue-map-en.svg')
  })
})
