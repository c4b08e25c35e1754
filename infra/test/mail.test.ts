import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Synthesised, synthesise } from './support/synth.ts'

type Resource = { Type: string; Properties: Record<string, unknown> }

let sut: Synthesised
const resources = (type: string) => Object.values(sut.template.findResources(type)) as unknown as Resource[]
const functionNamed = (description: RegExp) => {
  const found = resources('AWS::Lambda::Function').filter((fn) =>
    description.test(String(fn.Properties.Description)),
  )
  expect(found).toHaveLength(1)
  return found[0] as Resource
}
const policiesText = () => JSON.stringify(resources('AWS::IAM::Policy'))

beforeAll(() => {
  sut = synthesise({
    stage: 'prod',
    contactUrl: 'https://forms.example/contact',
    email: {
      fromAddress: 'no-reply@mail.furfes.test',
      fromName: 'Tokyo Furry Fes',
      replyTo: 'help@furfes.test',
    },
  })
})
afterAll(() => sut?.cleanUp())

describe('mail through Amazon SES', () => {
  it('verifies the sender domain with Easy DKIM and sends through a configuration set that requires TLS', () => {
    const [identity] = resources('AWS::SES::EmailIdentity')
    expect(identity?.Properties).toMatchObject({
      EmailIdentity: 'mail.furfes.test',
      DkimAttributes: { SigningEnabled: true },
      DkimSigningAttributes: { NextSigningKeyLength: 'RSA_2048_BIT' },
      ConfigurationSetAttributes: { ConfigurationSetName: expect.anything() },
    })
    const [configurationSet] = resources('AWS::SES::ConfigurationSet')
    expect(configurationSet?.Properties).toMatchObject({
      Name: 'furfes-prod-mail',
      DeliveryOptions: { TlsPolicy: 'REQUIRE' },
      ReputationOptions: { ReputationMetricsEnabled: true },
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    })
  })

  it('lets the API and the drain send only from our address, on our identity and configuration set', () => {
    const statements = resources('AWS::IAM::Policy').flatMap(
      (policy) =>
        (
          policy.Properties.PolicyDocument as {
            Statement: { Action: unknown; Resource: unknown; Condition?: unknown }[]
          }
        ).Statement,
    )
    const ses = statements.filter((statement) => JSON.stringify(statement.Action).includes('ses:'))
    expect(ses.length).toBe(2)
    for (const statement of ses) {
      expect(statement.Action).toEqual(['ses:SendEmail', 'ses:SendRawEmail'])
      expect(JSON.stringify(statement.Resource)).toContain(':identity/mail.furfes.test')
      expect(JSON.stringify(statement.Resource)).toMatch(
        /:configuration-set\/",\{"Ref":"MailConfigurationSet/,
      )
      expect(JSON.stringify(statement.Resource)).not.toContain('"*"')
      expect(statement.Condition).toEqual({
        StringEquals: { 'ses:FromAddress': 'no-reply@mail.furfes.test' },
      })
    }
    expect(policiesText()).not.toMatch(/"ses:\*"/)
  })

  it('configures the API to send through SES, with the drain timer off on Lambda', () => {
    const api = functionNamed(/^The Hono API/)
    expect((api.Properties.Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({
      MAIL_TRANSPORT: 'ses',
      MAIL_SES_REGION: 'ap-northeast-1',
      MAIL_SES_CONFIGURATION_SET: expect.anything(),
      MAIL_FROM: '"Tokyo Furry Fes" <no-reply@mail.furfes.test>',
      MAIL_REPLY_TO: 'help@furfes.test',
      MAIL_DRAIN_INTERVAL_MS: '0',
    })
  })

  it('drains the outbox every minute with one bundled function at a time', () => {
    const drain = functionNamed(/outbox/)
    expect(drain.Properties).toMatchObject({ Handler: 'dist/mail.handler', ReservedConcurrentExecutions: 1 })
    const [rule] = resources('AWS::Events::Rule')
    expect(rule?.Properties).toMatchObject({ ScheduleExpression: 'rate(1 minute)', State: 'ENABLED' })
    expect(existsSync(join(sut.assembly.directory))).toBe(true)
  })

  it('runs retention once a day at 03:00 in Japan through the same function, with its timer off in the API', () => {
    const retention = resources('AWS::Events::Rule').find((rule) =>
      String(rule.Properties.Description).includes('retention'),
    )
    expect(retention?.Properties).toMatchObject({
      ScheduleExpression: 'cron(0 18 * * ? *)',
      State: 'ENABLED',
    })
    const targets = (retention?.Properties.Targets ?? []) as { Input: string }[]
    expect(targets.map((target) => JSON.parse(target.Input))).toEqual([{ task: 'retention' }])
    const api = functionNamed(/^The Hono API/)
    expect((api.Properties.Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({
      RETENTION_INTERVAL_SECONDS: '0',
    })
  })

  it('raises an alarm when owed mail waits over 15 minutes or the drain stops reporting', () => {
    const alarms = resources('AWS::CloudWatch::Alarm').filter(
      (alarm) => alarm.Properties.AlarmName === 'furfes-prod-mail-backlog',
    )
    expect(alarms).toHaveLength(1)
    expect(alarms[0]?.Properties).toMatchObject({
      Namespace: 'Furfes/Mail',
      MetricName: 'OutboxOldestPendingSeconds',
      Threshold: 900,
      ComparisonOperator: 'GreaterThanThreshold',
      TreatMissingData: 'breaching',
      AlarmActions: [expect.anything()],
    })
  })

  it('sends Cognito verification codes through SES from the same address', () => {
    const pools = resources('AWS::Cognito::UserPool')
    expect(pools).toHaveLength(2)
    for (const pool of pools) {
      expect(pool.Properties.EmailConfiguration).toMatchObject({
        EmailSendingAccount: 'DEVELOPER',
        From: 'Tokyo Furry Fes <no-reply@mail.furfes.test>',
        ReplyToEmailAddress: 'help@furfes.test',
      })
    }
  })
})
