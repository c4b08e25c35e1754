import {
  type Clock,
  createStore,
  type Edition,
  type EditionPhase,
  editionPhase,
  publicEditionFromJson,
  type Store,
  startOfDayInTokyo,
  type WireShape,
} from '@furfes/core'

/** The edition the pages show (docs/decisions/160-the-site-reads-the-edition.md). */
export interface EditionState {
  edition: Edition
  /** The phase at `judgedAt`: the API's answer (which alone knows a sold-out edition) moved on by the clock. */
  phase: EditionPhase
  /** When the phase and the outside links' opening days were judged (epoch ms). */
  judgedAt: number
  /** True while it is the edition the pages were built with, whose texts the prerendered HTML already holds. */
  fromBuild: boolean
  /**
   * False until this visit's GET /edition has answered (or failed): until then the phase is the one judged when
   * the site was built, which may be long past, so nothing is taken away on it.
   */
  judged: boolean
}

export interface EditionStore extends Store<EditionState> {
  /**
   * The state the pages were prerendered with. Hydration must render it even when this visit's answer came
   * first (a page's lazy part may hydrate after the answer), or React finds other text and redraws the page.
   */
  readonly initial: EditionState
  /**
   * Reads GET /edition once per visit (the browser revalidates its copy with If-None-Match; offline, the
   * service worker answers the last one). A failed read keeps the edition and judges its phase again on the
   * clock; the failure is reported.
   */
  load(): Promise<void>
}

/** Whether two JSON-like values are equal at every depth. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  const keys = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined)
  const otherKeys = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined)
  return (
    keys.length === otherKeys.length &&
    keys.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  )
}

export function createEditionStore(options: {
  /** The edition the pages were built with, and its phase when they were built. */
  built: Pick<EditionState, 'edition' | 'phase' | 'judgedAt'>
  /** GET /edition's answer as JSON. */
  fetchAnswer: () => Promise<unknown>
  wireShape: WireShape
  clock: Clock
  report: (error: unknown, context: Record<string, unknown>) => void
}): EditionStore {
  const { built, clock } = options
  const initial: EditionState = { ...built, fromBuild: true, judged: false }
  const { set: publish, ...state } = createStore<EditionState>(initial)
  let loading: Promise<void> | undefined

  const judge = (edition: Edition, answeredPhase: EditionPhase) => {
    const judgedAt = clock()
    // Only the API knows that every tier is sold out; the dates say the rest, on this device's clock.
    const phase = editionPhase(edition, judgedAt, { soldOut: answeredPhase === 'closed' })
    const fromBuild = sameValue(edition, built.edition)
    publish({ edition: fromBuild ? built.edition : edition, phase, judgedAt, fromBuild, judged: true })
  }

  async function read(): Promise<void> {
    try {
      const answer = publicEditionFromJson(options.wireShape, await options.fetchAnswer())
      if (!answer) throw new Error('GET /edition answered something that is not an edition')
      judge(answer.edition, answer.phase)
    } catch (error) {
      options.report(error, { where: 'edition' })
      const { edition, phase } = state.getSnapshot()
      judge(edition, phase)
    }
  }

  return {
    ...state,
    initial,
    load() {
      loading ??= read()
      return loading
    },
  }
}

/** An outside page is linked once it has an address and its opening day has come, in Japan. */
export function linkShown(link: Edition['links']['survey'], judgedAt: number): boolean {
  return link.url !== '' && (link.opensOn === undefined || judgedAt >= startOfDayInTokyo(link.opensOn))
}
