import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { App } from 'aws-cdk-lib'
import { Template } from 'aws-cdk-lib/assertions'
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
  cleanUp(): void
}

export interface SynthesisOptions {
  /**
   * false skips esbuild and CDK's CloudFormation validation (most of a synthesis' time) for a variant whose
   * wiring alone is under test; the default synthesis proves both.
   */
  full?: boolean
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
    context: { ...cdkJson.context, ...(full ? {} : { 'aws:cdk:bundling-stacks': [] }) },
    builtinCloudFormationValidation: full,
  })
  const stack = new FurfesStack(app, 'FurfesTest', {
    config: resolveConfig(config),
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
    cleanUp: () => rmSync(folder, { recursive: true, force: true }),
  }
}
