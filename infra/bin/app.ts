/*
 * The CDK app: `cdk synth` / `cdk deploy` run this file (cdk.json). Configuration comes from the `furfes`
 * context key of cdk.json; the web apps must be built first (`pnpm build` at the repository root).
 */
import { fileURLToPath } from 'node:url'
import { App, Validations } from 'aws-cdk-lib'
import { AwsSolutionsChecks } from 'cdk-nag'
import { type FurfesConfigInput, region, resolveConfig } from '../src/config.ts'
import { FurfesStack } from '../src/stack.ts'

const app = new App()
// cdk-nag's AwsSolutions rules run over the whole app at every synth (decision 082): a finding that is neither
// fixed nor acknowledged fails `cdk synth` and `cdk deploy`, and the synth test in npm test.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app))
const config = resolveConfig(app.node.tryGetContext('furfes') as FurfesConfigInput | undefined)
const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url))

new FurfesStack(app, `Furfes-${config.stage}`, {
  config,
  // The account the CLI's credentials belong to; none when synthesising offline.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region },
  webApps: {
    pwaDist: `${repositoryRoot}apps/pwa/dist`,
    receptionDist: `${repositoryRoot}apps/reception/dist`,
  },
  description: 'Furry Fes web platform: Cognito, API (Lambda + PostgreSQL), web apps (S3 + CloudFront)',
})

app.synth()
