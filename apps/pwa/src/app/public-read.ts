/*
 * A public read of the API by a plain fetch (decision 160), for a page that shows what went wrong when it fails:
 * the failure is kept as data here and turned into core's error (public-read-error.ts) only when there is one,
 * so neither zod, the member client nor the error catalogue weighs on a visit that succeeds
 * (docs/decisions/195-member-client-pages-by-plain-fetch.md).
 */

/** Why a read failed: no answer, an answer that is not a success, or a success that is not what was asked. */
export type PublicReadFailure =
  | { kind: 'network'; cause: unknown }
  | { kind: 'refused'; status: number; message: string | undefined }
  | { kind: 'broken'; status: number }

export type PublicRead<T> = { ok: true; value: T } | { ok: false; failure: PublicReadFailure }

/** Reads `path` and decodes its JSON with `decode` (undefined when the answer is not of the expected shape). */
export async function readPublic<T>(
  fetchPublic: (path: string) => Promise<Response>,
  path: string,
  decode: (json: unknown) => T | undefined,
): Promise<PublicRead<T>> {
  let response: Response
  try {
    response = await fetchPublic(path)
  } catch (cause) {
    return { ok: false, failure: { kind: 'network', cause } }
  }
  const json: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const message = (json as { message?: unknown } | undefined)?.message
    return {
      ok: false,
      failure: {
        kind: 'refused',
        status: response.status,
        message: typeof message === 'string' ? message : undefined,
      },
    }
  }
  const value = decode(json)
  return value === undefined
    ? { ok: false, failure: { kind: 'broken', status: response.status } }
    : { ok: true, value }
}
