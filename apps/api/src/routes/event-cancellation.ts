import {
  apiRoutes,
  eventCancellationDryRunCodec,
  eventCancellationRequestCodec,
  eventCancellationRunCodec,
} from '@furfes/core'
import { notFound } from '../http/errors.ts'
import { decode, encode, type RouteMounter } from '../http/route.ts'
import { auditActor } from '../services/audit.ts'
import type { EventCancellationService } from '../services/event-cancellation.ts'

/** The event-cancelled refund (decision 113): its dry run, its start and its progress. */
export function mountEventCancellationRoutes(
  { mount }: RouteMounter,
  deps: { eventCancellation: EventCancellationService },
): void {
  const { eventCancellation } = deps

  mount(apiRoutes.postAdminEventCancellationDryRun, async ({ body }) => {
    const { expensesPerPersonJpy } = decode(eventCancellationRequestCodec, body)
    return {
      status: 200,
      body: encode(eventCancellationDryRunCodec, await eventCancellation.dryRun(expensesPerPersonJpy)),
    }
  })

  mount(apiRoutes.postAdminEventCancellation, async ({ body, caller }) => {
    const { expensesPerPersonJpy } = decode(eventCancellationRequestCodec, body)
    const run = await eventCancellation.start(expensesPerPersonJpy, auditActor(caller))
    return { status: 202, body: encode(eventCancellationRunCodec, run) }
  })

  mount(apiRoutes.getAdminEventCancellation, async () => {
    const run = await eventCancellation.status()
    if (!run) throw notFound()
    return { status: 200, body: encode(eventCancellationRunCodec, run) }
  })
}
