import { Duration, RemovalPolicy } from 'aws-cdk-lib'
import * as ec2 from 'aws-cdk-lib/aws-ec2'
import * as logs from 'aws-cdk-lib/aws-logs'
import * as rds from 'aws-cdk-lib/aws-rds'
import type * as s3 from 'aws-cdk-lib/aws-s3'
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager'
import { Construct } from 'constructs'
import type { FurfesConfig } from './config.ts'
import { logPrefixes } from './log-bucket.ts'

/** PostgreSQL's port; nothing else is opened on the database. */
const postgresPort = 5432

/**
 * The database password changes at 03:00–05:00 Japan time on the 2nd of every month, when nobody registers.
 * Instances read it per new connection (src/runtime/database-password.ts), so none needs a restart.
 */
const passwordRotation: secretsmanager.CfnRotationSchedule.RotationRulesProperty = {
  scheduleExpression: 'cron(0 18 1 * ? *)',
  duration: '2h',
}

/**
 * Two availability zones, named rather than looked up, so a synth never needs an AWS account (ap-northeast-1b
 * is not offered to new accounts).
 */
const availabilityZones = ['ap-northeast-1a', 'ap-northeast-1c']

/**
 * The network: public subnets hold only the NAT gateway(s); the API's functions run in private subnets with
 * a way out (Cognito's keys, Stripe, Secrets Manager); the database sits in isolated subnets with no route
 * to or from the internet at all.
 */
export class Network extends Construct {
  readonly vpc: ec2.Vpc
  /** Carried by every function that runs the API's code (the API and its migrator). */
  readonly apiSecurityGroup: ec2.SecurityGroup

  constructor(scope: Construct, id: string, config: FurfesConfig, logBucket: s3.IBucket) {
    super(scope, id)
    this.vpc = new ec2.Vpc(this, 'Vpc', {
      availabilityZones,
      natGateways: config.network.natGateways,
      subnetConfiguration: [
        { name: 'public', subnetType: ec2.SubnetType.PUBLIC, cidrMask: 24 },
        { name: 'api', subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS, cidrMask: 20 },
        { name: 'database', subnetType: ec2.SubnetType.PRIVATE_ISOLATED, cidrMask: 24 },
      ],
      // Every connection accepted or rejected, as files in the log bucket (cheaper than CloudWatch Logs for
      // data read only when investigating): who talked to the database, where the functions went out to.
      flowLogs: {
        toLogBucket: {
          destination: ec2.FlowLogDestination.toS3(logBucket, logPrefixes.vpcFlowLogs),
          trafficType: ec2.FlowLogTrafficType.ALL,
        },
      },
    })
    this.apiSecurityGroup = new ec2.SecurityGroup(this, 'ApiSecurityGroup', {
      vpc: this.vpc,
      description: 'The API functions: out to the database, Cognito, Stripe and Secrets Manager',
      allowAllOutbound: true,
    })
  }
}

/**
 * Managed PostgreSQL (RDS, decision 080): private, encrypted, reachable on 5432 from the API's security group
 * and the password rotation's (decision 082) and from nothing else, with automated backups and point-in-time
 * restore.
 */
export class Database extends Construct {
  readonly instance: rds.DatabaseInstance
  readonly securityGroup: ec2.SecurityGroup
  /** Carried by the Lambda function Secrets Manager runs to change the database password. */
  readonly rotationSecurityGroup: ec2.SecurityGroup

  constructor(scope: Construct, id: string, props: { config: FurfesConfig; network: Network }) {
    super(scope, id)
    const { config, network } = props
    this.securityGroup = new ec2.SecurityGroup(this, 'SecurityGroup', {
      vpc: network.vpc,
      description: 'PostgreSQL: only the API functions may connect',
      allowAllOutbound: false,
    })
    this.securityGroup.addIngressRule(
      network.apiSecurityGroup,
      ec2.Port.tcp(postgresPort),
      'PostgreSQL from the API functions',
    )

    const engine = rds.DatabaseInstanceEngine.postgres({ version: rds.PostgresEngineVersion.VER_17 })
    this.instance = new rds.DatabaseInstance(this, 'Instance', {
      engine,
      instanceType: new ec2.InstanceType(config.database.instanceType),
      vpc: network.vpc,
      vpcSubnets: { subnetType: ec2.SubnetType.PRIVATE_ISOLATED },
      securityGroups: [this.securityGroup],
      publiclyAccessible: false,
      port: postgresPort,
      databaseName: 'furfes',
      credentials: rds.Credentials.fromGeneratedSecret('furfes', {
        secretName: `furfes/${config.stage}/database`,
      }),
      multiAz: config.database.multiAz,
      storageType: rds.StorageType.GP3,
      allocatedStorage: config.database.allocatedStorageGiB,
      maxAllocatedStorage: config.database.maxAllocatedStorageGiB,
      storageEncrypted: true,
      caCertificate: rds.CaCertificate.RDS_CA_RSA2048_G1,
      parameterGroup: new rds.ParameterGroup(this, 'Parameters', {
        engine,
        parameters: {
          // TLS only: the functions verify the server certificate (sslmode=verify-full).
          'rds.force_ssl': '1',
          // Statements slower than half a second show up in the PostgreSQL log (CloudWatch Logs).
          log_min_duration_statement: '500',
        },
      }),
      cloudwatchLogsExports: ['postgresql'],
      // The log can hold statements with personal data: it expires long before the one-year deletion date.
      cloudwatchLogsRetention: logs.RetentionDays.THREE_MONTHS,
      backupRetention: Duration.days(config.database.backupRetentionDays),
      // 03:00–04:00 and Monday 04:00–05:00 Japan time: nobody registers then.
      preferredBackupWindow: '18:00-19:00',
      preferredMaintenanceWindow: 'sun:19:00-sun:20:00',
      autoMinorVersionUpgrade: true,
      deleteAutomatedBackups: false,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.SNAPSHOT,
    })

    // Secrets Manager's own PostgreSQL rotation (a hosted template, decision 082): a function in the API's
    // subnets signs in with the current password, sets a new one and stores it in the secret.
    const secret = this.instance.secret
    if (!secret) throw new Error('The database instance has no generated secret')
    this.rotationSecurityGroup = new ec2.SecurityGroup(this, 'RotationSecurityGroup', {
      vpc: network.vpc,
      description: 'The database password rotation: out to the database and Secrets Manager',
      allowAllOutbound: true,
    })
    this.securityGroup.addIngressRule(
      this.rotationSecurityGroup,
      ec2.Port.tcp(postgresPort),
      'PostgreSQL from the password rotation',
    )
    const rotation = secret.addRotationSchedule('Rotation', {
      hostedRotation: secretsmanager.HostedRotation.postgreSqlSingleUser({
        functionName: `furfes-${config.stage}-database-rotation`,
        vpc: network.vpc,
        vpcSubnets: { subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS },
        securityGroups: [this.rotationSecurityGroup],
      }),
      // Never in the middle of a deployment: only in the night window below.
      rotateImmediatelyOnUpdate: false,
    })
    ;(rotation.node.defaultChild as secretsmanager.CfnRotationSchedule).rotationRules = passwordRotation
  }
}
