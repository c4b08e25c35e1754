import { Duration, RemovalPolicy } from 'aws-cdk-lib'
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch'
import * as events from 'aws-cdk-lib/aws-events'
import * as targets from 'aws-cdk-lib/aws-events-targets'
import * as iam from 'aws-cdk-lib/aws-iam'
import * as lambda from 'aws-cdk-lib/aws-lambda'
import * as logs from 'aws-cdk-lib/aws-logs'
import * as ses from 'aws-cdk-lib/aws-ses'
import { Construct } from 'constructs'
import { type FurfesConfig, region } from './config.ts'

/** CloudWatch namespace and metric names the drain function writes (Embedded Metric Format, runtime/mail.ts). */
export const mailMetrics = {
  namespace: 'Furfes/Mail',
  pending: 'OutboxPending',
  oldestPendingSeconds: 'OutboxOldestPendingSeconds',
  failed: 'OutboxFailed',
} as const

/** The sender address's domain: what SES verifies, with DKIM, so receivers trust our mail. */
const senderDomain = (config: FurfesConfig) => config.email.fromAddress.split('@')[1] ?? ''

/**
 * Outgoing mail (decisions 100 and 101): the SES identity of the sender domain with Easy DKIM, a configuration
 * set (TLS required, bounces and complaints suppressed, reputation tracked), and a policy that lets a function
 * send from that identity through that configuration set and nothing else.
 */
export class MailSending extends Construct {
  readonly identity: ses.EmailIdentity
  readonly configurationSet: ses.ConfigurationSet
  readonly sendPolicy: iam.PolicyStatement

  constructor(scope: Construct, id: string, props: { config: FurfesConfig }) {
    super(scope, id)
    const { config } = props
    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: `furfes-${config.stage}-mail`,
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      sendingEnabled: true,
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    })
    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity: ses.Identity.domain(senderDomain(config)),
      dkimSigning: true,
      dkimIdentity: ses.DkimIdentity.easyDkim(ses.EasyDkimSigningKeyLength.RSA_2048_BIT),
      configurationSet: this.configurationSet,
    })
    this.identity.applyRemovalPolicy(RemovalPolicy.RETAIN)
    const account = this.identity.stack.account
    this.sendPolicy = new iam.PolicyStatement({
      actions: ['ses:SendEmail', 'ses:SendRawEmail'],
      resources: [
        `arn:aws:ses:${region}:${account}:identity/${senderDomain(config)}`,
        `arn:aws:ses:${region}:${account}:configuration-set/${this.configurationSet.configurationSetName}`,
      ],
      // Only as our sender: a compromised function cannot send as another address of the domain.
      conditions: { StringEquals: { 'ses:FromAddress': config.email.fromAddress } },
    })
  }

  /** The API's mail settings for a function that sends (MAIL_* in apps/api/.env.example). */
  environment(config: FurfesConfig): Record<string, string> {
    const name = config.email.fromName ?? 'Tokyo Furry Fes'
    return {
      MAIL_TRANSPORT: 'ses',
      MAIL_SES_REGION: region,
      MAIL_SES_CONFIGURATION_SET: this.configurationSet.configurationSetName,
      MAIL_FROM: `"${name.replaceAll('"', '')}" <${config.email.fromAddress}>`,
      ...(config.email.replyTo ? { MAIL_REPLY_TO: config.email.replyTo } : {}),
    }
  }
}

/**
 * On Lambda nothing runs between requests, so a scheduled function drains the outbox every minute (the API's own
 * timer is off there) and reports what is still owed; an alarm fires when mail waits too long or the reports
 * stop coming.
 */
export class MailDrain extends Construct {
  readonly function: lambda.Function
  readonly rule: events.Rule
  readonly retentionRule: events.Rule
  readonly backlogAlarm: cloudwatch.Alarm

  constructor(
    scope: Construct,
    id: string,
    props: {
      config: FurfesConfig
      functionProps: Omit<lambda.FunctionProps, 'handler' | 'logGroup'>
      handler: string
      mail: MailSending
      /** Minutes the oldest owed mail may wait before the alarm fires. */
      maxAgeMinutes?: number
    },
  ) {
    super(scope, id)
    const { config } = props
    this.function = new lambda.Function(this, 'Function', {
      ...props.functionProps,
      description: 'Sends the mail the outbox owes (every minute) and reports the backlog',
      handler: props.handler,
      // One drain at a time: two would only compete for the same rows.
      reservedConcurrentExecutions: 1,
      timeout: Duration.seconds(50),
      logGroup: new logs.LogGroup(this, 'Logs', {
        retention: logs.RetentionDays.THREE_MONTHS,
        removalPolicy: RemovalPolicy.DESTROY,
      }),
    })
    this.function.addToRolePolicy(props.mail.sendPolicy)
    this.rule = new events.Rule(this, 'Schedule', {
      description: 'Drain the mail outbox',
      schedule: events.Schedule.rate(Duration.minutes(1)),
      targets: [new targets.LambdaFunction(this.function, { retryAttempts: 0 })],
    })
    // The same function erases the personal data of editions whose retention period ended (decision 161), once
    // a day at 03:00 in Japan: the API's own daily timer is off on Lambda.
    this.retentionRule = new events.Rule(this, 'RetentionSchedule', {
      description: 'Erase the personal data of editions whose retention period has ended',
      schedule: events.Schedule.cron({ minute: '0', hour: '18' }),
      targets: [
        new targets.LambdaFunction(this.function, {
          event: events.RuleTargetInput.fromObject({ task: 'retention' }),
          retryAttempts: 0,
        }),
      ],
    })
    const maxAgeMinutes = props.maxAgeMinutes ?? 15
    this.backlogAlarm = new cloudwatch.Metric({
      namespace: mailMetrics.namespace,
      metricName: mailMetrics.oldestPendingSeconds,
      dimensionsMap: { Stage: config.stage },
      period: Duration.minutes(5),
      statistic: cloudwatch.Stats.MAXIMUM,
    }).createAlarm(this, 'BacklogAlarm', {
      alarmName: `furfes-${config.stage}-mail-backlog`,
      alarmDescription: `Mail owed to participants has waited over ${maxAgeMinutes} minutes, or the drain stopped reporting`,
      threshold: maxAgeMinutes * 60,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      // No report at all means the drain is not running: that is mail piling up too.
      treatMissingData: cloudwatch.TreatMissingData.BREACHING,
    })
  }
}
