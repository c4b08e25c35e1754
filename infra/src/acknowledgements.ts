import { type CfnElement, DefaultStackSynthesizer, Stack, Token, Validations } from 'aws-cdk-lib'
import type * as s3 from 'aws-cdk-lib/aws-s3'
import type { IConstruct } from 'constructs'
import type { FurfesStack } from './stack.ts'

/*
 * The cdk-nag AwsSolutions findings the stack keeps on purpose, each on the resource it concerns, each with
 * its reason (decision 082 has them as a table, beside the findings that were fixed). A finding that is not
 * here and not fixed fails the synth test and `cdk synth`. New constructs acknowledge their own findings
 * where they are built (the log bucket does); this ledger covers the constructs built before the rule pack
 * was adopted and the ones CDK builds for us.
 */

function acknowledge(scope: IConstruct, rules: Record<string, string>): void {
  for (const [id, reason] of Object.entries(rules)) Validations.of(scope).acknowledge({ id, reason })
}

/** A construct CDK adds once per stack (the custom resources' handlers), found by the start of its id. */
function singletons(stack: Stack, idPrefix: string): IConstruct[] {
  return stack.node.children.filter((child) => child.node.id.startsWith(idPrefix))
}

/** How cdk-nag names a policy resource `<bucket ARN>/*` in an IAM5 finding. */
function objectsOf(bucket: s3.IBucket): string {
  const stack = Stack.of(bucket)
  return `<${stack.getLogicalId(bucket.node.defaultChild as CfnElement)}.Arn>/*`
}

const awsManagedPolicy = (name: string) =>
  `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/${name}]`

export function acknowledgeFindings(stack: FurfesStack): void {
  const { config } = stack

  // Cognito: the user pools mirror the Cognito emulator the apps are proven against (decision 020, 080).
  for (const pools of [stack.userPools.members, stack.userPools.admins]) {
    acknowledge(pools.pool, {
      'AwsSolutions-COG1':
        'The product requires passwords of at least 8 characters and nothing more (decision 080); the ' +
        "apps' validation and the emulator enforce the same rule, and Cognito locks out repeated guesses.",
      'AwsSolutions-COG2':
        'The apps implement no MFA challenge (decision 080); sign-in is protected by the per-address rate ' +
        'limit and managed rules of AWS WAF (SignInFirewall) and by Cognito lockout.',
      'AwsSolutions-COG8':
        "The Plus plan's threat protection is charged per monthly active user; for a one-day event AWS WAF " +
        'on the pools (SignInFirewall) covers floods and known-bad sources at a fixed small cost.',
    })
  }

  // Secrets Manager: the five secrets an operator fills by hand have no rotation a Lambda could perform.
  for (const [secret, manualRotation] of [
    [
      stack.secrets.stripeSecretKey,
      "A Stripe API key is rolled in Stripe's Dashboard, which no rotation function can do; docs/operations.md " +
        '("Secrets") has the manual roll: new key in, api.secretsRevision changed, deploy, old key expired.',
    ],
    [
      stack.secrets.stripeWebhookSecret,
      "The webhook signing secret is issued by Stripe when its endpoint's secret is rolled in the Dashboard; " +
        'it is copied in by hand as docs/operations.md ("Stripe in live mode") describes.',
    ],
    [
      stack.secrets.registrationCodeSigningKeys,
      'Registration codes signed with a key must keep verifying offline at reception until they expire, so ' +
        'the key rotates in three manual steps (docs/operations.md, "Rotating the registration-code key").',
    ],
    ...[stack.secrets.vapidPublicKey, stack.secrets.vapidPrivateKey].map(
      (secret) =>
        [
          secret,
          'Browsers subscribed to Web Push with this VAPID public key; a new pair would end every subscription, ' +
            'so the pair is set once by hand (docs/operations.md, "Secrets") and never rotated automatically.',
        ] as const,
    ),
  ] as const) {
    acknowledge(secret, { 'AwsSolutions-SMG4': manualRotation })
  }
  acknowledge(stack.database.instance, {
    'AwsSolutions-RDS11':
      'The database sits in isolated subnets with no route to or from the internet and accepts 5432 only ' +
      "from the API's and the password rotation's security groups; another port would hide nothing.",
  })

  // The API: API Gateway passes every request to the Hono app, which authorizes and validates each route itself.
  for (const method of stack.api.restApi.methods) {
    acknowledge(method, {
      'AwsSolutions-APIG4':
        'The API verifies Cognito tokens itself (member and admin pools, per route), and some routes must be ' +
        'public: the Stripe webhook (signed by Stripe), the feature flags and the public profiles.',
      'AwsSolutions-COG4':
        'A Cognito authorizer takes one pool per method, while behind this catch-all method the API accepts ' +
        'member or admin tokens per route, and some routes take none; the API checks them itself.',
    })
  }
  acknowledge(stack.api.restApi, {
    'AwsSolutions-APIG2':
      "API Gateway's request validation needs a model per route; every route of the Hono app behind the " +
      'catch-all method validates its parameters and body with its own schemas and answers a translated 400.',
  })
  acknowledge(stack.api.restApi.node.findChild('CloudWatchRole'), {
    [awsManagedPolicy('AmazonAPIGatewayPushToCloudWatchLogs')]:
      "The AWS-maintained policy API Gateway's account role needs to write the REST API's access and " +
      'execution logs; it grants only log writing.',
  })
  for (const fn of [stack.api.function, stack.api.migrator, stack.api.mailDrain.function]) {
    acknowledge(fn, {
      [awsManagedPolicy('AWSLambdaBasicExecutionRole')]:
        'The AWS-maintained policy that lets the function write its own logs; it grants nothing else.',
      [awsManagedPolicy('AWSLambdaVPCAccessExecutionRole')]:
        'The AWS-maintained policy for the network interfaces a function in a VPC needs; EC2 accepts no ' +
        'narrower resource for those calls.',
    })
  }

  // The web apps: static files for visitors from anywhere, on CloudFront's own domain unless one is set.
  for (const site of [stack.pwa, stack.reception]) {
    const rules: Record<string, string> = {
      'AwsSolutions-CFR1':
        'Participants and guests come from abroad too (the apps are in Japanese and English), so no ' +
        'country may be turned away.',
      'AwsSolutions-CFR2':
        'A CloudFront web ACL must live in us-east-1, outside this one-region stack (decision 080); the sites ' +
        'serve only static files from a private bucket, cached at the edge and covered by AWS Shield ' +
        'Standard, while the API (ApiFirewall) and the sign-in paths (SignInFirewall) have regional AWS WAF ' +
        'web ACLs with per-address rate limits; see decision 082.',
    }
    const customDomain = site === stack.pwa ? config.domains.pwa : config.domains.reception
    if (!customDomain) {
      rules['AwsSolutions-CFR4'] =
        "Without a custom domain the site is served on CloudFront's own *.cloudfront.net certificate, whose " +
        'TLS policy CloudFront fixes; with a domain the minimum is TLSv1.2_2021 (domains in cdk.json).'
    }
    acknowledge(site.distribution, rules)
  }

  // Handlers CDK adds for its own custom resources: their code, runtime and policies are CDK's.
  const fromCdk = 'A handler aws-cdk-lib adds and maintains for its own custom resource'
  for (const logRetention of singletons(stack, 'LogRetention')) {
    acknowledge(logRetention, {
      [awsManagedPolicy('AWSLambdaBasicExecutionRole')]:
        `${fromCdk} (log retention): it writes its own logs.`,
      'AwsSolutions-IAM5[Resource::*]': `${fromCdk} (log retention): it sets the retention of log groups whose names it learns at deploy time.`,
    })
  }
  const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account
  const assetBucket = `cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-${account}-${stack.region}`
  for (const deployment of singletons(stack, 'Custom::CDKBucketDeployment')) {
    const why = `${fromCdk} (BucketDeployment): it copies the built web apps from CDK's asset bucket into the site buckets`
    acknowledge(deployment, {
      [awsManagedPolicy('AWSLambdaBasicExecutionRole')]: `${why}, and writes its own logs.`,
      'AwsSolutions-L1': `${why}; its runtime is the one aws-cdk-lib ships it with and moves with CDK upgrades.`,
      'AwsSolutions-IAM5[Resource::*]': `${why}; CDK grants it the CloudFront invalidation of the distributions.`,
      'AwsSolutions-IAM5[Action::s3:GetBucket*]': `${why}; reading bucket metadata is part of the copy.`,
      'AwsSolutions-IAM5[Action::s3:GetObject*]': `${why}; it reads each object and its metadata.`,
      'AwsSolutions-IAM5[Action::s3:List*]': `${why}; it lists what is there to prune old files.`,
      'AwsSolutions-IAM5[Action::s3:Abort*]': `${why}; large uploads are multipart and may be aborted.`,
      'AwsSolutions-IAM5[Action::s3:DeleteObject*]': `${why}; pruning removes files the new build no longer has.`,
      [`AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${assetBucket}/*]`]: `${why}; the asset objects are named by their hash at synth time.`,
      [`AwsSolutions-IAM5[Resource::${objectsOf(stack.pwa.bucket)}]`]: `${why}; every object of the PWA bucket is its to write.`,
      [`AwsSolutions-IAM5[Resource::${objectsOf(stack.reception.bucket)}]`]: `${why}; every object of the reception bucket is its to write.`,
    })
  }
}
