import { CfnOutput, Stack, type StackProps, Tags } from 'aws-cdk-lib'
import type { Construct } from 'constructs'
import { acknowledgeFindings } from './acknowledgements.ts'
import { Api, cognitoEndpoint, stripeWebhookPath } from './api.ts'
import { UserPools } from './auth.ts'
import { type FurfesConfig, region } from './config.ts'
import { Database, Network } from './database.ts'
import { ApiFirewall, SignInFirewall } from './firewall.ts'
import { LogBucket } from './log-bucket.ts'
import { MailSending } from './mail.ts'
import { Monitoring } from './monitoring.ts'
import { ApiSecrets } from './secrets.ts'
import { StaticSite, WebDeliveryPolicies } from './static-site.ts'

export interface FurfesStackProps extends StackProps {
  config: FurfesConfig
  /** The build outputs of apps/pwa and apps/reception. */
  webApps: { pwaDist: string; receptionDist: string }
}

/**
 * The whole platform in one stack (decision 080): Cognito, the API and its database, the two web apps and
 * their alarms. One stack keeps the wiring (pool ids, URLs, secret ARNs) in one template, with no exports
 * between stacks to untangle later.
 */
export class FurfesStack extends Stack {
  readonly config: FurfesConfig
  readonly logs: LogBucket
  readonly userPools: UserPools
  readonly signInFirewall: SignInFirewall
  readonly network: Network
  readonly database: Database
  readonly secrets: ApiSecrets
  readonly api: Api
  readonly apiFirewall: ApiFirewall
  readonly mail: MailSending
  readonly pwa: StaticSite
  readonly reception: StaticSite
  readonly monitoring: Monitoring

  constructor(scope: Construct, id: string, props: FurfesStackProps) {
    if (props.env?.region && props.env.region !== region) {
      throw new Error(
        `The platform runs in ${region} (Cognito's region in the spec), not ${props.env.region}`,
      )
    }
    super(scope, id, { ...props, env: { ...props.env, region } })
    const { config } = props
    this.config = config
    Tags.of(this).add('project', 'furfes')
    Tags.of(this).add('stage', config.stage)

    this.logs = new LogBucket(this, 'AccessLogs')
    this.userPools = new UserPools(this, 'UserPools', config)
    this.signInFirewall = new SignInFirewall(this, 'SignInFirewall', {
      config,
      pools: [this.userPools.members.pool, this.userPools.admins.pool],
    })
    this.network = new Network(this, 'Network', config, this.logs.bucket)
    this.database = new Database(this, 'Database', { config, network: this.network })
    this.secrets = new ApiSecrets(this, 'Secrets', config)
    this.mail = new MailSending(this, 'Mail', { config })

    // The sites' URLs come first: the API needs them (CORS, checkout return URLs), and each site's
    // config.json needs the API's URL and the other site's.
    const policies = new WebDeliveryPolicies(this, 'WebDelivery')
    const site = (id: string, app: 'pwa' | 'reception', distDir: string, prerendered: boolean) => {
      const domain = config.domains[app]
      return new StaticSite(this, id, {
        app,
        distDir,
        policies,
        prerendered,
        logBucket: this.logs.bucket,
        ...(domain ? { domain } : {}),
      })
    }
    this.pwa = site('Pwa', 'pwa', props.webApps.pwaDist, true)
    this.reception = site('Reception', 'reception', props.webApps.receptionDist, false)
    this.api = new Api(this, 'Api', {
      config,
      network: this.network,
      database: this.database,
      userPools: this.userPools,
      secrets: this.secrets,
      mail: this.mail,
      pwaUrl: this.pwa.url,
      receptionUrl: this.reception.url,
    })
    this.apiFirewall = new ApiFirewall(this, 'ApiFirewall', {
      config,
      stage: this.api.restApi.deploymentStage,
      webhookPath: stripeWebhookPath,
    })

    const runtimeConfig = {
      apiUrl: this.api.url,
      pwaUrl: this.pwa.url,
      receptionUrl: this.reception.url,
      contactUrl: config.contactUrl,
      cognito: {
        region,
        endpoint: cognitoEndpoint,
        members: {
          userPoolId: this.userPools.members.pool.userPoolId,
          clientId: this.userPools.members.client.userPoolClientId,
        },
        admins: {
          userPoolId: this.userPools.admins.pool.userPoolId,
          clientId: this.userPools.admins.client.userPoolClientId,
        },
      },
      ...(config.sentry ? { sentry: config.sentry } : {}),
    }
    this.pwa.deploy(runtimeConfig)
    this.reception.deploy(runtimeConfig)

    this.monitoring = new Monitoring(this, 'Monitoring', { config, api: this.api, database: this.database })
    this.monitoring.notify(this.api.mailDrain.backlogAlarm)

    const output = (name: string, value: string, description: string) =>
      new CfnOutput(this, name, { value, description })
    output('ApiUrl', this.api.url, 'Base URL of the API (Stripe webhook: <ApiUrl>/webhooks/stripe)')
    output('PwaUrl', this.pwa.url, 'The participants web app')
    output('ReceptionUrl', this.reception.url, 'The reception app for staff')
    output('PwaDistributionDomain', this.pwa.distribution.distributionDomainName, 'CNAME target for the PWA')
    output(
      'ReceptionDistributionDomain',
      this.reception.distribution.distributionDomainName,
      'CNAME target for the reception app',
    )
    if (this.api.domainTarget) {
      output('ApiDomainTarget', this.api.domainTarget, `CNAME target for ${config.domains.api?.domainName}`)
    }
    output('MembersUserPoolId', this.userPools.members.pool.userPoolId, 'Cognito members pool')
    output('AdminsUserPoolId', this.userPools.admins.pool.userPoolId, 'Cognito admins pool')
    output('ApiFunctionName', this.api.function.functionName, 'The API Lambda function')
    output('DatabaseInstanceId', this.database.instance.instanceIdentifier, 'The RDS instance')
    output('DatabaseSecretArn', this.database.instance.secret?.secretArn ?? '', 'Database credentials')
    output(
      'MailIdentity',
      this.mail.identity.emailIdentityName,
      'SES identity: publish its three DKIM CNAMEs',
    )
    output('AlarmTopicArn', this.monitoring.topic.topicArn, 'SNS topic of the alarms')

    // Last, once every construct exists: the cdk-nag findings kept on purpose (decision 082).
    acknowledgeFindings(this)
  }
}
