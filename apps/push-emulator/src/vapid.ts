import { importJWK, jwtVerify } from 'jose'

/*
 * The VAPID check a push service makes (RFC 8292): `Authorization: vapid t=<JWT>, k=<public key>`, the JWT signed
 * ES256 by that key, for this push service's origin, expiring within 24 hours, naming a contact in `sub`.
 */

export class VapidError extends Error {
  override readonly name = 'VapidError'
}

const maxLifetimeSeconds = 24 * 60 * 60

/** The uncompressed P-256 point (0x04 ‖ x ‖ y) as a JWK. */
function publicJwk(key: string) {
  const point = Buffer.from(key, 'base64url')
  if (point.length !== 65 || point[0] !== 4) throw new VapidError('k is not an uncompressed P-256 public key')
  return {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url'),
  }
}

/** Checks the header for a push to `origin` at `nowMs`; answers the sender's key and contact. */
export async function verifyVapid(
  authorization: string | undefined,
  origin: string,
  nowMs: number,
): Promise<{ publicKey: string; subject: string }> {
  const match = /^vapid\s+(.+)$/i.exec(authorization ?? '')
  if (!match?.[1]) throw new VapidError('no vapid Authorization header')
  const params = new Map(
    match[1].split(',').map((part) => {
      const [name, ...value] = part.trim().split('=')
      return [name?.trim() ?? '', value.join('=').trim()] as const
    }),
  )
  const token = params.get('t')
  const publicKey = params.get('k')
  if (!token || !publicKey) throw new VapidError('the vapid header needs t and k')
  const key = await importJWK(publicJwk(publicKey), 'ES256')
  let payload: Awaited<ReturnType<typeof jwtVerify>>['payload']
  try {
    ;({ payload } = await jwtVerify(token, key, {
      algorithms: ['ES256'],
      audience: origin,
      currentDate: new Date(nowMs),
      requiredClaims: ['exp', 'sub'],
    }))
  } catch (error) {
    throw new VapidError(`the VAPID JWT is refused: ${(error as Error).message}`)
  }
  if ((payload.exp ?? 0) > nowMs / 1000 + maxLifetimeSeconds) {
    throw new VapidError('the VAPID JWT expires more than 24 hours from now')
  }
  const subject = String(payload.sub)
  if (!/^(mailto:|https:)/.test(subject)) throw new VapidError('sub must be a mailto: or https: contact')
  return { publicKey, subject }
}
