import { createHash, createHmac, type Hash, type Hmac, timingSafeEqual } from 'node:crypto'
import { SignatureV4 } from '@smithy/signature-v4'
import { CognitoError } from './errors.ts'

/** An AWS access key the emulator accepts on IAM-authorised (admin) operations. */
export interface AccessKey {
  accessKeyId: string
  secretAccessKey: string
}

/** The parts of a request a SigV4 signature covers. */
export interface SignedRequest {
  method: string
  url: URL
  headers: Headers
  body: string
}

const service = 'cognito-idp'
/** AWS refuses a signature made more than five minutes away from its own time. */
const maxSkewMs = 5 * 60 * 1000

const invalidSignature = (message: string) => new CognitoError('InvalidSignatureException', message)
const unrecognisedClient = () =>
  new CognitoError('UnrecognizedClientException', 'The security token included in the request is invalid.')
const signatureMismatch = () =>
  invalidSignature(
    'The request signature we calculated does not match the signature you provided. Check your AWS Secret ' +
      'Access Key and signing method. Consult the service documentation for details.',
  )

/** SHA-256 and HMAC-SHA-256 from node:crypto, in the shape the SigV4 signer asks for. */
class Sha256 {
  readonly #secret: Uint8Array | undefined
  #hash: Hash | Hmac

  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.#secret =
      secret === undefined
        ? undefined
        : typeof secret === 'string'
          ? Buffer.from(secret, 'utf8')
          : ArrayBuffer.isView(secret)
            ? new Uint8Array(secret.buffer, secret.byteOffset, secret.byteLength)
            : new Uint8Array(secret)
    this.#hash = this.#fresh()
  }

  #fresh(): Hash | Hmac {
    return this.#secret ? createHmac('sha256', this.#secret) : createHash('sha256')
  }

  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.#hash.update(
      typeof data === 'string'
        ? data
        : ArrayBuffer.isView(data)
          ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
          : new Uint8Array(data),
    )
  }

  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.#hash.digest())
  }

  reset(): void {
    this.#hash = this.#fresh()
  }
}

/** `AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…`, or the parameters it lacks. */
function parseAuthorization(header: string) {
  const [algorithm, ...rest] = header.trim().split(' ')
  if (algorithm !== 'AWS4-HMAC-SHA256') {
    throw new CognitoError(
      'IncompleteSignatureException',
      `Unsupported AWS 'algorithm': '${algorithm ?? ''}'. Authorization=${header}`,
    )
  }
  const parameters = new Map<string, string>()
  for (const part of rest.join(' ').split(',')) {
    const [name, ...value] = part.trim().split('=')
    if (name) parameters.set(name, value.join('='))
  }
  const missing = ['Credential', 'Signature', 'SignedHeaders'].filter((name) => !parameters.get(name))
  if (missing.length > 0) {
    throw new CognitoError(
      'IncompleteSignatureException',
      `${missing.map((name) => `Authorization header requires '${name}' parameter.`).join(' ')} Authorization=${header}`,
    )
  }
  const [accessKeyId = '', date = '', region = '', scopeService = '', terminator = ''] = (
    parameters.get('Credential') ?? ''
  ).split('/')
  return {
    accessKeyId,
    scope: { date, region, service: scopeService, terminator },
    signedHeaders: (parameters.get('SignedHeaders') ?? '').split(';'),
    signature: parameters.get('Signature') ?? '',
  }
}

/** `20250501T090000Z` → epoch ms, or NaN. */
function parseAmzDate(value: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value)
  if (!match) return Number.NaN
  const [, year, month, day, hours, minutes, seconds] = match.map(Number)
  return Date.UTC(year as number, (month as number) - 1, day, hours, minutes, seconds)
}

/**
 * Checks a request's SigV4 signature as AWS does for IAM-authorised operations: the access key must be one of
 * `keys` (else UnrecognizedClientException), the scope this region and service, the time within five minutes
 * of `now`, and the signature the one the key's secret gives (else InvalidSignatureException). The signature is
 * recomputed with the AWS SDK's own signer over the headers the request says it signed.
 */
export async function verifySignature(
  request: SignedRequest,
  options: { keys: readonly AccessKey[]; region: string; now: number },
): Promise<void> {
  const authorization = parseAuthorization(request.headers.get('authorization') ?? '')
  const key = options.keys.find((candidate) => candidate.accessKeyId === authorization.accessKeyId)
  if (!key) throw unrecognisedClient()
  const { scope } = authorization
  if (scope.terminator !== 'aws4_request') {
    throw invalidSignature("Credential should be scoped with a valid terminator: 'aws4_request'.")
  }
  if (scope.service !== service) {
    throw invalidSignature(`Credential should be scoped to correct service: '${service}'.`)
  }
  if (scope.region !== options.region)
    throw invalidSignature('Credential should be scoped to a valid region.')
  const amzDate = request.headers.get('x-amz-date') ?? ''
  const signedAt = parseAmzDate(amzDate)
  if (!authorization.signedHeaders.includes('x-amz-date') || Number.isNaN(signedAt)) {
    throw new CognitoError(
      'IncompleteSignatureException',
      "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.",
    )
  }
  if (scope.date !== amzDate.slice(0, 8)) {
    throw invalidSignature(
      `Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '${scope.date}' != '${amzDate.slice(0, 8)}', from '${amzDate}'.`,
    )
  }
  if (Math.abs(options.now - signedAt) > maxSkewMs) {
    throw invalidSignature(`Signature expired: ${amzDate} is now earlier or later than allowed (±5 min.)`)
  }
  if (!authorization.signedHeaders.includes('host')) throw signatureMismatch()

  const headers: Record<string, string> = {}
  for (const name of authorization.signedHeaders) {
    const value = request.headers.get(name)
    if (value === null) throw signatureMismatch()
    if (name !== 'x-amz-date') headers[name] = value
  }
  const contentHash = headers['x-amz-content-sha256']
  if (contentHash !== undefined && contentHash !== createHash('sha256').update(request.body).digest('hex')) {
    throw signatureMismatch()
  }
  const signer = new SignatureV4({
    credentials: key,
    region: options.region,
    service,
    sha256: Sha256,
    applyChecksum: false,
  })
  const signed = await signer.sign(
    {
      method: request.method,
      protocol: request.url.protocol,
      hostname: request.url.hostname,
      port: request.url.port === '' ? undefined : Number(request.url.port),
      path: request.url.pathname,
      query: Object.fromEntries(request.url.searchParams),
      headers,
      body: request.body,
    },
    { signingDate: new Date(signedAt) },
  )
  const expected = /Signature=([0-9a-f]+)$/.exec(String(signed.headers.authorization ?? ''))?.[1] ?? ''
  const given = authorization.signature
  if (expected.length !== given.length || !timingSafeEqual(Buffer.from(expected), Buffer.from(given))) {
    throw signatureMismatch()
  }
}
