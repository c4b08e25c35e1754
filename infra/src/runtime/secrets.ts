/*
 * Secrets reach the Lambda functions by ARN, never by value: the environment (visible in the console, in
 * CloudFormation and to anyone with lambda:GetFunctionConfiguration) holds `<NAME>_SECRET_ARN`, and this
 * module reads each secret when an instance starts and hands the API the variable `<NAME>` it expects.
 */

/** `STRIPE_SECRET_KEY_SECRET_ARN=arn:…` becomes `STRIPE_SECRET_KEY=<the secret's value>`. */
export const secretArnSuffix = '_SECRET_ARN'

/**
 * The database secret (JSON: username, password, host, port, dbname) becomes DATABASE_URL, without the password.
 */
export const databaseSecretVariable = 'DATABASE_SECRET_ARN'

/**
 * The value the stack stores in a secret it creates, until an operator puts the real one in. A secret still
 * holding it stops the start with a message naming the secret, instead of a Stripe 401 at the first checkout.
 */
export const placeholderKey = 'setMeFollowing'

export type FetchSecret = (secretId: string) => Promise<string>

const rdsSecretFields = ['username', 'password', 'host', 'port', 'dbname'] as const

function parseRdsSecret(secretString: string): Record<(typeof rdsSecretFields)[number], string> {
  let parsed: unknown
  try {
    parsed = JSON.parse(secretString)
  } catch {
    throw new Error('The database secret is not JSON: expected the secret RDS manages for the instance')
  }
  const secret = parsed as Record<string, unknown>
  const missing = rdsSecretFields.filter((field) => secret[field] === undefined || secret[field] === '')
  if (missing.length > 0) throw new Error(`The database secret lacks ${missing.join(', ')}`)
  return Object.fromEntries(rdsSecretFields.map((field) => [field, String(secret[field])])) as Record<
    (typeof rdsSecretFields)[number],
    string
  >
}

/**
 * `postgresql://user@host:port/db?sslmode=verify-full`, without the password: the secret's password rotates
 * (decision 082), so each new connection asks databasePasswordSource for the current one instead of keeping
 * the one of the instance's start. RDS insists on TLS (rds.force_ssl), and verifying the server's certificate
 * (against the Amazon CAs the Lambda runtime ships, NODE_EXTRA_CA_CERTS) is what makes the password safe to
 * send.
 */
export function databaseUrlFromRdsSecret(secretString: string): string {
  const secret = parseRdsSecret(secretString)
  const part = (field: 'username' | 'host' | 'port' | 'dbname') => encodeURIComponent(secret[field])
  return `postgresql://${part('username')}@${part('host')}:${part('port')}/${part('dbname')}?sslmode=verify-full`
}

/**
 * The database password as the secret holds it now. Read when a connection opens, so a rotation reaches new
 * connections at once while open ones carry on; connections opened together share one read.
 */
export function databasePasswordSource(secretId: string, fetchSecret: FetchSecret): () => Promise<string> {
  let reading: Promise<string> | undefined
  return () => {
    reading ??= fetchSecret(secretId)
      .then((value) => parseRdsSecret(value).password)
      .finally(() => {
        reading = undefined
      })
    return reading
  }
}

function refusePlaceholder(name: string, value: string): string {
  if (value.includes(`"${placeholderKey}"`)) {
    throw new Error(
      `The secret for ${name} still holds the placeholder the stack created. Put the real value in ` +
        '(docs/operations.md, "Secrets"), then change api.secretsRevision and deploy.',
    )
  }
  return value
}

/**
 * Reads every secret the environment names and answers the variables they become. Secrets are fetched at
 * once, in parallel; any failure fails the whole start, so an instance never runs half-configured.
 */
export async function resolveSecretVariables(
  environment: Readonly<Record<string, string | undefined>>,
  fetchSecret: FetchSecret,
): Promise<Record<string, string>> {
  const wanted = Object.entries(environment).filter(
    (entry): entry is [string, string] => entry[0].endsWith(secretArnSuffix) && Boolean(entry[1]),
  )
  const resolved = await Promise.all(
    wanted.map(async ([variable, secretId]): Promise<[string, string]> => {
      const value = await fetchSecret(secretId)
      if (variable === databaseSecretVariable) return ['DATABASE_URL', databaseUrlFromRdsSecret(value)]
      const name = variable.slice(0, -secretArnSuffix.length)
      return [name, refusePlaceholder(name, value)]
    }),
  )
  return Object.fromEntries(resolved)
}
