import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager'
import { type FetchSecret, resolveSecretVariables } from './secrets.ts'

/** Reads a secret's current value from Secrets Manager with the function's own role. */
function secretsManagerFetcher(client = new SecretsManagerClient({})): FetchSecret {
  return async (secretId) => {
    const answer = await client.send(new GetSecretValueCommand({ SecretId: secretId }))
    if (answer.SecretString === undefined) throw new Error(`Secret ${secretId} has no string value`)
    return answer.SecretString
  }
}

/** Puts the secrets the environment names into process.env, where the API's readEnv() finds them. */
export async function loadSecretsIntoProcessEnv(): Promise<void> {
  Object.assign(process.env, await resolveSecretVariables(process.env, secretsManagerFetcher()))
}
