import type * as cognito from 'aws-cdk-lib/aws-cognito'
import * as wafv2 from 'aws-cdk-lib/aws-wafv2'
import { Construct } from 'constructs'
import type { FurfesConfig } from './config.ts'

/** Rate-based rules count over this window; AWS WAF offers 1, 2, 5 and 10 minutes. */
const rateWindowSeconds = 300

/** The AWS managed rule groups every request is checked against, cheapest first (WAF runs by priority). */
const managedRuleGroups = [
  // Addresses Amazon's threat intelligence saw attacking or scanning: bots, credential stuffing sources.
  'AWSManagedRulesAmazonIpReputationList',
  // The common rule set: oversized bodies, malformed requests, well-known exploit patterns.
  'AWSManagedRulesCommonRuleSet',
  // Request patterns of known-vulnerable software (Log4j lookups and the like).
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
})

/**
 * AWS WAF in front of both Cognito user pools, which is where the apps sign in, sign up, reset passwords
 * and refresh tokens (decision 082): one address may make only so many requests in five minutes, and the
 * AWS managed rules drop known-bad sources and requests before Cognito sees them. The pools' own lockout after
 * repeated wrong passwords still applies on top; this caps floods of sign-ups (each one sends an e-mail) and
 * credential guessing spread over many accounts.
 */
export class SignInFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL

  constructor(scope: Construct, id: string, props: { config: FurfesConfig; pools: cognito.IUserPool[] }) {
    super(scope, id)
    const { config } = props
    const name = `furfes-${config.stage}-sign-in`
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name,
      description: 'Rate limit per IP address and AWS managed rules for the Cognito user pools',
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(name),
      rules: [
        {
          name: 'rate-per-ip',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: config.firewall.cognitoRequestsPerIpPer5Minutes,
              evaluationWindowSec: rateWindowSeconds,
            },
          },
          visibilityConfig: visibility(`${name}-rate-per-ip`),
        },
        ...managedRuleGroups.map((group, index) => ({
          name: group,
          priority: index + 1,
          overrideAction: { none: {} },
          statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: group } },
          visibilityConfig: visibility(`${name}-${group}`),
        })),
      ],
    })
    props.pools.forEach((pool, index) => {
      new wafv2.CfnWebACLAssociation(this, `Association${index}`, {
        resourceArn: pool.userPoolArn,
        webAclArn: this.webAcl.attrArn,
      })
    })
  }
}
