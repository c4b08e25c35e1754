/** The schedule values formatted at build time, per language (tooling/schedule-values.ts). */
declare module 'virtual:schedule-values' {
  const values: Readonly<Record<import('@furfes/core').Language, Readonly<Record<string, string>>>>
  export default values
}
