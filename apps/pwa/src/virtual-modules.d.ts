/** The edition the pages are built with, and what the build derived from it (tooling/build-edition.ts). */
declare module 'virtual:edition' {
  type Core = typeof import('@furfes/core')
  export const edition: import('@furfes/core').Edition
  export const phase: import('@furfes/core').EditionPhase
  /** When the build judged the phase (epoch ms). */
  export const judgedAt: number
  export const wireShape: ReturnType<Core['wireShapeOf']>
  export const scheduleStrings: Readonly<
    Record<import('@furfes/core').Language, Readonly<Record<string, string>>>
  >
}
