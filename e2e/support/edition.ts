import { type Edition, type EditionPhase, publicEditionCodec } from '@furfes/core'
import { apiUrl } from './accounts.ts'

/**
 * The edition the e2e stack's API serves as current (`GET /edition`): the stack seeds a development edition on
 * sale on the day it starts (EDITION_SEED, decision 155), so its dates move with the calendar and a test states
 * what it expects from this answer, never from a fixed year.
 */
export async function servedEdition(): Promise<{ edition: Edition; phase: EditionPhase }> {
  const response = await fetch(`${apiUrl}/edition`)
  if (!response.ok) throw new Error(`GET /edition answered ${response.status}`)
  return publicEditionCodec.decode(await response.json())
}
