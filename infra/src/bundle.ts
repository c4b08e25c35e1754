import { cpSync, existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { AssetHashType, DockerImage } from 'aws-cdk-lib'
import * as lambda from 'aws-cdk-lib/aws-lambda'
import { buildSync } from 'esbuild'

const runtimeDir = fileURLToPath(new URL('./runtime/', import.meta.url))

/** apps/api, found through the workspace dependency rather than a relative path. */
const apiPackageDir = dirname(createRequire(import.meta.url).resolve('@furfes/api/package.json'))

/** The handlers inside the asset: `dist/<name>.handler`. */
export const apiHandler = 'dist/api.handler'
export const migrateHandler = 'dist/migrate.handler'
export const mailDrainHandler = 'dist/mail.handler'

/**
 * Builds the code both functions run: the API entry and the migrator, each one ESM file, with the committed
 * migrations beside them. The layout matters: the API finds its migrations at `<module dir>/../drizzle`
 * (apps/api/src/env.ts, packageRoot), which is `dist/../drizzle` here.
 *
 * esbuild runs in-process through its JavaScript API, so a synth needs neither Docker nor the network, and
 * is quick enough to run in the unit tests.
 */
export function bundleApi(outputDir: string): void {
  buildSync({
    entryPoints: {
      api: join(runtimeDir, 'api.ts'),
      migrate: join(runtimeDir, 'migrate.ts'),
      mail: join(runtimeDir, 'mail.ts'),
    },
    outdir: join(outputDir, 'dist'),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'esm',
    // CommonJS dependencies (pg) call require() for Node's built-in modules; an ES module has no require.
    banner: {
      js: "import { createRequire as furfesCreateRequire } from 'node:module'; const require = furfesCreateRequire(import.meta.url);",
    },
    // pg loads its optional native binding only when asked to; it is not installed. MJML's config loader
    // (cosmiconfig) imports TypeScript only to read a .ts config file, which the API never has.
    external: ['pg-native', 'typescript'],
    logLevel: 'error',
    legalComments: 'none',
  })
  const migrations = join(apiPackageDir, 'drizzle')
  if (!existsSync(join(migrations, 'meta', '_journal.json'))) {
    throw new Error(`No drizzle migrations at ${migrations}: the migrator would have nothing to apply`)
  }
  cpSync(migrations, join(outputDir, 'drizzle'), { recursive: true })
}

/**
 * The bundle as a Lambda code asset. Bundling is local only: the Docker image is never pulled, because
 * tryBundle either succeeds or throws. The asset is named by the hash of its output, so a deploy updates
 * the functions (and re-runs the migrator) exactly when the code or a migration changed.
 */
export function apiCode(): lambda.Code {
  return lambda.Code.fromAsset(runtimeDir, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('local-bundling-only'),
      local: {
        tryBundle(outputDir) {
          bundleApi(outputDir)
          return true
        },
      },
    },
  })
}
