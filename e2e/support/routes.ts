import type { APIResponse, Route } from '@playwright/test'

/**
 * Answers a routed request with the server's own answer, its JSON body rewritten. A request the page gave up
 * meanwhile needs no answer (the reception's sync cancels a read that a newer one replaces): Playwright has then
 * disposed of the fetched response, and the handler ends without failing the test. Any other error is thrown.
 */
export async function answerRewritten<Body>(
  route: Route,
  rewrite: (body: Body) => unknown,
  fetchOptions?: Parameters<Route['fetch']>[0],
): Promise<void> {
  let response: APIResponse
  try {
    response = await route.fetch(fetchOptions)
    const json = rewrite((await response.json()) as Body)
    await route.fulfill({ response, json })
  } catch (error) {
    if (error instanceof Error && /has been disposed/.test(error.message)) return
    throw error
  }
}
