import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { RuntimeConfig } from '@furfes/ui/runtime-config'
import {
  builtInlineScriptHashes,
  contentSecurityPolicy,
  securityHeadersWith,
  type WebApp,
} from '@furfes/ui/security-headers'
import { Duration, Lazy, RemovalPolicy } from 'aws-cdk-lib'
import * as acm from 'aws-cdk-lib/aws-certificatemanager'
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront'
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins'
import * as s3 from 'aws-cdk-lib/aws-s3'
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment'
import { Construct } from 'constructs'
import type { CustomDomain } from './config.ts'
import { logPrefixes } from './log-bucket.ts'

/**
 * Files a browser must ask about every time (it may keep a copy, but revalidates it): the service worker,
 * so an update is found; the HTML that names the current hashed assets; the runtime configuration; the web
 * app manifests (one per language). Each has its own CloudFront behaviour that CloudFront itself never caches.
 */
export const revalidatedPaths = [
  '/sw.js',
  '/index.html',
  '/config.json',
  // The reception app's manifest, and the PWA's one per language.
  '/manifest.webmanifest',
  '/manifest.ja.webmanifest',
  '/manifest.en.webmanifest',
] as const

/** Vite's hashed output and workbox's hashed runtime: a new version is a new name, so cache them for good. */
const immutableFiles = ['assets/*', 'workbox-*.js'] as const

const noCache = 'no-cache'
const immutable = 'public, max-age=31536000, immutable'

/** The cache policy both sites share. */
export class WebDeliveryPolicies extends Construct {
  readonly staticFiles: cloudfront.CachePolicy

  constructor(scope: Construct, id: string) {
    super(scope, id)
    // Honours each object's own Cache-Control (min TTL 0): immutable assets stay a year, HTML is revalidated.
    this.staticFiles = new cloudfront.CachePolicy(this, 'StaticFiles', {
      comment: 'Static files: the object Cache-Control decides, compressed',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.days(1),
      maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    })
  }
}

/**
 * A header set of packages/ui/src/security-headers.ts as CloudFront takes it: the headers CloudFront knows as
 * security headers in their own fields (it refuses them as custom headers), every other one as a custom header.
 * Every header overrides what the origin sends.
 */
function responseHeaders(headers: Record<string, string>): {
  security: cloudfront.ResponseSecurityHeadersBehavior
  custom: cloudfront.ResponseCustomHeader[]
} {
  const security: {
    -readonly [Key in keyof cloudfront.ResponseSecurityHeadersBehavior]: cloudfront.ResponseSecurityHeadersBehavior[Key]
  } = {}
  const custom: cloudfront.ResponseCustomHeader[] = []
  for (const [header, value] of Object.entries(headers)) {
    switch (header) {
      case 'Content-Security-Policy':
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override: true }
        break
      case 'X-Content-Type-Options':
        if (value !== 'nosniff')
          throw new Error(`CloudFront sends X-Content-Type-Options: nosniff only, not ${value}`)
        security.contentTypeOptions = { override: true }
        break
      case 'X-Frame-Options':
        security.frameOptions = { frameOption: value as cloudfront.HeadersFrameOption, override: true }
        break
      case 'Referrer-Policy':
        security.referrerPolicy = {
          referrerPolicy: value as cloudfront.HeadersReferrerPolicy,
          override: true,
        }
        break
      case 'Strict-Transport-Security': {
        const hsts = /^max-age=(\d+)(; includeSubDomains)?(; preload)?$/.exec(value)
        if (!hsts) throw new Error(`CloudFront cannot send Strict-Transport-Security: ${value}`)
        security.strictTransportSecurity = {
          accessControlMaxAge: Duration.seconds(Number(hsts[1])),
          includeSubdomains: hsts[2] !== undefined,
          preload: hsts[3] !== undefined,
          override: true,
        }
        break
      }
      default:
        custom.push({ header, value, override: true })
    }
  }
  return { security, custom }
}

/**
 * Routes of a single-page app are paths without a file extension. A prerendered page lives at
 * `<route>/index.html`; any other route falls through to `/index.html` by the 403 error response.
 */
const spaRewrite = (prerendered: boolean) => `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.endsWith('/')) {
    request.uri = ${prerendered ? "uri + 'index.html'" : "'/index.html'"};
  } else if (uri.lastIndexOf('.') < uri.lastIndexOf('/')) {
    request.uri = ${prerendered ? "uri + '/index.html'" : "'/index.html'"};
  }
  return request;
}`

export interface StaticSiteProps {
  /** Which app: its security headers differ (the reception's camera and WebAssembly). */
  app: WebApp
  /** The app's build output (vite build), with index.html, sw.js and assets/. */
  distDir: string
  policies: WebDeliveryPolicies
  /** The build has `<route>/index.html` pages (the PWA prerenders its public pages). */
  prerendered: boolean
  domain?: CustomDomain
  /** Receives the bucket's S3 server access logs and the distribution's standard logs (decision 082). */
  logBucket: s3.IBucket
}

/**
 * One web app: a private S3 bucket, read by CloudFront only (origin access control). Its URL is known at
 * once; its files, with the runtime configuration that names the other services' URLs, come with deploy().
 */
export class StaticSite extends Construct {
  readonly bucket: s3.Bucket
  readonly distribution: cloudfront.Distribution
  readonly url: string
  /** What its response headers policies send (docs/decisions/093). */
  readonly securityHeaders: Record<string, string>
  private readonly distDir: string
  private runtimeConfig: RuntimeConfig | undefined

  constructor(scope: Construct, id: string, props: StaticSiteProps) {
    super(scope, id)
    this.distDir = props.distDir
    for (const file of ['index.html', 'sw.js']) {
      if (!existsSync(join(props.distDir, file))) {
        throw new Error(`${join(props.distDir, file)} is missing: build the web apps first (pnpm build)`)
      }
    }
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Everything in it is rebuilt by the next deployment.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: logPrefixes.s3(id.toLowerCase()),
    })
    // The policy's connect-src names the API, whose address exists only after this site's (the API needs the
    // site's URL): it is filled in at synthesis from the runtime config deploy() is given, the same object
    // that becomes the site's config.json.
    const inlineScriptHashes = builtInlineScriptHashes(props.distDir)
    this.securityHeaders = securityHeadersWith(
      Lazy.string({
        produce: () => {
          if (!this.runtimeConfig) throw new Error(`${this.node.path}: call deploy() with the runtime config`)
          return contentSecurityPolicy({
            app: props.app,
            config: this.runtimeConfig,
            inlineScriptHashes,
            production: true,
          })
        },
      }),
      { app: props.app, production: true },
    )
    const headers = responseHeaders(this.securityHeaders)
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `Security headers of ${props.app}`,
      securityHeadersBehavior: headers.security,
      ...(headers.custom.length > 0 ? { customHeadersBehavior: { customHeaders: headers.custom } } : {}),
    })
    // Overrides whatever the object's metadata says: even a file uploaded by hand is never kept stale.
    const noCacheHeaders = new cloudfront.ResponseHeadersPolicy(this, 'NoCacheHeaders', {
      comment: `Security headers of ${props.app}, and Cache-Control: no-cache for files that must be revalidated`,
      securityHeadersBehavior: headers.security,
      customHeadersBehavior: {
        customHeaders: [{ header: 'Cache-Control', value: noCache, override: true }, ...headers.custom],
      },
    })
    const origin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket)
    const revalidated: cloudfront.BehaviorOptions = {
      origin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      responseHeadersPolicy: noCacheHeaders,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
    }
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `${id}: static web app`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // Edge locations in Japan and the rest of Asia are in this class; South America and Oceania are not.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_200,
      logBucket: props.logBucket,
      logFilePrefix: logPrefixes.cloudFront(id.toLowerCase()),
      ...(props.domain
        ? {
            domainNames: [props.domain.domainName],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        origin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: props.policies.staticFiles,
        responseHeadersPolicy: securityHeaders,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        compress: true,
        functionAssociations: [
          {
            eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            function: new cloudfront.Function(this, 'SpaRoutes', {
              comment: 'Serves index.html for app routes',
              runtime: cloudfront.FunctionRuntime.JS_2_0,
              code: cloudfront.FunctionCode.fromInline(spaRewrite(props.prerendered)),
            }),
          },
        ],
      },
      additionalBehaviors: Object.fromEntries(revalidatedPaths.map((path) => [path, revalidated])),
      // A route that is not a file of the build is the app's to answer (its own "unknown path" redirect).
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
        ttl: Duration.seconds(0),
      })),
    })
    this.url = props.domain
      ? `https://${props.domain.domainName}`
      : `https://${this.distribution.distributionDomainName}`
  }

  /** The runtime config deploy() was given: the site's config.json. */
  get deployedConfig(): RuntimeConfig | undefined {
    return this.runtimeConfig
  }

  /**
   * Uploads the build and `/config.json` (packages/ui/src/runtime-config.ts), then invalidates the edges. The
   * security headers' connect-src names the hosts of the same runtime config.
   */
  deploy(runtimeConfig: RuntimeConfig): void {
    this.runtimeConfig = runtimeConfig
    // Hashed files first and never pruned: a browser still running the previous version can load its lazy
    // chunks after this deployment.
    const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      sources: [s3deploy.Source.asset(this.distDir)],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: [...immutableFiles],
      cacheControl: [s3deploy.CacheControl.fromString(immutable)],
      prune: false,
      memoryLimit: 1024,
    })
    // Then the files that name them, with the runtime configuration, and an invalidation of the edge caches.
    const entryFiles = new s3deploy.BucketDeployment(this, 'DeployEntryFiles', {
      sources: [s3deploy.Source.asset(this.distDir), s3deploy.Source.jsonData('config.json', runtimeConfig)],
      destinationBucket: this.bucket,
      exclude: [...immutableFiles],
      cacheControl: [s3deploy.CacheControl.fromString(noCache)],
      prune: true,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 1024,
    })
    entryFiles.node.addDependency(assets)
  }
}
