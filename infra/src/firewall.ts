import type * as apigw from 'aws-cdk-lib/aws-apigateway'
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
type ManagedRuleGroup = (typeof managedRuleGroups)[number]

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
})

interface RegionalWebAclProps {
  name: string
  description: string
  requestsPerIpPer5Minutes: number
  /** How a managed group applies where the defaults (every request, the group's own actions) do not fit. */
  tailoring?: Partial<
    Record<
      ManagedRuleGroup,
      Pick<wafv2.CfnWebACL.ManagedRuleGroupStatementProperty, 'scopeDownStatement' | 'ruleActionOverrides'>
    >
  >
}

/**
 * A regional web ACL: first a rate limit per IP address (blocked above it until the rate falls), then the AWS
 * managed rule groups. Requests no rule blocks are allowed.
 */
function regionalWebAcl(scope: Construct, props: RegionalWebAclProps): wafv2.CfnWebACL {
  const { name } = props
  return new wafv2.CfnWebACL(scope, 'WebAcl', {
    name,
    description: props.description,
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
            limit: props.requestsPerIpPer5Minutes,
            evaluationWindowSec: rateWindowSeconds,
          },
        },
        visibilityConfig: visibility(`${name}-rate-per-ip`),
      },
      ...managedRuleGroups.map((group, index) => ({
        name: group,
        priority: index + 1,
        overrideAction: { none: {} },
        statement: {
          managedRuleGroupStatement: { vendorName: 'AWS', name: group, ...props.tailoring?.[group] },
        },
        visibilityConfig: visibility(`${name}-${group}`),
      })),
    ],
  })
}

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
    this.webAcl = regionalWebAcl(this, {
      name: `furfes-${props.config.stage}-sign-in`,
      description: 'Rate limit per IP address and AWS managed rules for the Cognito user pools',
      requestsPerIpPer5Minutes: props.config.firewall.cognitoRequestsPerIpPer5Minutes,
    })
    props.pools.forEach((pool, index) => {
      new wafv2.CfnWebACLAssociation(this, `Association${index}`, {
        resourceArn: pool.userPoolArn,
        webAclArn: this.webAcl.attrArn,
      })
    })
  }
}

export interface ApiFirewallProps {
  config: FurfesConfig
  /** The REST API's stage, which every request to the API passes (its own URL and the custom domain). */
  stage: apigw.Stage
  /** The Stripe webhook's path, whose body is Stripe's and not inspected by the common rule set. */
  webhookPath: string
}

/**
 * AWS WAF in front of the API's stage (decision 082), with its own per-address limit: the API is called far
 * more often than Cognito (every screen loads data), so its limit is higher than the sign-in one.
 *
 * The common rule set is tailored to what the API accepts: bodies up to 64 KiB (the API's own limit), so its
 * 8 KB body size rule only counts; and not on the Stripe webhook, whose body is Stripe's event (it carries
 * what payers typed, such as names) and is checked by its signature, so a payer's odd name never makes Stripe
 * give up on a payment. Everything else blocks.
 */
export class ApiFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL

  constructor(scope: Construct, id: string, props: ApiFirewallProps) {
    super(scope, id)
    const { config, stage } = props
    this.webAcl = regionalWebAcl(this, {
      name: `furfes-${config.stage}-api`,
      description: 'Rate limit per IP address and AWS managed rules for the API',
      requestsPerIpPer5Minutes: config.firewall.apiRequestsPerIpPer5Minutes,
      tailoring: {
        AWSManagedRulesCommonRuleSet: {
          ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
          scopeDownStatement: {
            notStatement: {
              statement: {
                // Ends with: on API Gateway's own URL the path starts with the stage's name.
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'ENDS_WITH',
                  searchString: props.webhookPath,
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
        },
      },
    })
    new wafv2.CfnWebACLAssociation(this, 'Association', {
      resourceArn: stage.stageArn,
      webAclArn: this.webAcl.attrArn,
    })
  }
}
