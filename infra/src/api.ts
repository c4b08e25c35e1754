import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib'
import * as apigw from 'aws-cdk-lib/aws-apigateway'
import * as acm from 'aws-cdk-lib/aws-certificatemanager'
import * as ec2 from 'aws-cdk-lib/aws-ec2'
import * as lambda from 'aws-cdk-lib/aws-lambda'
import * as logs from 'aws-cdk-lib/aws-logs'
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager'
import * as triggers from 'aws-cdk-lib/triggers'
import { Construct } from 'constructs'
import type { UserPools } from './auth.ts'
import { apiCode, apiHandler, mailDrainHandler, migrateHandler } from './bundle.ts'
import { type FurfesConfig, region } from './config.ts'
import type { Database, Network } from './database.ts'
import { MailDrain, type MailSending } from './mail.ts'
import { databaseSecretVariable, secretArnSuffix } from './runtime/secrets.ts'
import type { ApiSecrets } from './secrets.ts'

export const cognitoEndpoint = `https://cognito-idp.${region}.amazonaws.com`

/** The path Stripe posts webhooks to; the alarm on webhook failures watches its answers. */
export const stripeWebhookPath = '/webhooks/stripe'

/**
 * The REST API's one stage. On API Gateway's own URL it is the first segment of every path
 * (`https://<id>.execute-api.ap-northeast-1.amazonaws.com/api/features`); a custom domain maps to it without.
 */
const apiStageName = 'api'

/** Application logs are kept three months: long enough to investigate, well inside the one-year retention. */
const logRetention = logs.RetentionDays.THREE_MONTHS

/**
 * One JSON line per request API Gateway answered, including the ones that never reached the function (its
 * throttle's 429s, AWS WAF's blocks, integration timeouts): who asked (source IP), what, the answer and how long it took.
 */
const accessLogFormat = apigw.AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    time: '$context.requestTime',
    method: '$context.httpMethod',
    path: '$context.path',
    protocol: '$context.protocol',
    status: '$context.status',
    responseLength: '$context.responseLength',
    latencyMs: '$context.responseLatency',
    integrationError: '$context.integrationErrorMessage',
    waf: '$context.wafResponseCode',
    userAgent: '$context.identity.userAgent',
  }),
)

export interface ApiProps {
  config: FurfesConfig
  network: Network
  database: Database
  userPools: UserPools
  secrets: ApiSecrets
  /** Sending through SES (src/mail.ts): the API function and the outbox drain send with it. */
  mail: MailSending
  /** Origins of the two web apps: CORS, and where checkout may send users back to. */
  pwaUrl: string
  receptionUrl: string
}

/**
 * The API on AWS Lambda behind an API Gateway REST API (decision 080), which AWS WAF can guard (ApiFirewall,
 * decision 082), and the migrator that a deployment runs before it updates the API.
 */
/** The admins pool operations the API may call: the groups' recheck and the committee's staff management. */
const staffAdminActions = [
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:AdminGetUser',
  'cognito-idp:ListUsersInGroup',
  'cognito-idp:ListUsers',
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
]

export class Api extends Construct {
  readonly function: lambda.Function
  readonly migrator: lambda.Function
  readonly mailDrain: MailDrain
  readonly restApi: apigw.RestApi
  readonly logGroup: logs.LogGroup
  /** API Gateway's access log of the REST API's stage (decision 082). */
  readonly accessLogGroup: logs.LogGroup
  /** API Gateway's execution log of the stage: errors only, such as failed calls to the function. */
  readonly executionLogGroup: logs.LogGroup
  /** The base URL the web apps call, without a trailing slash. */
  readonly url: string
  /** With a custom domain: the API Gateway name its DNS record (CNAME or alias) points to. */
  readonly domainTarget: string | undefined

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id)
    const { config, network, database, userPools, secrets } = props
    const code = apiCode()
    const databaseSecret = database.instance.secret
    if (!databaseSecret) throw new Error('The database instance has no generated secret')

    /** Secrets travel by ARN; src/runtime/secrets.ts turns `<NAME>_SECRET_ARN` into `<NAME>` at start. */
    const secretArn = (name: string, secret: secretsmanager.ISecret) => ({
      [`${name}${secretArnSuffix}`]: secret.secretArn,
    })
    const runtimeEnvironment = {
      // RDS certificates are signed by Amazon's CAs, which Node.js 20+ on Lambda does not trust by default.
      NODE_EXTRA_CA_CERTS: '/var/runtime/ca-cert.pem',
      DATA_DIR: '/tmp',
      LOG_LEVEL: 'info',
      [databaseSecretVariable]: databaseSecret.secretArn,
      ...(config.api.tierCapacities ? { TIER_CAPACITIES: config.api.tierCapacities } : {}),
      SECRETS_REVISION: config.api.secretsRevision,
    }
    const functionDefaults = {
      code,
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      vpc: network.vpc,
      vpcSubnets: { subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS },
      securityGroups: [network.apiSecurityGroup],
    }

    const customDomain = config.domains.api
    this.accessLogGroup = new logs.LogGroup(this, 'AccessLogs', {
      retention: logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    })
    this.restApi = new apigw.RestApi(this, 'RestApi', {
      restApiName: `furfes-${config.stage}-api`,
      description: 'The product API and the admin API',
      // Regional: the custom domain takes an ap-northeast-1 certificate, and the web ACL is regional.
      endpointConfiguration: { types: [apigw.EndpointType.REGIONAL] },
      // Every request body reaches the function base64-encoded and every base64 answer goes out as bytes, so
      // the Stripe webhook is verified over exactly the bytes Stripe signed; JSON answers pass as text.
      binaryMediaTypes: ['*/*'],
      // API Gateway writes a REST API's logs through the account's CloudWatch role; this sets it.
      cloudWatchRole: true,
      deployOptions: {
        stageName: apiStageName,
        throttlingRateLimit: config.api.throttleRate,
        throttlingBurstLimit: config.api.throttleBurst,
        accessLogDestination: new apigw.LogGroupLogDestination(this.accessLogGroup),
        accessLogFormat,
        loggingLevel: apigw.MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
      },
      ...(customDomain
        ? {
            domainName: {
              domainName: customDomain.domainName,
              certificate: acm.Certificate.fromCertificateArn(
                this,
                'Certificate',
                customDomain.certificateArn,
              ),
              endpointType: apigw.EndpointType.REGIONAL,
              securityPolicy: apigw.SecurityPolicy.TLS_1_2,
            },
          }
        : {}),
    })
    this.url = customDomain
      ? `https://${customDomain.domainName}`
      : `https://${this.restApi.restApiId}.execute-api.${region}.${Stack.of(this).urlSuffix}/${apiStageName}`

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    })
    const apiEnvironment = {
      ...runtimeEnvironment,
      DATABASE_POOL_SIZE: String(config.api.databasePoolSize),
      API_URL: this.url,
      PWA_URL: props.pwaUrl,
      RECEPTION_URL: props.receptionUrl,
      COGNITO_ENDPOINT: cognitoEndpoint,
      COGNITO_MEMBERS_POOL_ID: userPools.members.pool.userPoolId,
      COGNITO_MEMBERS_CLIENT_ID: userPools.members.client.userPoolClientId,
      COGNITO_ADMINS_POOL_ID: userPools.admins.pool.userPoolId,
      COGNITO_ADMINS_CLIENT_ID: userPools.admins.client.userPoolClientId,
      PAYMENT_GATEWAY: 'stripe',
      ...secretArn('STRIPE_SECRET_KEY', secrets.stripeSecretKey),
      ...secretArn('STRIPE_WEBHOOK_SECRET', secrets.stripeWebhookSecret),
      ...secretArn('REGISTRATION_CODE_SIGNING_KEYS', secrets.registrationCodeSigningKeys),
      ...secretArn('VAPID_PUBLIC_KEY', secrets.vapidPublicKey),
      ...secretArn('VAPID_PRIVATE_KEY', secrets.vapidPrivateKey),
      ...props.mail.environment(config),
      // The API answers GET /venue and the mail drain writes receipts with it (decision 123).
      ...(config.api.venue ? { VENUE: JSON.stringify(config.api.venue) } : {}),
      FURFES_STAGE: config.stage,
    }
    this.function = new lambda.Function(this, 'Function', {
      ...functionDefaults,
      description: 'The Hono API (apps/api) through hono/aws-lambda',
      handler: apiHandler,
      memorySize: config.api.memoryMb,
      // API Gateway gives up after 29 s; the API answers far sooner or not at all.
      timeout: Duration.seconds(15),
      reservedConcurrentExecutions: config.api.reservedConcurrency,
      logGroup: this.logGroup,
      // Between requests a Lambda instance is frozen: the scheduled drain sends the mail instead.
      environment: {
        ...apiEnvironment,
        MAIL_DRAIN_INTERVAL_MS: '0',
        PUSH_DRAIN_INTERVAL_MS: '0',
        RETENTION_INTERVAL_SECONDS: '0',
      },
    })
    this.function.addToRolePolicy(props.mail.sendPolicy)
    // The API lists a staff member's groups with each recheck of their token (decision 156), and the committee
    // manages the staff accounts through it (decision 157).
    userPools.admins.pool.grant(this.function, ...staffAdminActions)
    this.mailDrain = new MailDrain(this, 'MailDrain', {
      config,
      functionProps: { ...functionDefaults, memorySize: 512, environment: apiEnvironment },
      handler: mailDrainHandler,
      mail: props.mail,
    })
    // Retention deletes the member accounts of erased editions (decision 161): run by hand through the API, daily
    // by the drain function's schedule.
    for (const fn of [this.function, this.mailDrain.function]) {
      userPools.members.pool.grant(fn, 'cognito-idp:AdminDeleteUser')
    }
    for (const secret of [
      databaseSecret,
      secrets.stripeSecretKey,
      secrets.stripeWebhookSecret,
      secrets.registrationCodeSigningKeys,
      secrets.vapidPublicKey,
      secrets.vapidPrivateKey,
    ]) {
      secret.grantRead(this.function)
      secret.grantRead(this.mailDrain.function)
    }

    // ANY on `/` and `/{proxy+}`, as Lambda proxy integrations: the Hono app routes, answers 404s and CORS
    // preflights itself.
    const integration = new apigw.LambdaIntegration(this.function, { allowTestInvoke: false })
    this.restApi.root.addMethod('ANY', integration)
    this.restApi.root.addProxy({ defaultIntegration: integration, anyMethod: true })
    // API Gateway would create the execution log group itself, kept forever; created here, it expires.
    this.executionLogGroup = new logs.LogGroup(this, 'ExecutionLogs', {
      logGroupName: `API-Gateway-Execution-Logs_${this.restApi.restApiId}/${apiStageName}`,
      retention: logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    })
    this.restApi.deploymentStage.node.addDependency(this.executionLogGroup)
    this.domainTarget = this.restApi.domainName?.domainNameAliasDomainName

    this.migrator = new lambda.Function(this, 'Migrator', {
      ...functionDefaults,
      description: 'Applies the database migrations at deploy time (a CloudFormation trigger)',
      handler: migrateHandler,
      memorySize: 512,
      timeout: Duration.minutes(5),
      logGroup: new logs.LogGroup(this, 'MigratorLogs', {
        retention: logRetention,
        removalPolicy: RemovalPolicy.DESTROY,
      }),
      environment: runtimeEnvironment,
    })
    databaseSecret.grantRead(this.migrator)
    // Runs after the database and its security group exist and before the API function and the mail drain
    // (same code, same schema) are updated, at every deployment whose code (or migrations) changed; a failed
    // migration fails and rolls back the deploy.
    new triggers.Trigger(this, 'MigrateOnDeploy', {
      handler: this.migrator,
      executeAfter: [database, network],
      executeBefore: [this.function, this.mailDrain.function],
      executeOnHandlerChange: true,
      timeout: Duration.minutes(5),
    })
  }
}
