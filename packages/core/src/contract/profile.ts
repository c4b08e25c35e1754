import { z } from 'zod'
import { profilePrivacies } from '../domain/registration.ts'
import {
  handleNameSchema,
  profilePrivacySchema,
  profileUrlsSchema,
  storedProfileUrlsSchema,
  storedTextSchema,
} from '../validation/fields.ts'
import { type Profile, profileSchema } from '../validation/forms.ts'
import { listCodec } from './codecs.ts'
import { profileFromWire } from './profile-wire.ts'
import { type RouteDefinition, routeGroup } from './route.ts'
import { component, listComponent } from './schemas.ts'

/* Participant profiles: the member's own, and the public list of those who completed registration. */

export const profileWireSchema = component(
  z.object({
    privacy: profilePrivacySchema,
    handle_name: storedTextSchema.describe(
      'Name shown on the profile, as stored (ProfileRequest says the rule)',
    ),
    urls: storedProfileUrlsSchema,
  }),
  {
    id: 'Profile',
    description: "A participant's profile; only public ones of registered participants are listed",
  },
)
export type ProfileWire = z.infer<typeof profileWireSchema>

export const profileRequestWireSchema = component(
  profileWireSchema.extend({ handle_name: handleNameSchema, urls: profileUrlsSchema }),
  { id: 'ProfileRequest', description: "Creates or replaces the user's profile" },
)

export const profileListWireSchema = listComponent(profileWireSchema, {
  id: 'ProfileList',
  description: 'Public profiles of participants who completed registration',
})
export type ProfileListWire = z.infer<typeof profileListWireSchema>

export function profileToWire(profile: Profile): ProfileWire {
  return { privacy: profile.privacy, handle_name: profile.handleName, urls: profile.linkUrls }
}

/** A profile as read: its texts as stored, which the profile form may refuse until they are corrected. */
export const storedProfileSchema = z.object({
  privacy: z.enum(profilePrivacies),
  handleName: z.string(),
  linkUrls: z.array(z.string()),
}) satisfies z.ZodType<Profile>

export const profileCodec = z.codec(profileWireSchema, storedProfileSchema, {
  decode: profileFromWire,
  encode: profileToWire,
})

/** The profile being saved, with the form's rules. */
export const profileRequestCodec = z.codec(profileRequestWireSchema, profileSchema, {
  decode: profileFromWire,
  encode: profileToWire,
})

export const profileListCodec = listCodec(
  profileListWireSchema,
  storedProfileSchema,
  profileFromWire,
  profileToWire,
)

const openProfile = routeGroup('none', 'profile')
const memberProfile = routeGroup('member', 'profile')

/** The profile routes. */
export const profileRoutes = {
  getPublicProfiles: openProfile.get('/public-profile', {
    summary: 'List public profiles',
    description: 'Only public profiles of participants who completed registration appear.',
    responses: { 200: { description: 'The public profiles', schema: profileListWireSchema } },
  }),
  getProfile: memberProfile.get('/profile', {
    summary: "Read the user's profile",
    responses: { 200: { description: 'The profile', schema: profileWireSchema } },
    noneOn404: { description: 'The user has no profile yet' },
  }),
  putProfile: memberProfile.put('/profile', {
    summary: "Create or replace the user's profile",
    request: { body: profileRequestWireSchema },
    responses: { 200: { description: 'The saved profile', schema: profileWireSchema } },
  }),
} as const satisfies Record<string, RouteDefinition>
