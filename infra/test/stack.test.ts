import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { App } from 'aws-cdk-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveConfig } from '../src/config.ts'
import { FurfesStack } from '../src/stack.ts'
import { revalidatedPaths } from '../src/static-site.ts'
import { type Synthesised, synthesise } from './support/synth.ts'

type Resource = { Type: string; Properties: Record<string, unknown>; DependsOn?: string[] }

/** CloudFront's managed "CachingDisabled" cache policy. */
const cachingDisabledPolicyId = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad'

let sut: Synthesised
const resources = (type: string) => sut.template.findResources(type) as Record<string, Resource>
const only = (type: string, match?: Record<string, unknown>): [string, Resource] => {
  const found = Object.entries(sut.template.findResources(type, match ? { Properties: match } : undefined))
  expect(found).toHaveLength(1)
  return found[0] as [string, Resource]
}
const logicalIdOf = (type: string, pathFragment: string): string => {
  const ids = Object.keys(resources(type)).filter((id) => id.includes(pathFragment))
  expect(ids, `${type} named like ${pathFragment}`).toHaveLength(1)
  return ids[0] as string
}

beforeAll(() => {
  sut = synthesise()
  console.info(`infra: the stack synthesised in ${Math.round(sut.synthMs)} ms`)
})
afterAll(() => sut?.cleanUp())

describe('synthesis', () => {
  it('synthesises offline with no warning, no error and a clean CloudFormation validation', () => {
    const artifact = sut.assembly.getStackArtifact(sut.stack.artifactId)
    const problems = artifact.messages.filter((message) => message.level !== 'info')
    expect(problems.map((message) => `${message.id}: ${String(message.entry.data)}`)).toEqual([])
    const report = JSON.parse(
      readFileSync(join(sut.assembly.directory, 'validation-report.json'), 'utf8'),
    ) as {
      pluginReports: { pluginName: string; conclusion: string; violations: unknown[] }[]
    }
    expect(report.pluginReports.length).toBeGreaterThan(0)
    for (const plugin of report.pluginReports) {
      expect(plugin, plugin.pluginName).toMatchObject({ conclusion: 'success', violations: [] })
    }
  })

  it("passes cdk-nag's AwsSolutions pack: every finding is fixed or acknowledged with a reason", () => {
    expect(sut.nagFindings()).toEqual([])
  })

  it('deploys to ap-northeast-1 only', () => {
    expect(sut.stack.region).toBe('ap-northeast-1')
    expect(
      () =>
        new FurfesStack(new App(), 'Elsewhere', {
          config: resolveConfig(),
          env: { region: 'us-east-1' },
          webApps: { pwaDist: '/nonexistent', receptionDist: '/nonexistent' },
        }),
    ).toThrow(/ap-northeast-1/)
  })
})

describe('Cognito user pools', () => {
  const pools = () => resources('AWS::Cognito::UserPool')

  it('has a members pool open to sign-up and an admins pool for invited staff only', () => {
    const byName = Object.fromEntries(
      Object.values(pools()).map((pool) => [pool.Properties.UserPoolName, pool.Properties]),
    )
    expect(Object.keys(byName).sort()).toEqual(['furfes-prod-admins', 'furfes-prod-members'])
    expect(byName['furfes-prod-members']).toMatchObject({
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
    })
    expect(byName['furfes-prod-admins']).toMatchObject({
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
    })
  })

  it('signs in by e-mail, verifies it, and keeps the old address until a new one is verified', () => {
    for (const pool of Object.values(pools())) {
      expect(pool.Properties).toMatchObject({
        UsernameAttributes: ['email'],
        UsernameConfiguration: { CaseSensitive: false },
        AutoVerifiedAttributes: ['email'],
        UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
        MfaConfiguration: 'OFF',
        DeletionProtection: 'ACTIVE',
      })
    }
  })

  it('enforces the password policy of the spec: at least 8 characters', () => {
    for (const pool of Object.values(pools())) {
      expect(pool.Properties.Policies).toEqual({
        PasswordPolicy: {
          MinimumLength: 8,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
          TemporaryPasswordValidityDays: 7,
        },
      })
    }
  })

  it('keeps the pools when the stack is deleted', () => {
    for (const id of Object.keys(pools())) {
      expect(sut.template.toJSON().Resources[id]).toMatchObject({ DeletionPolicy: 'Retain' })
    }
  })

  it('gives each pool one public client: password and refresh flows only, user existence hidden', () => {
    const clients = resources('AWS::Cognito::UserPoolClient')
    expect(Object.keys(clients)).toHaveLength(2)
    for (const client of Object.values(clients)) {
      expect(client.Properties).toMatchObject({
        GenerateSecret: false,
        PreventUserExistenceErrors: 'ENABLED',
        EnableTokenRevocation: true,
        AccessTokenValidity: 60,
        IdTokenValidity: 60,
        TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
      })
      expect([...(client.Properties.ExplicitAuthFlows as string[])].sort()).toEqual([
        'ALLOW_REFRESH_TOKEN_AUTH',
        'ALLOW_USER_PASSWORD_AUTH',
      ])
      expect(client.Properties.AllowedOAuthFlows).toBeUndefined()
    }
  })

  it("configures the clients as the Cognito emulator's pools.json does (user existence, password policy)", () => {
    const emulatorPools = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../apps/cognito-emulator/pools.json'), 'utf8'),
    ) as { pools: { preventUserExistenceErrors?: string; passwordPolicy?: { minimumLength?: number } }[] }
    const clients = Object.values(resources('AWS::Cognito::UserPoolClient'))
    for (const pool of emulatorPools.pools) {
      // Left out, both Cognito and the emulator mean LEGACY.
      const emulated = pool.preventUserExistenceErrors ?? 'LEGACY'
      for (const client of clients) expect(client.Properties.PreventUserExistenceErrors).toBe(emulated)
      for (const userPool of Object.values(pools())) {
        expect(userPool.Properties).toMatchObject({
          Policies: { PasswordPolicy: { MinimumLength: pool.passwordPolicy?.minimumLength } },
        })
      }
    }
  })

  it("defines the staff groups in the admins pool only, as the Cognito emulator's pools.json does", () => {
    const emulatorPools = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../apps/cognito-emulator/pools.json'), 'utf8'),
    ) as { pools: { name: string; groups?: { name: string; description?: string; precedence?: number }[] }[] }
    const emulated = emulatorPools.pools.find((pool) => pool.name === 'admins')?.groups ?? []
    const groups = Object.values(resources('AWS::Cognito::UserPoolGroup')).map(({ Properties }) => Properties)

    expect(
      groups.map(({ GroupName, Description, Precedence }) => ({
        name: GroupName,
        description: Description,
        precedence: Precedence,
      })),
    ).toEqual(emulated)
    for (const group of groups)
      expect(group.UserPoolId).toEqual({ Ref: logicalIdOf('AWS::Cognito::UserPool', 'Admins') })
  })

  it('keeps members signed in for 30 days and staff tablets for 7', () => {
    const refreshDays = (pool: string) => {
      const [, client] = only('AWS::Cognito::UserPoolClient', {
        UserPoolId: { Ref: logicalIdOf('AWS::Cognito::UserPool', pool) },
      })
      return (client.Properties.RefreshTokenValidity as number) / 60 / 24
    }
    expect(refreshDays('Members')).toBe(30)
    expect(refreshDays('Admins')).toBe(7)
  })
})

describe('the database', () => {
  it('is PostgreSQL, private, encrypted, backed up and protected from deletion', () => {
    const [id, database] = only('AWS::RDS::DBInstance')
    expect(database.Properties).toMatchObject({
      Engine: 'postgres',
      PubliclyAccessible: false,
      StorageEncrypted: true,
      MultiAZ: true,
      BackupRetentionPeriod: 14,
      DeleteAutomatedBackups: false,
      DeletionProtection: true,
      Port: '5432',
    })
    expect(sut.template.toJSON().Resources[id]).toMatchObject({ DeletionPolicy: 'Snapshot' })
  })

  it('keeps its PostgreSQL log three months, well inside the one-year deletion date', () => {
    const [, retention] = only('Custom::LogRetention')
    expect(JSON.stringify(retention.Properties.LogGroupName)).toMatch(/\/aws\/rds\/instance\/.*\/postgresql/)
    expect(retention.Properties.RetentionInDays).toBe(90)
    for (const logGroup of Object.values(resources('AWS::Logs::LogGroup'))) {
      expect(logGroup.Properties.RetentionInDays).toBe(90)
    }
  })

  it('lives in subnets without any route to the internet', () => {
    const [, subnetGroup] = only('AWS::RDS::DBSubnetGroup')
    const subnetIds = (subnetGroup.Properties.SubnetIds as { Ref: string }[]).map((ref) => ref.Ref)
    expect(subnetIds).toHaveLength(2)
    const routes = Object.values(resources('AWS::EC2::Route'))
    const associations = Object.values(resources('AWS::EC2::SubnetRouteTableAssociation'))
    for (const subnet of subnetIds) {
      const subnetResource = sut.template.toJSON().Resources[subnet] as Resource
      expect(subnetResource.Properties).toMatchObject({ MapPublicIpOnLaunch: false })
      const tables = associations
        .filter((association) => (association.Properties.SubnetId as { Ref: string }).Ref === subnet)
        .map((association) => (association.Properties.RouteTableId as { Ref: string }).Ref)
      const routesOut = routes.filter((route) =>
        tables.includes((route.Properties.RouteTableId as { Ref: string }).Ref),
      )
      expect(routesOut, `routes of ${subnet}`).toEqual([])
    }
  })

  it('accepts connections on 5432 from the API functions and the password rotation, from nothing else', () => {
    const databaseGroup = logicalIdOf('AWS::EC2::SecurityGroup', 'DatabaseSecurityGroup')
    const apiGroup = logicalIdOf('AWS::EC2::SecurityGroup', 'ApiSecurityGroup')
    const rotationGroup = logicalIdOf('AWS::EC2::SecurityGroup', 'RotationSecurityGroup')
    const [, database] = only('AWS::RDS::DBInstance')
    expect(database.Properties.VPCSecurityGroups).toEqual([{ 'Fn::GetAtt': [databaseGroup, 'GroupId'] }])

    const group = sut.template.toJSON().Resources[databaseGroup] as Resource
    expect(group.Properties.SecurityGroupIngress).toBeUndefined()
    const ingress = Object.values(resources('AWS::EC2::SecurityGroupIngress')).filter(
      (rule) =>
        JSON.stringify(rule.Properties.GroupId) ===
        JSON.stringify({ 'Fn::GetAtt': [databaseGroup, 'GroupId'] }),
    )
    const postgresFrom = (Description: string, sourceGroup: string) => ({
      Description,
      IpProtocol: 'tcp',
      FromPort: 5432,
      ToPort: 5432,
      GroupId: { 'Fn::GetAtt': [databaseGroup, 'GroupId'] },
      SourceSecurityGroupId: { 'Fn::GetAtt': [sourceGroup, 'GroupId'] },
    })
    expect(ingress.map((rule) => rule.Properties)).toEqual([
      postgresFrom('PostgreSQL from the API functions', apiGroup),
      postgresFrom('PostgreSQL from the password rotation', rotationGroup),
    ])
    // No rule anywhere opens it to an address range.
    const anyCidr = Object.values(resources('AWS::EC2::SecurityGroupIngress')).filter(
      (rule) => rule.Properties.CidrIp !== undefined || rule.Properties.CidrIpv6 !== undefined,
    )
    expect(anyCidr).toEqual([])
  })

  it("rotates its password monthly in a night window, with Secrets Manager's PostgreSQL rotation in the VPC", () => {
    const [, schedule] = only('AWS::SecretsManager::RotationSchedule')
    expect(schedule.Properties).toMatchObject({
      SecretId: { Ref: logicalIdOf('AWS::SecretsManager::SecretTargetAttachment', 'Database') },
      RotateImmediatelyOnUpdate: false,
      // 18:00 UTC on the 1st: 03:00–05:00 in Japan on the 2nd.
      RotationRules: { ScheduleExpression: 'cron(0 18 1 * ? *)', Duration: '2h' },
      HostedRotationLambda: {
        RotationType: 'PostgreSQLSingleUser',
        RotationLambdaName: 'furfes-prod-database-rotation',
        VpcSecurityGroupIds: {
          'Fn::GetAtt': [logicalIdOf('AWS::EC2::SecurityGroup', 'RotationSecurityGroup'), 'GroupId'],
        },
      },
    })
    const subnets = JSON.stringify(
      (schedule.Properties.HostedRotationLambda as { VpcSubnetIds: unknown }).VpcSubnetIds,
    )
    expect(subnets).toContain('apiSubnet1')
    expect(subnets).toContain('apiSubnet2')
  })

  it('gives the API security group to the API function, its migrator and the mail drain only', () => {
    const apiGroup = logicalIdOf('AWS::EC2::SecurityGroup', 'ApiSecurityGroup')
    const carriers = Object.entries(resources('AWS::Lambda::Function'))
      .filter(([, fn]) => JSON.stringify(fn.Properties.VpcConfig ?? {}).includes(apiGroup))
      .map(([id]) => id)
    expect(carriers.sort()).toEqual(
      [
        logicalIdOf('AWS::Lambda::Function', 'ApiFunction'),
        logicalIdOf('AWS::Lambda::Function', 'ApiMigrator'),
        logicalIdOf('AWS::Lambda::Function', 'ApiMailDrainFunction'),
      ].sort(),
    )
  })
})

describe('the API', () => {
  const apiFunction = () =>
    (sut.template.toJSON().Resources as Record<string, Resource>)[
      logicalIdOf('AWS::Lambda::Function', 'ApiFunction')
    ] as Resource
  const environment = () =>
    (apiFunction().Properties.Environment as { Variables: Record<string, unknown> }).Variables

  it('runs the bundled Hono app on Node.js 24 in private subnets, behind a regional REST API catch-all', () => {
    expect(apiFunction().Properties).toMatchObject({
      Handler: 'dist/api.handler',
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      ReservedConcurrentExecutions: 100,
    })
    const subnets = (apiFunction().Properties.VpcConfig as { SubnetIds: { Ref: string }[] }).SubnetIds
    expect(subnets.map((subnet) => subnet.Ref)).toEqual([
      expect.stringContaining('apiSubnet1'),
      expect.stringContaining('apiSubnet2'),
    ])
    const [restApiId, restApi] = only('AWS::ApiGateway::RestApi')
    expect(restApi.Properties).toMatchObject({
      Name: 'furfes-prod-api',
      EndpointConfiguration: { Types: ['REGIONAL'] },
      // Bodies reach the function base64-encoded, byte for byte (the Stripe webhook's signature).
      BinaryMediaTypes: ['*/*'],
    })
    const [proxyId, proxy] = only('AWS::ApiGateway::Resource')
    expect(proxy.Properties).toMatchObject({
      PathPart: '{proxy+}',
      ParentId: { 'Fn::GetAtt': [restApiId, 'RootResourceId'] },
    })
    const methods = Object.values(resources('AWS::ApiGateway::Method'))
    expect(methods.map((method) => [method.Properties.HttpMethod, method.Properties.ResourceId])).toEqual(
      expect.arrayContaining([
        ['ANY', { 'Fn::GetAtt': [restApiId, 'RootResourceId'] }],
        ['ANY', { Ref: proxyId }],
      ]),
    )
    expect(methods).toHaveLength(2)
    for (const method of methods) {
      expect(method.Properties).toMatchObject({
        AuthorizationType: 'NONE',
        Integration: { Type: 'AWS_PROXY', IntegrationHttpMethod: 'POST' },
      })
      expect(JSON.stringify(method.Properties.Integration)).toContain(
        logicalIdOf('AWS::Lambda::Function', 'ApiFunction'),
      )
    }
    const [, stage] = only('AWS::ApiGateway::Stage')
    expect(stage.Properties).toMatchObject({
      StageName: 'api',
      MethodSettings: [
        {
          HttpMethod: '*',
          ResourcePath: '/*',
          ThrottlingRateLimit: 1000,
          ThrottlingBurstLimit: 2000,
          LoggingLevel: 'ERROR',
          DataTraceEnabled: false,
        },
      ],
    })
  })

  it("tells the API and the apps API Gateway's own URL of the stage, without a trailing slash", () => {
    const restApiId = logicalIdOf('AWS::ApiGateway::RestApi', 'RestApi')
    const url = {
      'Fn::Join': [
        '',
        ['https://', { Ref: restApiId }, '.execute-api.ap-northeast-1.', { Ref: 'AWS::URLSuffix' }, '/api'],
      ],
    }
    expect(environment().API_URL).toEqual(url)
    expect(sut.template.toJSON().Outputs.ApiUrl.Value).toEqual(url)
  })

  it('reads the Cognito pools, the URLs and the database from its environment', () => {
    expect(environment()).toMatchObject({
      COGNITO_ENDPOINT: 'https://cognito-idp.ap-northeast-1.amazonaws.com',
      COGNITO_MEMBERS_POOL_ID: { Ref: logicalIdOf('AWS::Cognito::UserPool', 'Members') },
      COGNITO_MEMBERS_CLIENT_ID: { Ref: logicalIdOf('AWS::Cognito::UserPoolClient', 'Members') },
      COGNITO_ADMINS_POOL_ID: { Ref: logicalIdOf('AWS::Cognito::UserPool', 'Admins') },
      COGNITO_ADMINS_CLIENT_ID: { Ref: logicalIdOf('AWS::Cognito::UserPoolClient', 'Admins') },
      NODE_EXTRA_CA_CERTS: '/var/runtime/ca-cert.pem',
      PAYMENT_GATEWAY: 'stripe',
      DATABASE_POOL_SIZE: '2',
    })
    expect(JSON.stringify(environment().PWA_URL)).toContain(
      logicalIdOf('AWS::CloudFront::Distribution', 'Pwa'),
    )
    expect(JSON.stringify(environment().RECEPTION_URL)).toContain(
      logicalIdOf('AWS::CloudFront::Distribution', 'Reception'),
    )
  })

  it('may list and manage the staff accounts of the admins pool, delete members for retention, and nothing else of Cognito', () => {
    const statements = Object.values(resources('AWS::IAM::Policy')).flatMap(
      (policy) =>
        (policy.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] })
          .Statement,
    )
    const cognito = statements.filter((statement) =>
      JSON.stringify(statement.Action).includes('cognito-idp:'),
    )
    expect(cognito).toEqual([
      expect.objectContaining({
        // CDK sorts the actions of a statement.
        Action: [
          'cognito-idp:AdminAddUserToGroup',
          'cognito-idp:AdminCreateUser',
          'cognito-idp:AdminDisableUser',
          'cognito-idp:AdminEnableUser',
          'cognito-idp:AdminGetUser',
          'cognito-idp:AdminListGroupsForUser',
          'cognito-idp:AdminRemoveUserFromGroup',
          'cognito-idp:ListUsers',
          'cognito-idp:ListUsersInGroup',
        ],
        Resource: { 'Fn::GetAtt': [logicalIdOf('AWS::Cognito::UserPool', 'Admins'), 'Arn'] },
      }),
      // Retention (decision 161): the API's run by hand and the drain function's daily run.
      ...[1, 2].map(() =>
        expect.objectContaining({
          Action: 'cognito-idp:AdminDeleteUser',
          Resource: { 'Fn::GetAtt': [logicalIdOf('AWS::Cognito::UserPool', 'Members'), 'Arn'] },
        }),
      ),
    ])
  })

  it('keeps secrets out of its environment: only their ARNs, which it may read', () => {
    const variables = environment()
    for (const name of [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'REGISTRATION_CODE_SIGNING_KEYS',
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      'DATABASE_URL',
    ]) {
      expect(variables, name).not.toHaveProperty(name)
    }
    const secretIds = Object.keys(resources('AWS::SecretsManager::Secret'))
    const byArn = {
      STRIPE_SECRET_KEY_SECRET_ARN: 'StripeSecretKey',
      STRIPE_WEBHOOK_SECRET_SECRET_ARN: 'StripeWebhookSecret',
      REGISTRATION_CODE_SIGNING_KEYS_SECRET_ARN: 'RegistrationCodeSigningKeys',
      VAPID_PUBLIC_KEY_SECRET_ARN: 'VapidPublicKey',
      VAPID_PRIVATE_KEY_SECRET_ARN: 'VapidPrivateKey',
    }
    for (const [variable, secret] of Object.entries(byArn)) {
      const id = secretIds.find((candidate) => candidate.includes(secret))
      expect(variables[variable], variable).toEqual({ Ref: id })
    }
    // The RDS secret: the attachment that adds host and port to it.
    expect(variables.DATABASE_SECRET_ARN).toEqual({
      Ref: logicalIdOf('AWS::SecretsManager::SecretTargetAttachment', 'Database'),
    })
    // No value of any function's environment is a resolved secret or looks like a key.
    for (const fn of Object.values(resources('AWS::Lambda::Function'))) {
      const text = JSON.stringify(fn.Properties.Environment ?? {})
      expect(text).not.toMatch(/resolve:secretsmanager|sk_live_|sk_test_|whsec_|"d":/)
    }
    // The role may read the six secrets.
    const policy = JSON.stringify(resources('AWS::IAM::Policy'))
    const appSecrets = secretIds.filter((candidate) => !candidate.includes('DatabaseInstanceSecret'))
    expect(appSecrets).toHaveLength(5)
    for (const id of [
      ...appSecrets,
      logicalIdOf('AWS::SecretsManager::SecretTargetAttachment', 'Database'),
    ]) {
      expect(policy).toContain(id)
    }
  })

  it('creates the Stripe and registration-code secrets as placeholders, never with a value', () => {
    for (const name of ['stripe-secret-key', 'stripe-webhook-secret', 'registration-code-signing-keys']) {
      const [id, secret] = only('AWS::SecretsManager::Secret', { Name: `furfes/prod/${name}` })
      expect(secret.Properties.SecretString).toBeUndefined()
      expect(secret.Properties.GenerateSecretString).toMatchObject({
        SecretStringTemplate: JSON.stringify({ setMeFollowing: 'docs/operations.md#secrets' }),
      })
      expect(sut.template.toJSON().Resources[id]).toMatchObject({ DeletionPolicy: 'Retain' })
    }
  })

  it('runs the migrations at deploy time, after the database and before the API and the mail drain are updated', () => {
    const [triggerId, trigger] = only('Custom::Trigger')
    expect(trigger.Properties).toMatchObject({
      InvocationType: 'RequestResponse',
      ExecuteOnHandlerChange: true,
    })
    expect(JSON.stringify(trigger.Properties.HandlerArn)).toContain('ApiMigrator')
    expect(trigger.DependsOn).toEqual(
      expect.arrayContaining([
        logicalIdOf('AWS::RDS::DBInstance', 'Database'),
        logicalIdOf('AWS::EC2::SecurityGroupIngress', 'DatabaseSecurityGroupfromFurfesTestNetworkApi'),
      ]),
    )
    expect(apiFunction().DependsOn).toContain(triggerId)
    const mailDrain = (sut.template.toJSON().Resources as Record<string, Resource>)[
      logicalIdOf('AWS::Lambda::Function', 'ApiMailDrainFunction')
    ] as Resource
    expect(mailDrain.DependsOn).toContain(triggerId)
    const migrator = (sut.template.toJSON().Resources as Record<string, Resource>)[
      logicalIdOf('AWS::Lambda::Function', 'ApiMigrator')
    ] as Resource
    expect(migrator.Properties.Handler).toBe('dist/migrate.handler')
    // The migrator gets the database and nothing else: no Stripe keys, no signing keys.
    expect(
      Object.keys((migrator.Properties.Environment as { Variables: object }).Variables).filter((name) =>
        name.endsWith('_SECRET_ARN'),
      ),
    ).toEqual(['DATABASE_SECRET_ARN'])
  })

  it('ships the API, the migrator and the mail drain with the committed migrations beside them', () => {
    const bundles = readdirSync(sut.assembly.directory).filter((name) =>
      existsSync(join(sut.assembly.directory, name, 'dist', 'api.mjs')),
    )
    expect(bundles).toHaveLength(1)
    const folder = join(sut.assembly.directory, bundles[0] as string)
    for (const file of ['dist/api.mjs', 'dist/migrate.mjs', 'dist/mail.mjs', 'drizzle/meta/_journal.json']) {
      expect(existsSync(join(folder, file)), file).toBe(true)
    }
    const journal = JSON.parse(readFileSync(join(folder, 'drizzle/meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[]
    }
    for (const entry of journal.entries)
      expect(existsSync(join(folder, 'drizzle', `${entry.tag}.sql`))).toBe(true)
  })
})

describe('the web apps on S3 and CloudFront', () => {
  const distributions = () => Object.entries(resources('AWS::CloudFront::Distribution'))
  const policyHeaders = (ref: unknown) => {
    const id = (ref as { Ref: string }).Ref
    return (sut.template.toJSON().Resources[id] as Resource).Properties.ResponseHeadersPolicyConfig as {
      CustomHeadersConfig?: { Items: { Header: string; Value: string; Override: boolean }[] }
    }
  }

  it('serves both apps from private buckets through origin access control', () => {
    expect(distributions()).toHaveLength(2)
    for (const bucket of Object.values(resources('AWS::S3::Bucket'))) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      })
    }
    for (const [, distribution] of distributions()) {
      const config = distribution.Properties.DistributionConfig as { Origins: Record<string, unknown>[] }
      expect(config.Origins).toHaveLength(1)
      expect(config.Origins[0]).toMatchObject({
        OriginAccessControlId: expect.anything(),
        S3OriginConfig: { OriginAccessIdentity: '' },
      })
    }
    expect(Object.keys(resources('AWS::CloudFront::OriginAccessControl'))).toHaveLength(2)
  })

  it('never caches sw.js, index.html, config.json or the manifest, and tells browsers to revalidate them', () => {
    for (const [id, distribution] of distributions()) {
      const behaviours = (
        distribution.Properties.DistributionConfig as { CacheBehaviors: Record<string, unknown>[] }
      ).CacheBehaviors
      for (const path of revalidatedPaths) {
        const behaviour = behaviours.find((candidate) => candidate.PathPattern === path)
        expect(behaviour, `${id} ${path}`).toMatchObject({
          CachePolicyId: cachingDisabledPolicyId,
          ViewerProtocolPolicy: 'redirect-to-https',
        })
        expect(policyHeaders(behaviour?.ResponseHeadersPolicyId).CustomHeadersConfig?.Items).toContainEqual({
          Header: 'Cache-Control',
          Value: 'no-cache',
          Override: true,
        })
      }
    }
  })

  it('falls back to index.html for app routes', () => {
    for (const [, distribution] of distributions()) {
      const config = distribution.Properties.DistributionConfig as Record<string, unknown>
      expect(config.DefaultRootObject).toBe('index.html')
      expect(config.CustomErrorResponses).toEqual(
        [403, 404].map((code) => ({
          ErrorCode: code,
          ResponseCode: 200,
          ResponsePagePath: '/index.html',
          ErrorCachingMinTTL: 0,
        })),
      )
      expect(config.DefaultCacheBehavior).toMatchObject({
        FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: expect.anything() }],
      })
    }
  })

  it('uploads hashed assets as immutable, everything else as no-cache, with a config.json of the real pools', () => {
    const deployments = Object.entries(resources('Custom::CDKBucketDeployment'))
    expect(deployments).toHaveLength(4)
    const immutable = deployments.filter(([id]) => id.includes('DeployAssets'))
    const entryFiles = deployments.filter(([id]) => id.includes('DeployEntryFiles'))
    expect(immutable).toHaveLength(2)
    expect(entryFiles).toHaveLength(2)
    for (const [, deployment] of immutable) {
      expect(deployment.Properties).toMatchObject({
        Include: ['assets/*', 'workbox-*.js'],
        Exclude: ['*'],
        Prune: false,
        SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
      })
    }
    for (const [, deployment] of entryFiles) {
      expect(deployment.Properties).toMatchObject({
        Exclude: ['assets/*', 'workbox-*.js'],
        SystemMetadata: { 'cache-control': 'no-cache' },
        DistributionPaths: ['/*'],
      })
      const markers = JSON.stringify(deployment.Properties.SourceMarkers)
      for (const [type, name] of [
        ['AWS::Cognito::UserPool', 'Members'],
        ['AWS::Cognito::UserPoolClient', 'Members'],
        ['AWS::Cognito::UserPool', 'Admins'],
        ['AWS::Cognito::UserPoolClient', 'Admins'],
        ['AWS::ApiGateway::RestApi', 'RestApi'],
        ['AWS::CloudFront::Distribution', 'Pwa'],
        ['AWS::CloudFront::Distribution', 'Reception'],
      ] as const) {
        expect(markers).toContain(logicalIdOf(type, name))
      }
    }
  })
})

describe('alarms', () => {
  const alarms = () => Object.values(resources('AWS::CloudWatch::Alarm'))
  const topic = () => logicalIdOf('AWS::SNS::Topic', 'Alarms')

  it('raises an alarm on API 5xx answers', () => {
    const api5xx = alarms().find((alarm) => alarm.Properties.MetricName === '5XXError')
    expect(api5xx?.Properties).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      Dimensions: [{ Name: 'ApiName', Value: 'furfes-prod-api' }],
      Statistic: 'Sum',
      Period: 60,
      Threshold: 5,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [{ Ref: topic() }],
    })
  })

  it('raises an alarm on webhook failures, counted from the API log', () => {
    const [, filter] = only('AWS::Logs::MetricFilter')
    expect(filter.Properties).toMatchObject({
      LogGroupName: { Ref: logicalIdOf('AWS::Logs::LogGroup', 'ApiLogs') },
      FilterPattern: '{ ($.msg = "request") && ($.path = "/webhooks/stripe") && ($.status >= 400) }',
      MetricTransformations: [
        { MetricNamespace: 'Furfes', MetricName: 'StripeWebhookFailures', MetricValue: '1' },
      ],
    })
    const webhook = alarms().find((alarm) => alarm.Properties.MetricName === 'StripeWebhookFailures')
    expect(webhook?.Properties).toMatchObject({
      Namespace: 'Furfes',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [{ Ref: topic() }],
    })
  })

  it('sends every alarm to the alarm topic', () => {
    expect(alarms().length).toBeGreaterThanOrEqual(5)
    for (const alarm of alarms()) expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topic() }])
  })
})

describe('logs, firewall and TLS (decision 082)', () => {
  const logBucket = () => logicalIdOf('AWS::S3::Bucket', 'AccessLogs')
  const logBucketPolicy = () => {
    const [, policy] = only('AWS::S3::BucketPolicy', { Bucket: { Ref: logBucket() } })
    return (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement
  }

  it('keeps access logs in a private, TLS-only bucket that expires them after 90 days and outlives the stack', () => {
    const id = logBucket()
    const bucket = sut.template.toJSON().Resources[id] as Resource & { DeletionPolicy: string }
    expect(bucket.DeletionPolicy).toBe('Retain')
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      LifecycleConfiguration: { Rules: [{ ExpirationInDays: 90, Status: 'Enabled' }] },
    })
    expect(logBucketPolicy()).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 's3:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    )
  })

  it('logs every request to both sites: CloudFront standard logs and S3 server access logs', () => {
    for (const site of ['Pwa', 'Reception']) {
      const distribution = sut.template.toJSON().Resources[
        logicalIdOf('AWS::CloudFront::Distribution', site)
      ] as Resource
      expect((distribution.Properties.DistributionConfig as { Logging: unknown }).Logging).toEqual({
        Bucket: { 'Fn::GetAtt': [logBucket(), 'RegionalDomainName'] },
        Prefix: `cloudfront/${site.toLowerCase()}/`,
      })
      const siteBucket = logicalIdOf('AWS::S3::Bucket', `${site}Bucket`)
      expect(
        (sut.template.toJSON().Resources[siteBucket] as Resource).Properties.LoggingConfiguration,
      ).toEqual({
        DestinationBucketName: { Ref: logBucket() },
        LogFilePrefix: `s3/${site.toLowerCase()}/`,
      })
      // S3 delivers the server access logs under a bucket policy naming the site bucket, not an ACL.
      expect(logBucketPolicy()).toContainEqual(
        expect.objectContaining({
          Principal: { Service: 'logging.s3.amazonaws.com' },
          Action: 's3:PutObject',
          Condition: expect.objectContaining({
            ArnLike: { 'aws:SourceArn': { 'Fn::GetAtt': [siteBucket, 'Arn'] } },
          }),
        }),
      )
    }
  })

  it('records all VPC traffic as flow logs in the log bucket, which lets the log service write them', () => {
    const [, flowLog] = only('AWS::EC2::FlowLog')
    expect(flowLog.Properties).toMatchObject({
      ResourceId: { Ref: logicalIdOf('AWS::EC2::VPC', 'Network') },
      ResourceType: 'VPC',
      TrafficType: 'ALL',
      LogDestinationType: 's3',
    })
    expect(JSON.stringify(flowLog.Properties.LogDestination)).toContain(logBucket())
    expect(JSON.stringify(flowLog.Properties.LogDestination)).toContain('/vpc-flow-logs/')
    expect(logBucketPolicy()).toContainEqual(
      expect.objectContaining({
        Principal: { Service: 'delivery.logs.amazonaws.com' },
        Action: 's3:PutObject',
      }),
    )
  })

  it("writes API Gateway's access log, one JSON line per request with the caller's address and the status", () => {
    const [, stage] = only('AWS::ApiGateway::Stage')
    const settings = stage.Properties.AccessLogSetting as { DestinationArn: unknown; Format: string }
    const group = logicalIdOf('AWS::Logs::LogGroup', 'ApiAccessLogs')
    expect(settings.DestinationArn).toEqual({ 'Fn::GetAtt': [group, 'Arn'] })
    expect(JSON.parse(settings.Format)).toMatchObject({
      requestId: '$context.requestId',
      ip: '$context.identity.sourceIp',
      method: '$context.httpMethod',
      path: '$context.path',
      status: '$context.status',
      waf: '$context.wafResponseCode',
    })
    expect((sut.template.toJSON().Resources[group] as Resource).Properties.RetentionInDays).toBe(90)
    // A REST API logs through the account's CloudWatch role, which the stack sets.
    const [roleId] = only('AWS::IAM::Role', {
      ManagedPolicyArns: [
        {
          'Fn::Join': [
            '',
            [
              'arn:',
              { Ref: 'AWS::Partition' },
              ':iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs',
            ],
          ],
        },
      ],
    })
    const [, account] = only('AWS::ApiGateway::Account')
    expect(account.Properties.CloudWatchRoleArn).toEqual({ 'Fn::GetAtt': [roleId, 'Arn'] })
  })

  it('keeps the execution log of the API stage (errors only) 90 days, created before the stage', () => {
    const group = logicalIdOf('AWS::Logs::LogGroup', 'ApiExecutionLogs')
    const logGroup = sut.template.toJSON().Resources[group] as Resource
    expect(logGroup.Properties).toMatchObject({
      RetentionInDays: 90,
      LogGroupName: {
        'Fn::Join': [
          '',
          [
            'API-Gateway-Execution-Logs_',
            { Ref: logicalIdOf('AWS::ApiGateway::RestApi', 'RestApi') },
            '/api',
          ],
        ],
      },
    })
    const [, stage] = only('AWS::ApiGateway::Stage')
    expect(stage.DependsOn).toContain(group)
  })

  /** A web ACL by name, its rules, and the ARNs of the resources it is associated with. */
  const webAcl = (name: string) => {
    const [aclId, acl] = only('AWS::WAFv2::WebACL', { Name: name })
    expect(acl.Properties).toMatchObject({ Scope: 'REGIONAL', DefaultAction: { Allow: {} } })
    const associations = Object.values(resources('AWS::WAFv2::WebACLAssociation')).filter(
      (association) =>
        JSON.stringify(association.Properties.WebACLArn) === JSON.stringify({ 'Fn::GetAtt': [aclId, 'Arn'] }),
    )
    return {
      rules: acl.Properties.Rules as { Name: string; Priority: number; Statement: unknown }[],
      associations,
    }
  }
  const managedGroups = [
    'AWSManagedRulesAmazonIpReputationList',
    'AWSManagedRulesCommonRuleSet',
    'AWSManagedRulesKnownBadInputsRuleSet',
  ]

  it('puts AWS WAF in front of both user pools: a rate limit per address, then the AWS managed rules', () => {
    const { rules, associations } = webAcl('furfes-prod-sign-in')
    expect(rules[0]).toMatchObject({
      Priority: 0,
      Action: { Block: {} },
      Statement: { RateBasedStatement: { AggregateKeyType: 'IP', Limit: 1000, EvaluationWindowSec: 300 } },
    })
    expect(rules.slice(1).map((rule) => rule.Statement)).toEqual(
      managedGroups.map((name) => ({ ManagedRuleGroupStatement: { VendorName: 'AWS', Name: name } })),
    )
    expect(associations.map((association) => association.Properties.ResourceArn)).toEqual(
      expect.arrayContaining(
        ['Members', 'Admins'].map((pool) => ({
          'Fn::GetAtt': [logicalIdOf('AWS::Cognito::UserPool', pool), 'Arn'],
        })),
      ),
    )
    expect(associations).toHaveLength(2)
  })

  it("puts AWS WAF in front of the API's stage: its own rate limit per address, then the managed rules", () => {
    const { rules, associations } = webAcl('furfes-prod-api')
    expect(rules[0]).toMatchObject({
      Name: 'rate-per-ip',
      Priority: 0,
      Action: { Block: {} },
      Statement: { RateBasedStatement: { AggregateKeyType: 'IP', Limit: 3000, EvaluationWindowSec: 300 } },
    })
    expect(rules.slice(1)).toEqual(
      managedGroups.map((name, index) =>
        expect.objectContaining({
          Priority: index + 1,
          OverrideAction: { None: {} },
          Statement: {
            ManagedRuleGroupStatement: expect.objectContaining({ VendorName: 'AWS', Name: name }),
          },
        }),
      ),
    )
    // The common rule set: the API takes bodies up to 64 KiB, and the Stripe webhook's body is Stripe's.
    const groupStatement = (index: number) =>
      (rules[index]?.Statement as { ManagedRuleGroupStatement?: Record<string, unknown> } | undefined)
        ?.ManagedRuleGroupStatement ?? {}
    const common = groupStatement(2)
    expect(common.RuleActionOverrides).toEqual([
      { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
    ])
    expect(common.ScopeDownStatement).toEqual({
      NotStatement: {
        Statement: {
          ByteMatchStatement: {
            FieldToMatch: { UriPath: {} },
            PositionalConstraint: 'ENDS_WITH',
            SearchString: '/webhooks/stripe',
            TextTransformations: [{ Priority: 0, Type: 'NONE' }],
          },
        },
      },
    })
    // The IP reputation list and the known-bad inputs apply to every request, as AWS defines them.
    for (const index of [1, 3])
      expect(Object.keys(groupStatement(index)).sort()).toEqual(['Name', 'VendorName'])

    // Associated with the one stage, which every request passes (API Gateway's URL and a custom domain).
    expect(associations).toHaveLength(1)
    const [association] = associations
    const [stageId] = only('AWS::ApiGateway::Stage')
    expect(association?.Properties.ResourceArn).toEqual({
      'Fn::Join': [
        '',
        [
          'arn:',
          { Ref: 'AWS::Partition' },
          ':apigateway:ap-northeast-1::/restapis/',
          { Ref: logicalIdOf('AWS::ApiGateway::RestApi', 'RestApi') },
          '/stages/',
          { Ref: stageId },
        ],
      ],
    })
  })

  it('refuses alarm notifications published without TLS', () => {
    const [, policy] = only('AWS::SNS::TopicPolicy')
    expect(policy.Properties.Topics).toEqual([{ Ref: logicalIdOf('AWS::SNS::Topic', 'Alarms') }])
    expect((policy.Properties.PolicyDocument as { Statement: unknown[] }).Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 'sns:Publish',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    )
  })
})
