import { Duration } from 'aws-cdk-lib'
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch'
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions'
import * as logs from 'aws-cdk-lib/aws-logs'
import * as sns from 'aws-cdk-lib/aws-sns'
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions'
import { Construct } from 'constructs'
import { type Api, stripeWebhookPath } from './api.ts'
import type { FurfesConfig } from './config.ts'
import type { Database } from './database.ts'

const metricNamespace = 'Furfes'

/**
 * The API logs one JSON line per request (`{"msg":"request","path":…,"status":…}`, apps/api/src/app.ts). A
 * webhook answered with anything but 2xx is one Stripe will retry and, after days, give up on: the payment
 * would never mark the registration paid. Counting those answers catches every cause at once: a wrong
 * signing secret (400), a bug (500), a database outage, a timeout.
 */
const webhookFailurePattern = `{ ($.msg = "request") && ($.path = "${stripeWebhookPath}") && ($.status >= 400) }`

/** Alarms (decision 080), all sent to one SNS topic. */
export class Monitoring extends Construct {
  readonly topic: sns.Topic
  readonly api5xx: cloudwatch.Alarm
  readonly webhookFailures: cloudwatch.Alarm

  /** Sends an alarm's changes (to ALARM and back to OK) to the alarm topic. */
  notify(alarm: cloudwatch.Alarm): cloudwatch.Alarm {
    alarm.addAlarmAction(new actions.SnsAction(this.topic))
    alarm.addOkAction(new actions.SnsAction(this.topic))
    return alarm
  }

  constructor(scope: Construct, id: string, props: { config: FurfesConfig; api: Api; database: Database }) {
    super(scope, id)
    const { config, api, database } = props
    const name = (alarm: string) => `furfes-${config.stage}-${alarm}`
    this.topic = new sns.Topic(this, 'Alarms', {
      displayName: `furfes ${config.stage} alarms`,
      // Publishing over plain HTTP is refused (decision 082); CloudWatch alarms publish over TLS anyway.
      enforceSSL: true,
    })
    if (config.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(config.alarmEmail))
    const minute = Duration.minutes(1)
    /**
     * An alarm named furfes-<stage>-<name>, sent to the topic. Unless said otherwise it fires on one period at
     * or above the threshold, and a period without data raises nothing.
     */
    const alarm = (
      id: string,
      metric: cloudwatch.Metric,
      options: { name: string } & Omit<cloudwatch.CreateAlarmOptions, 'alarmName' | 'evaluationPeriods'> &
        Partial<Pick<cloudwatch.CreateAlarmOptions, 'evaluationPeriods'>>,
    ) => {
      const { name: alarmName, ...rest } = options
      return this.notify(
        metric.createAlarm(this, id, {
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
          ...rest,
          alarmName: name(alarmName),
        }),
      )
    }

    // Every 5xx API Gateway answered: the API's own 500s, and Lambda errors, timeouts and throttles.
    this.api5xx = alarm(
      'Api5xx',
      api.restApi.metricServerError({ period: minute, statistic: cloudwatch.Stats.SUM }),
      {
        name: 'api-5xx',
        alarmDescription: `The API answered ${config.monitoring.api5xxPerMinute} or more 5xx in a minute`,
        threshold: config.monitoring.api5xxPerMinute,
      },
    )

    const webhookFailures = new logs.MetricFilter(this, 'WebhookFailureFilter', {
      logGroup: api.logGroup,
      filterPattern: logs.FilterPattern.literal(webhookFailurePattern),
      metricNamespace,
      metricName: 'StripeWebhookFailures',
      metricValue: '1',
      defaultValue: 0,
    })
    this.webhookFailures = alarm(
      'WebhookFailures',
      webhookFailures.metric({ period: Duration.minutes(5), statistic: cloudwatch.Stats.SUM }),
      {
        name: 'stripe-webhook-failures',
        alarmDescription: `A Stripe webhook (${stripeWebhookPath}) was answered with 4xx or 5xx`,
        threshold: 1,
      },
    )

    // Reserved concurrency reached: requests are being turned away before the API sees them.
    alarm('ApiThrottles', api.function.metricThrottles({ period: minute, statistic: cloudwatch.Stats.SUM }), {
      name: 'api-throttles',
      alarmDescription: 'The API reached its reserved concurrency (api.reservedConcurrency)',
      threshold: 1,
    })
    alarm('DatabaseCpu', database.instance.metricCPUUtilization({ period: Duration.minutes(5) }), {
      name: 'database-cpu',
      alarmDescription: 'The database CPU stayed above 80 % for 15 minutes',
      threshold: 80,
      evaluationPeriods: 3,
    })
    alarm('DatabaseStorage', database.instance.metricFreeStorageSpace({ period: Duration.minutes(5) }), {
      name: 'database-storage',
      alarmDescription: 'Less than 2 GiB of database storage left',
      threshold: 2 * 1024 ** 3,
      comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.BREACHING,
    })
  }
}
