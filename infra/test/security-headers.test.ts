import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { builtInlineScriptHashes, securityHeaders } from '@furfes/ui/security-headers'
import { App, Stack } from 'aws-cdk-lib'
import { Template } from 'aws-cdk-lib/assertions'
import { Bucket } from 'aws-cdk-lib/aws-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cognitoEndpoint } from '../src/api.ts'
import { StaticSite, WebDeliveryPolicies } from '../src/static-site.ts'
import { cdkJson, type Synthesised, synthesise } from './support/synth.ts'

type Resource = { Type: string; Properties: Record<string, unknown> }
type TemplateJson = { Resources: Record<string, Resource> }

interface PolicyConfig {
  SecurityHeadersConfig: {
    ContentSecurityPolicy?: { ContentSecurityPolicy: unknown; Override: boolean }
    ContentTypeOptions?: { Override: boolean }
    FrameOptions?: { FrameOption: string; Override: boolean }
    ReferrerPolicy?: { ReferrerPolicy: string; Override: boolean }
    StrictTransportSecurity?: {
      AccessControlMaxAgeSec: number
      IncludeSubdomains?: boolean
      Preload?: boolean
      Override: boolean
    }
  }
  CustomHeadersConfig?: { Items: { Header: string; Value: unknown; Override: boolean }[] }
}

/**
 * The headers CloudFront sends under a synthesised response headers policy, as a browser receives them, with
 * whether each one overrides the origin's. Cache-Control is the no-cache policy's own and is left out.
 */
function sentHeaders(config: PolicyConfig): { headers: Record<string, unknown>; overrides: boolean[] } {
  const security = config.SecurityHeadersConfig
  const headers: Record<string, unknown> = {}
  const overrides: boolean[] = []
  if (security.ContentSecurityPolicy) {
    headers['Content-Security-Policy'] = security.ContentSecurityPolicy.ContentSecurityPolicy
    overrides.push(security.ContentSecurityPolicy.Override)
  }
  if (security.ContentTypeOptions) {
    headers['X-Content-Type-Options'] = 'nosniff'
    overrides.push(security.ContentTypeOptions.Override)
  }
  if (security.FrameOptions) {
    headers['X-Frame-Options'] = security.FrameOptions.FrameOption
    overrides.push(security.FrameOptions.Override)
  }
  if (security.ReferrerPolicy) {
    headers['Referrer-Policy'] = security.ReferrerPolicy.ReferrerPolicy
    overrides.push(security.ReferrerPolicy.Override)
  }
  const hsts = security.StrictTransportSecurity
  if (hsts) {
    headers['Strict-Transport-Security'] = [
      `max-age=${hsts.AccessControlMaxAgeSec}`,
      ...(hsts.IncludeSubdomains ? ['includeSubDomains'] : []),
      ...(hsts.Preload ? ['preload'] : []),
    ].join('; ')
    overrides.push(hsts.Override)
  }
  for (const item of config.CustomHeadersConfig?.Items ?? []) {
    if (item.Header === 'Cache-Control') continue
    headers[item.Header] = item.Value
    overrides.push(item.Override)
  }
  return { headers, overrides }
}

/** The response headers policies a distribution's behaviours use, each with the paths it serves. */
function policiesOf(template: TemplateJson, distribution: Resource) {
  const config = distribution.Properties.DistributionConfig as {
    DefaultCacheBehavior: { ResponseHeadersPolicyId: { Ref: string } }
    CacheBehaviors: { PathPattern: string; ResponseHeadersPolicyId: { Ref: string } }[]
  }
  return [
    { path: '*', id: config.DefaultCacheBehavior.ResponseHeadersPolicyId.Ref },
    ...config.CacheBehaviors.map((behaviour) => ({
      path: behaviour.PathPattern,
      id: behaviour.ResponseHeadersPolicyId.Ref,
    })),
  ].map(({ path, id }) => ({
    path,
    config: (template.Resources[id] as Resource).Properties.ResponseHeadersPolicyConfig as PolicyConfig,
  }))
}

describe('the security headers CloudFront sends', () => {
  let sut: Synthesised
  beforeAll(() => {
    sut = synthesise(cdkJson.context.furfes, { full: false })
  })
  afterAll(() => sut?.cleanUp())

  it('are the definition’s headers for each app, built from the runtime config its config.json holds', () => {
    const template = sut.template.toJSON() as TemplateJson
    for (const [site, app] of [
      [sut.stack.pwa, 'pwa'],
      [sut.stack.reception, 'reception'],
    ] as const) {
      const config = site.deployedConfig
      if (!config) throw new Error(`${app} was not deployed`)
      const expected = sut.stack.resolve(
        securityHeaders({
          app,
          config,
          inlineScriptHashes: builtInlineScriptHashes(join(sut.assembly.directory, '..', app)),
          production: true,
        }),
      )
      const distribution =
        template.Resources[sut.stack.getLogicalId(site.distribution.node.defaultChild as never)]
      if (!distribution) throw new Error(`${app}: no distribution`)
      const policies = policiesOf(template, distribution)
      expect(policies.length).toBeGreaterThan(1)
      for (const policy of policies) {
        const sent = sentHeaders(policy.config)
        expect(sent.headers, `${app} ${policy.path}`).toEqual(expected)
        expect(sent.overrides.every(Boolean), `${app} ${policy.path} overrides the origin`).toBe(true)
      }
    }
  })

  it('let the apps connect to the deployed API and to Cognito in ap-northeast-1, and the reception use the camera', () => {
    const pwa = sut.stack.resolve(sut.stack.pwa.securityHeaders) as Record<string, unknown>
    const csp = JSON.stringify(pwa['Content-Security-Policy'])
    // The API's generated address is the REST API's stage URL, resolved by CloudFormation: every path below
    // the stage (a trailing slash), not the stage's own path alone.
    const restApi = sut.stack.getLogicalId(sut.stack.api.restApi.node.defaultChild as never)
    expect(csp).toContain(JSON.stringify({ Ref: restApi }))
    expect(csp).toMatch(/\/api\/ https:\/\/cognito-idp/)
    expect(csp).toContain(`${cognitoEndpoint}`)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(pwa['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains')
    expect(pwa['Permissions-Policy']).toMatch(/^camera=\(\),/)
    expect(sut.stack.reception.securityHeaders['Permissions-Policy']).toMatch(/^camera=\(self\),/)
  })
})

describe('a site whose build has an inline script', () => {
  const folder = mkdtempSync(join(tmpdir(), 'furfes-infra-csp-'))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  function site(deploy: boolean) {
    const dist = join(folder, 'dist')
    mkdirSync(dist, { recursive: true })
    writeFileSync(join(dist, 'index.html'), '<!doctype html><script></script><script src="/a.js"></script>')
    writeFileSync(join(dist, 'sw.js'), '')
    const app = new App({ outdir: join(folder, 'cdk.out'), context: cdkJson.context })
    const stack = new Stack(app, 'Site', { env: { region: 'ap-northeast-1' } })
    const sut = new StaticSite(stack, 'Pwa', {
      app: 'pwa',
      distDir: dist,
      policies: new WebDeliveryPolicies(stack, 'WebDelivery'),
      prerendered: true,
      logBucket: new Bucket(stack, 'Logs'),
    })
    if (deploy) {
      sut.deploy({
        apiUrl: 'https://api.furfes.example',
        pwaUrl: 'https://www.furfes.example',
        receptionUrl: 'https://reception.furfes.example',
        contactUrl: 'https://forms.furfes.example',
        cognito: {
          region: 'ap-northeast-1',
          endpoint: cognitoEndpoint,
          members: { userPoolId: 'ap-northeast-1_members', clientId: 'members' },
          admins: { userPoolId: 'ap-northeast-1_admins', clientId: 'admins' },
        },
        sentry: { dsn: 'https://key@o1.ingest.sentry.io/2', tracingTargets: [] },
      })
    }
    return stack
  }

  it('allows that script by its hash, connects to error reporting and reports violations to it', () => {
    const template = Template.fromStack(site(true)).toJSON() as TemplateJson
    const policies = Object.values(template.Resources).filter(
      (resource) => resource.Type === 'AWS::CloudFront::ResponseHeadersPolicy',
    )
    expect(policies).toHaveLength(2)
    for (const policy of policies) {
      const csp = (policy.Properties.ResponseHeadersPolicyConfig as PolicyConfig).SecurityHeadersConfig
        .ContentSecurityPolicy?.ContentSecurityPolicy as string
      expect(csp).toContain("script-src 'self' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='; ")
      expect(csp).toContain(
        `connect-src 'self' https://api.furfes.example ${cognitoEndpoint} https://o1.ingest.sentry.io; `,
      )
      expect(csp).toContain('report-uri https://o1.ingest.sentry.io/api/2/security/?sentry_key=key')
    }
  })

  it('refuses to synthesise a policy without the runtime config', () => {
    expect(() => Template.fromStack(site(false))).toThrow('call deploy() with the runtime config')
  })
})
