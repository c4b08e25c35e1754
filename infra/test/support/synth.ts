import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { App, Validations } from 'aws-cdk-lib'
import { Template } from 'aws-cdk-lib/assertions'
import { AwsSolutionsChecks } from 'cdk-nag'
import { type FurfesConfigInput, resolveConfig } from '../../src/config.ts'
import { FurfesStack } from '../../src/stack.ts'

/** cdk.json: the tests synthesise with the same feature flags and configuration as `cdk deploy`. */
export const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
  context: Record<string, unknown> & { furfes: FurfesConfigInput }
}

/** A web app build as small as can be, with the files whose caching the stack decides. */
function writeWebApp(folder: string): string {
  mkdirSync(join(folder, 'assets'), { recursive: true })
  writeFileSync(
    join(folder, 'index.html'),
    '<!doctype html><script type="module" src="/assets/index-Bx1y2z3.js"></script>',
  )
  writeFileSync(join(folder, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  writeFileSync(join(folder, 'manifest.webmanifest'), '{"name":"test"}')
  writeFileSync(join(folder, 'workbox-2fbc6a65.js'), '')
  writeFileSync(join(folder, 'assets', 'index-Bx1y2z3.js'), 'export {}')
  return folder
}

export interface Synthesised {
  stack: FurfesStack
  template: Template
  assembly: ReturnType<App['synth']>
  /** Milliseconds the synthesis took (constructs, bundling, CloudFormation validation, writing). */
  synthMs: number
  /** cdk-nag's findings that are neither fixed nor acknowledged (addNagChecks). */
  nagFindings(): string[]
  cleanUp(): void
}

export interface SynthesisOptions {
  /**
   * false skips esbuild and CDK's CloudFormation validation (most of a synthesis' time) for a variant whose
   * wiring alone is under test; the default synthesis proves both.
   */
  full?: boolean
  /** The account `cdk deploy` synthesises for (from the CLI's credentials); offline there is none. */
  account?: string
}

/** Synthesises the whole stack offline, into a temporary folder only. */
export function synthesise(
  config: FurfesConfigInput = cdkJson.context.furfes,
  options: SynthesisOptions = {},
): Synthesised {
  const folder = mkdtempSync(join(tmpdir(), 'furfes-infra-test-'))
  const started = performance.now()
  const full = options.full ?? true
  const app = new App({
    outdir: join(folder, 'cdk.out'),
    // An empty list of stacks to bundle makes CDK stage a placeholder instead of running the bundler.
    context: {
      ...cdkJson.context,
      ...(full ? {} : { 'aws:cdk:bundling-stacks': [] }),
      // Findings land in the validation report, which the tests read and assert on (nagFindings), instead
      // of failing the synthesis before any assertion could name them.
      '@aws-cdk/core:failSynthOnValidationErrors': false,
    },
    builtinCloudFormationValidation: full,
  })
  const nag = addNagChecks(app)
  const stack = new FurfesStack(app, 'FurfesTest', {
    config: resolveConfig(config),
    ...(options.account ? { env: { account: options.account } } : {}),
    webApps: {
      pwaDist: writeWebApp(join(folder, 'pwa')),
      receptionDist: writeWebApp(join(folder, 'reception')),
    },
  })
  const assembly = app.synth()
  const synthMs = performance.now() - started
  const template = Template.fromJSON(assembly.getStackArtifact(stack.artifactId).template)
  return {
    stack,
    template,
    assembly,
    synthMs,
    nagFindings: () => nag.findings(assembly),
    cleanUp: () => rmSync(folder, { recursive: true, force: true }),
  }
}

interface ValidationReport {
  pluginReports: {
    pluginName: string
    conclusion: string
    violations: {
      ruleName: string
      severity: string
      violatingConstructs?: { constructPath?: string }[]
    }[]
  }[]
}

/** The validation report CDK writes beside the templates: CloudFormation's own checks and cdk-nag's. */
function validationReport(assembly: Synthesised['assembly']): ValidationReport {
  return JSON.parse(
    readFileSync(join(assembly.directory, 'validation-report.json'), 'utf8'),
  ) as ValidationReport
}

export interface NagChecks {
  /**
   * cdk-nag's AwsSolutions findings (errors and warnings) that are neither fixed nor acknowledged, one line
   * each: `AwsSolutions-S1 (error) Stack/Bucket/Resource`. Throws when the pack did not run, so an empty
   * list always means a checked app (CDK leaves a plugin with nothing to report out of the report).
   */
  findings(assembly: Synthesised['assembly']): string[]
}

/** The rule pack bin/app.ts applies (decision 082), on an app of a test. */
export function addNagChecks(app: App): NagChecks {
  const checks = new AwsSolutionsChecks(app)
  let ran = false
  const validate = checks.validate.bind(checks)
  checks.validate = (context) => {
    ran = true
    return validate(context)
  }
  Validations.of(app).addPlugins(checks)
  return {
    findings(assembly) {
      if (!ran) throw new Error('cdk-nag (AwsSolutions) did not run over the app')
      const report = validationReport(assembly).pluginReports.find(
        (plugin) => plugin.pluginName === checks.name,
      )
      return (report?.violations ?? []).flatMap((violation) =>
        (violation.violatingConstructs ?? [{}]).map(
          (construct) => `${violation.ruleName} (${violation.severity}) ${construct.constructPath ?? '?'}`,
        ),
      )
    },
  }
}
