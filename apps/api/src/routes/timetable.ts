import {
  adminTimetableCodec,
  apiRoutes,
  type Clock,
  publishedTimetableCodec,
  sessionFromWire,
} from '@furfes/core'
import { timetableCalendar } from '@furfes/core/calendar'
import type { Hono } from 'hono'
import type { Executor } from '../db/database.ts'
import { HttpError, productError } from '../http/errors.ts'
import { encode, type RouteMounter, strongEtag } from '../http/route.ts'
import { readEdition } from '../services/editions.ts'
import {
  publishTimetable,
  readAdminTimetable,
  readPublishedTimetable,
  saveTimetableDraft,
  TimetableRejectedError,
} from '../services/timetable.ts'

/** How long browsers and caches may keep the public timetable before asking again (with its ETag). */
const publicMaxAgeSeconds = 60

/**
 * The timetable (decision 172): its public read, which the site and its service worker keep by ETag, and the
 * committee's draft, publication and versions.
 */
export function mountTimetableRoutes(
  { mount }: RouteMounter,
  app: Hono,
  deps: { db: Executor; clock: Clock },
): void {
  // The whole published timetable as a calendar feed for calendar apps to subscribe to, in Japanese and in
  // English. iCalendar rather than JSON, so it is outside the JSON contract, like /health.
  for (const [path, language] of [
    ['/timetable.ics', 'ja'],
    ['/timetable.en.ics', 'en'],
  ] as const) {
    app.get(path, async (context) => {
      const timetable = await readPublishedTimetable(deps)
      if (!timetable) return context.json({ message: 'notFound' }, 404)
      const { edition } = await readEdition(deps, timetable.editionId)
      const body = timetableCalendar({
        language,
        name: edition.name[language],
        sessions: timetable.sessions,
        // The publication, not the request: the same version is the same file, and its ETag holds.
        stampedAt: timetable.publishedAt,
      })
      const etag = strongEtag(body)
      const headers = {
        ETag: etag,
        'Cache-Control': `public, max-age=${publicMaxAgeSeconds}`,
        'Content-Type': 'text/calendar; charset=utf-8',
      }
      if (context.req.header('If-None-Match') === etag) return context.body(null, 304, headers)
      return context.body(body, 200, headers)
    })
  }

  mount(apiRoutes.getTimetable, async () => {
    const timetable = await readPublishedTimetable(deps)
    if (!timetable) throw productError(404, 'notFound')
    const body = encode(publishedTimetableCodec, timetable)
    return {
      status: 200,
      body,
      headers: { ETag: strongEtag(body), 'Cache-Control': `public, max-age=${publicMaxAgeSeconds}` },
    }
  })

  mount(apiRoutes.getAdminTimetable, async ({ params }) => ({
    status: 200,
    body: encode(adminTimetableCodec, await readAdminTimetable(deps, params.edition_id)),
  }))

  mount(apiRoutes.putAdminTimetable, async ({ params, body, caller }) => {
    try {
      const saved = await saveTimetableDraft(deps, {
        editionId: params.edition_id,
        sessions: body.sessions.map(sessionFromWire),
        revision: body.revision,
        staffUserId: caller.sub,
      })
      return { status: 200, body: encode(adminTimetableCodec, saved) }
    } catch (error) {
      // 400 timetableInvalid, each issue on its field (the session's index, then the field), as the form names it.
      if (error instanceof TimetableRejectedError) {
        throw new HttpError(400, { message: 'timetableInvalid', issues: error.issues })
      }
      throw error
    }
  })

  mount(apiRoutes.postAdminTimetablePublish, async ({ params, body, caller }) => ({
    status: 200,
    body: encode(
      adminTimetableCodec,
      await publishTimetable(deps, {
        editionId: params.edition_id,
        revision: body.revision,
        staffUserId: caller.sub,
      }),
    ),
  }))
}
