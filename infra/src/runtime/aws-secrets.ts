import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager'
import { useDatabasePassword } from './database-password.ts'
import { databaseSecretVariable, type FetchSecret, resolveSecretVariables } from './secrets.ts'

/** Reads a secret's current value from Secrets Manager with the function's own role. */
function secretsManagerFetcher(client = new SecretsManagerClient({})): FetchSecret {
  return async (secretId) => {
    const answer = await client.send(new GetSecretValueCommand({ SecretId: secretId }))
    if (answer.SecretString === undefined) throw new Error(`Secret ${secretId} has no string value`)
    return answer.SecretString
  }
}

/**
 * Puts the secrets the environment names into process.env, where the API's readEnv() finds them, and has
 * every new database connection read the current password from the database secret.
 */
export async function loadSecretsIntoProcessEnv(): Promise<void> {
  const fetchSecret = secretsManagerFetcher()
  Object.assign(process.env, await resolveSecretVariables(process.env, fetchSecret))
  const databaseSecret = process.env[databaseSecretVariable]
  if (databaseSecret) useDatabasePassword(databaseSecret, fetchSecret)
}
