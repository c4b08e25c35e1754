import {
  adminAnnouncementCodec,
  adminAnnouncementListCodec,
  apiRoutes,
  publicAnnouncementsCodec,
} from '@furfes/core'
import { encode, type RouteMounter, strongEtag } from '../http/route.ts'
import {
  type AnnouncementDeps,
  correctAnnouncement,
  listAdminAnnouncements,
  mailAnnouncement,
  publishAnnouncement,
  readPublicAnnouncements,
  withdrawAnnouncement,
} from '../services/announcements.ts'
import { auditActor } from '../services/audit.ts'

/** How long browsers and caches may keep the public list before asking again (with its ETag), as the timetable. */
const publicMaxAgeSeconds = 60

/**
 * Announcements (docs/decisions/173-announcements.md): the public list, which the site and its service worker
 * keep by ETag, and the committee's publication, correction, withdrawal and mail.
 */
export function mountAnnouncementRoutes({ mount }: RouteMounter, deps: AnnouncementDeps): void {
  mount(apiRoutes.getAnnouncements, async () => {
    const body = encode(publicAnnouncementsCodec, await readPublicAnnouncements(deps))
    return {
      status: 200,
      body,
      headers: { ETag: strongEtag(body), 'Cache-Control': `public, max-age=${publicMaxAgeSeconds}` },
    }
  })

  mount(apiRoutes.getAdminAnnouncements, async () => ({
    status: 200,
    body: encode(adminAnnouncementListCodec, await listAdminAnnouncements(deps)),
  }))

  mount(apiRoutes.postAdminAnnouncement, async ({ body, caller }) => {
    const { id, mail, ...content } = body
    const { announcement } = await publishAnnouncement(deps, { id, content, mail, actor: auditActor(caller) })
    return { status: 201, body: encode(adminAnnouncementCodec, announcement) }
  })

  mount(apiRoutes.putAdminAnnouncement, async ({ params, body, caller }) => {
    const { revision, ...content } = body
    const announcement = await correctAnnouncement(deps, {
      id: params.announcement_id,
      content,
      revision,
      actor: auditActor(caller),
    })
    return { status: 200, body: encode(adminAnnouncementCodec, announcement) }
  })

  mount(apiRoutes.postAdminAnnouncementWithdraw, async ({ params, caller }) => ({
    status: 200,
    body: encode(
      adminAnnouncementCodec,
      await withdrawAnnouncement(deps, { id: params.announcement_id, actor: auditActor(caller) }),
    ),
  }))

  mount(apiRoutes.postAdminAnnouncementMail, async ({ params, body, caller }) => ({
    status: 200,
    body: encode(
      adminAnnouncementCodec,
      await mailAnnouncement(deps, {
        id: params.announcement_id,
        tiers: body.tiers,
        actor: auditActor(caller),
      }),
    ),
  }))
}
