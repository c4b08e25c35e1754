import { RemovalPolicy } from 'aws-cdk-lib'
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager'
import { Construct } from 'constructs'
import type { FurfesConfig } from './config.ts'
import { placeholderKey } from './runtime/secrets.ts'

/**
 * The secrets the API needs, created empty-handed: the stack never knows their values, so they appear in no
 * template, no cdk.out and no environment variable. Each starts as a placeholder the API refuses to start
 * with; docs/operations.md ("Secrets") says how to put the real values in.
 */
export class ApiSecrets extends Construct {
  /** Stripe's secret API key (`sk_live_…`). */
  readonly stripeSecretKey: secretsmanager.Secret
  /** The signing secret of the webhook endpoint (`whsec_…`). */
  readonly stripeWebhookSecret: secretsmanager.Secret
  /** `{"keys":[<private EC P-256 JWK>, …]}`: the first signs registration codes, all are published. */
  readonly registrationCodeSigningKeys: secretsmanager.Secret
  /** The VAPID key pair Web Push is signed with (decision 176), base64url, each as plain text. */
  readonly vapidPublicKey: secretsmanager.Secret
  readonly vapidPrivateKey: secretsmanager.Secret

  constructor(scope: Construct, id: string, config: FurfesConfig) {
    super(scope, id)
    const placeholder = (id: string, name: string, description: string) =>
      new secretsmanager.Secret(this, id, {
        secretName: `furfes/${config.stage}/${name}`,
        description,
        generateSecretString: {
          secretStringTemplate: JSON.stringify({ [placeholderKey]: 'docs/operations.md#secrets' }),
          generateStringKey: 'nonce',
        },
        removalPolicy: RemovalPolicy.RETAIN,
      })
    this.stripeSecretKey = placeholder(
      'StripeSecretKey',
      'stripe-secret-key',
      'Stripe secret API key (sk_live_...), as plain text',
    )
    this.stripeWebhookSecret = placeholder(
      'StripeWebhookSecret',
      'stripe-webhook-secret',
      'Signing secret of the Stripe webhook endpoint (whsec_...), as plain text',
    )
    this.registrationCodeSigningKeys = placeholder(
      'RegistrationCodeSigningKeys',
      'registration-code-signing-keys',
      'Registration-code signing keys: {"keys":[<private EC P-256 JWK>, ...]}, newest (signing) first',
    )
    this.vapidPublicKey = placeholder(
      'VapidPublicKey',
      'vapid-public-key',
      'Web Push VAPID public key (base64url, as web-push generate-vapid-keys prints it), as plain text',
    )
    this.vapidPrivateKey = placeholder(
      'VapidPrivateKey',
      'vapid-private-key',
      'Web Push VAPID private key (base64url, the pair of vapid-public-key), as plain text',
    )
  }
}
