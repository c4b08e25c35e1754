import { edition as builtEdition, phase as builtPhase, judgedAt, wireShape } from 'virtual:edition'
import {
  type Announcement,
  type FeatureFlags,
  featureFlagsCodec,
  type Language,
  type Profile,
  type PublicEdition,
  type PublishedTimetable,
  profileListCodec,
  publicAnnouncementsCodec,
  publicEditionCodec,
  publishedTimetableCodec,
} from '@furfes/core'
import { createNotificationQueue } from '@furfes/ui'
import type { RuntimeConfig } from '@furfes/ui/runtime-config'
import { render } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router'
import { App } from '../App.tsx'
import type { AccountServices } from '../account/account-services.ts'
import { createEditionStore } from '../app/edition.ts'
import { createFeatureFlagsStore } from '../app/feature-flags.ts'
import { readFeatureFlags } from '../app/feature-flags-read.ts'
import type { AppServices } from '../app/services.tsx'
import { createPwaI18n } from '../i18n.ts'
import { englishStrings } from '../i18n-english.ts'
import { japaneseStrings } from '../i18n-japanese.ts'
import { splitLanguagePath } from '../language.ts'
import { createAppRoutes } from '../routes.tsx'
import { now } from './fake-account.ts'

export const contactUrl = 'https://forms.example.com/contact'

/** What the fake services were asked to do, for assertions on the resulting state. */
interface Recorded {
  replacedLocations: string[]
  rememberedLanguages: Language[]
  reportedErrors: unknown[]
  featureFetches: number
  editionFetches: number
  /** The paths of the public reads by plain fetch (GET /timetable…). */
  publicFetches: string[]
  location: { pathname: string; search: string; hash: string; state: unknown }
}

export interface FakeOptions {
  /** The account services of the account and My Page routes (see test/fake-account.ts). */
  account?: AccountServices
  currentLanguage?: Language
  /** What GET /features answers: these flags (the defaults by default), this answer, or no answer (offline). */
  flags?: FeatureFlags | Response | Error
  /** What GET /public-profile answers: these profiles (none by default), this answer, or no answer (offline). */
  profiles?: Profile[] | Response | Error
  /** What GET /edition answers; the edition the site was built with, over, by default. */
  edition?: PublicEdition | Error
  /** The device's clock; the tests' today (test/fake-account.ts), while the first edition is on sale, by default. */
  now?: number
  /** What GET /timetable answers: a published timetable, none (404, the default), or a failure (offline). */
  timetable?: PublishedTimetable | Error
  /** What GET /announcements answers: these (none by default), or a failure (offline with none kept). */
  announcements?: Announcement[] | Error
}

const config: RuntimeConfig = {
  apiUrl: 'http://api.example.com',
  pwaUrl: 'http://localhost:5173',
  receptionUrl: 'http://localhost:5174',
  contactUrl,
  cognito: {
    region: 'ap-northeast-1',
    endpoint: 'http://cognito.example.com',
    members: { userPoolId: 'p', clientId: 'c' },
    admins: { userPoolId: 'p', clientId: 'c' },
  },
}

/** The fake services alone, for a test that renders less than the whole site; `recorded` fills as they are used. */
export function createFakeServices(options: FakeOptions = {}): { services: AppServices; recorded: Recorded } {
  const recorded: Recorded = {
    replacedLocations: [],
    rememberedLanguages: [],
    reportedErrors: [],
    featureFetches: 0,
    editionFetches: 0,
    publicFetches: [],
    location: { pathname: '', search: '', hash: '', state: null },
  }
  return { services: fakeServices(options, recorded), recorded }
}

function fakeServices(options: FakeOptions, recorded: Recorded): AppServices {
  const report = (error: unknown) => recorded.reportedErrors.push(error)
  async function fetchPublic(path: string): Promise<Response> {
    recorded.publicFetches.push(path)
    if (path === 'features') {
      recorded.featureFetches += 1
      if (options.flags instanceof Error) throw options.flags
      if (options.flags instanceof Response) return options.flags
      return Response.json(
        featureFlagsCodec.encode(
          options.flags ?? {
            isNewClubActivityEstablishmentAvailable: false,
            isRegistrationAvailable: true,
            isUnderMaintenance: false,
          },
        ),
      )
    }
    if (path === 'announcements') {
      if (options.announcements instanceof Error) throw options.announcements
      const announcements = options.announcements ?? []
      return Response.json(publicAnnouncementsCodec.encode({ editionId: builtEdition.id, announcements }))
    }
    if (path === 'public-profile') {
      if (options.profiles instanceof Error) throw options.profiles
      if (options.profiles instanceof Response) return options.profiles
      return Response.json(profileListCodec.encode(options.profiles ?? []))
    }
    if (path !== 'timetable') throw new Error(`This test answers no GET /${path}`)
    if (options.timetable instanceof Error) throw options.timetable
    if (!options.timetable) return Response.json({ message: 'notFound' }, { status: 404 })
    return Response.json(publishedTimetableCodec.encode(options.timetable))
  }
  return {
    config: async () => config,
    featureFlags: createFeatureFlagsStore(() => readFeatureFlags(fetchPublic, report)),
    edition: createEditionStore({
      built: { edition: builtEdition, phase: builtPhase, judgedAt },
      async fetchAnswer() {
        recorded.editionFetches += 1
        if (options.edition instanceof Error) throw options.edition
        // As the API sends it: JSON on the wire.
        return JSON.parse(
          JSON.stringify(
            publicEditionCodec.encode(options.edition ?? { edition: builtEdition, phase: builtPhase }),
          ),
        )
      },
      wireShape,
      clock: () => options.now ?? now,
      report,
    }),
    fetchPublic,
    publicUrl: async (path) => new URL(path, `${config.apiUrl}/`).href,
    clock: () => options.now ?? now,
    account: async () => {
      if (!options.account) throw new Error('This test gave no account services')
      return options.account
    },
    notifications: createNotificationQueue(),
    errors: { report },
    currentLanguage: async () => options.currentLanguage ?? 'ja',
    rememberLanguage: (language) => recorded.rememberedLanguages.push(language),
    replaceLocation: (href) => recorded.replacedLocations.push(href),
  }
}

function LocationProbe({ recorded }: { recorded: Recorded }) {
  const location = useLocation()
  recorded.location = location
  return null
}

/** Renders the whole site at an address, with fake services, in a memory router. */
export function renderApp(
  entry: string | { pathname: string; search?: string; state?: unknown },
  options: FakeOptions = {},
) {
  const { services, recorded } = createFakeServices(options)
  const pathname = typeof entry === 'string' ? entry : entry.pathname
  const i18n = createPwaI18n(splitLanguagePath(pathname).language ?? 'ja', {
    ja: japaneseStrings,
    en: englishStrings,
  })
  const { AppRoutes } = createAppRoutes({ onLoadFailure: (error) => Promise.reject(error) })
  const view = render(
    <App i18n={i18n} services={services}>
      <MemoryRouter initialEntries={[entry]}>
        <AppRoutes />
        <LocationProbe recorded={recorded} />
      </MemoryRouter>
    </App>,
  )
  return { ...view, recorded }
}
