import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Synthesised, synthesise } from './support/synth.ts'

type Resource = { Type: string; Properties: Record<string, unknown> }

const certificate = (region: string, id: string) => `arn:aws:acm:${region}:123456789012:certificate/${id}`

/** The optional settings: custom domains, SES for Cognito's e-mails, an alarm recipient, error reporting. */
const config = {
  stage: 'prod',
  contactUrl: 'https://forms.example.org/contact',
  domains: {
    pwa: { domainName: 'www.furfes.example', certificateArn: certificate('us-east-1', 'pwa') },
    reception: {
      domainName: 'reception.furfes.example',
      certificateArn: certificate('us-east-1', 'reception'),
    },
    api: { domainName: 'api.furfes.example', certificateArn: certificate('ap-northeast-1', 'api') },
  },
  email: { fromAddress: 'no-reply@furfes.example', fromName: 'Furry Fes' },
  alarmEmail: 'ops@furfes.example',
  sentry: { dsn: 'https://key@o1.ingest.sentry.io/1', tracingTargets: ['api.furfes.example'] },
}

let sut: Synthesised
const resources = (type: string) => Object.values(sut.template.findResources(type)) as Resource[]

beforeAll(() => {
  // Only the wiring of the optional settings is under test here; stack.test.ts bundles and validates.
  sut = synthesise(config, { full: false })
})
afterAll(() => sut?.cleanUp())

describe('with custom domains', () => {
  it('serves each web app on its own name with its us-east-1 certificate', () => {
    const byAlias = Object.fromEntries(
      resources('AWS::CloudFront::Distribution').map((distribution) => {
        const distributionConfig = distribution.Properties.DistributionConfig as {
          Aliases: string[]
          ViewerCertificate: Record<string, unknown>
        }
        return [distributionConfig.Aliases.join(), distributionConfig.ViewerCertificate]
      }),
    )
    expect(byAlias).toEqual({
      'www.furfes.example': {
        AcmCertificateArn: config.domains.pwa.certificateArn,
        MinimumProtocolVersion: 'TLSv1.2_2021',
        SslSupportMethod: 'sni-only',
      },
      'reception.furfes.example': {
        AcmCertificateArn: config.domains.reception.certificateArn,
        MinimumProtocolVersion: 'TLSv1.2_2021',
        SslSupportMethod: 'sni-only',
      },
    })
  })

  it('maps the API domain to the API and tells the API and the apps the public names', () => {
    sut.template.hasResourceProperties('AWS::ApiGateway::DomainName', {
      DomainName: 'api.furfes.example',
      RegionalCertificateArn: config.domains.api.certificateArn,
      EndpointConfiguration: { Types: ['REGIONAL'] },
      SecurityPolicy: 'TLS_1_2',
    })
    // The domain's root is the stage: no stage name in the paths, unlike API Gateway's own URL.
    const [mapping, ...others] = resources('AWS::ApiGateway::BasePathMapping')
    expect(others).toHaveLength(0)
    expect(mapping?.Properties).not.toHaveProperty('BasePath')
    expect(JSON.stringify(mapping?.Properties.Stage)).toContain('DeploymentStageapi')
    const api = resources('AWS::Lambda::Function').find((fn) => fn.Properties.Handler === 'dist/api.handler')
    expect(api?.Properties.Environment).toMatchObject({
      Variables: {
        API_URL: 'https://api.furfes.example',
        PWA_URL: 'https://www.furfes.example',
        RECEPTION_URL: 'https://reception.furfes.example',
      },
    })
    expect(sut.template.toJSON().Outputs).toHaveProperty('ApiDomainTarget')
  })

  it('sends Cognito e-mails through SES in ap-northeast-1, in Japanese and English', () => {
    for (const pool of resources('AWS::Cognito::UserPool')) {
      expect(pool.Properties.EmailConfiguration).toMatchObject({
        EmailSendingAccount: 'DEVELOPER',
        From: 'Furry Fes <no-reply@furfes.example>',
      })
      expect(JSON.stringify(pool.Properties.EmailConfiguration)).toContain(':ses:ap-northeast-1:')
    }
    const members = resources('AWS::Cognito::UserPool').find((pool) =>
      String(pool.Properties.UserPoolName).endsWith('members'),
    )
    expect(members?.Properties.VerificationMessageTemplate).toMatchObject({
      EmailMessage: expect.stringMatching(/確認コード.*\{####\}[\s\S]*verification code is \{####\}/),
    })
  })

  it("passes cdk-nag's AwsSolutions pack with the optional settings too", () => {
    expect(sut.nagFindings()).toEqual([])
  })

  it('mails the alarms to the operators', () => {
    sut.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@furfes.example',
    })
  })
})
