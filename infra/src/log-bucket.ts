import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib'
import * as s3 from 'aws-cdk-lib/aws-s3'
import { Construct } from 'constructs'

/** Where each kind of log lands in the bucket; docs/operations.md ("Access logs") names the same prefixes. */
export const logPrefixes = {
  cloudFront: (site: string) => `cloudfront/${site}/`,
  s3: (bucket: string) => `s3/${bucket}/`,
  vpcFlowLogs: 'vpc-flow-logs/',
} as const

/** Access logs hold IP addresses: like the application logs they are gone long before the one-year date. */
const accessLogRetention = Duration.days(90)

/**
 * One private bucket for the logs AWS services write as files (decision 082): CloudFront's standard logs of
 * both sites, S3 server access logs of the site buckets, and the VPC flow logs.
 */
export class LogBucket extends Construct {
  readonly bucket: s3.Bucket

  constructor(scope: Construct, id: string) {
    super(scope, id)
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      // CloudFront's standard logs are delivered with ACLs, so the bucket must accept them; the bucket owner
      // still owns every object written with bucket-owner-full-control.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      // CloudFront log delivery cannot write to buckets encrypted with a KMS key.
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: accessLogRetention }],
      // The logs are the trail of what happened: a deleted stack leaves them to expire on their own.
      removalPolicy: RemovalPolicy.RETAIN,
    })
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This is the access-log bucket itself: logging its own reads and writes into itself would loop, and ' +
        'only the services delivering logs and the operators reading them touch it.',
    })
  }
}
