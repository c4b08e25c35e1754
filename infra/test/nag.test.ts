import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { App, Stack, Validations } from 'aws-cdk-lib'
import * as s3 from 'aws-cdk-lib/aws-s3'
import type { IConstruct } from 'constructs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addNagChecks, type Synthesised, synthesise } from './support/synth.ts'

/** Every acknowledgement in the tree: where it was made, the rule (or finding) and the reason. */
function acknowledgements(root: IConstruct): { path: string; rule: string; reason: string }[] {
  const all = root.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, string>).map(([rule, reason]) => ({
          path: construct.node.path,
          rule: rule.replace(/^annotation::/i, ''),
          reason,
        })),
      ),
  )
  // CDK acknowledges some of CloudFormation's own validation warnings itself; only cdk-nag's are ours.
  return all.filter(({ rule }) => rule.startsWith('AwsSolutions-'))
}

let sut: Synthesised
beforeAll(() => {
  // Which constructs carry which acknowledgement does not depend on bundling or CloudFormation's checks.
  sut = synthesise(undefined, { full: false })
})
afterAll(() => sut?.cleanUp())

describe("cdk-nag's AwsSolutions pack", () => {
  it('runs over the synthesis and reports what it finds (a bucket without access logs)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'furfes-nag-test-'))
    try {
      const app = new App({
        outdir: folder,
        context: { '@aws-cdk/core:failSynthOnValidationErrors': false },
        // CloudFormation's own schema checks take seconds and are not under test here.
        builtinCloudFormationValidation: false,
      })
      const nag = addNagChecks(app)
      const stack = new Stack(app, 'Unchecked')
      new s3.Bucket(stack, 'Bucket', { enforceSSL: true })
      expect(nag.findings(app.synth())).toContain('AwsSolutions-S1 (error) Unchecked/Bucket/Resource')
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('passes as `cdk deploy` synthesises it, for a real account rather than a placeholder', () => {
    const deployed = synthesise(undefined, { full: false, account: '123456789012' })
    try {
      expect(deployed.stack.account).toBe('123456789012')
      expect(deployed.nagFindings()).toEqual([])
    } finally {
      deployed.cleanUp()
    }
  })

  it('acknowledges findings resource by resource, never for the whole stack, each with its own reason', () => {
    const all = acknowledgements(sut.stack)
    expect(all.length).toBeGreaterThan(0)
    for (const { path, rule, reason } of all) {
      expect(path, rule).not.toBe(sut.stack.node.path)
      expect(rule).toMatch(/^AwsSolutions-[A-Z]+\d+(\[.+\])?$/)
      // A sentence that says why, not a placeholder.
      expect(reason.length, `${rule} at ${path}`).toBeGreaterThanOrEqual(40)
    }
  })

  it('lists every acknowledged rule in decision 082', () => {
    const decision = readFileSync(
      new URL('../../docs/decisions/082-cdk-nag-aws-solutions.md', import.meta.url),
      'utf8',
    )
    // The table names rules without the pack's prefix: `COG1`, `IAM5`.
    const rules = new Set(
      acknowledgements(sut.stack).map(({ rule }) => rule.replace(/^AwsSolutions-/, '').replace(/\[.*$/, '')),
    )
    expect(rules.size).toBeGreaterThan(0)
    for (const rule of rules) expect(decision, rule).toContain(`| \`${rule}\``)
  })
})
