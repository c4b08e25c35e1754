/*
 * The CDK app: `cdk synth` / `cdk deploy` run this file (cdk.json). Configuration comes from the `furfes`
 * context key of cdk.json; the web apps must be built first (`pnpm build` at the repository root).
 */
import { fileURLToPath } from 'node:url'
import { App } from 'aws-cdk-lib'
import { type FurfesConfigInput, region, resolveConfig } from '../src/config.ts'
import { FurfesStack } from '../src/stack.ts'

const app = new App()
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
