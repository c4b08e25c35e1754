// Build plugin: writes dist/.vite/bundle-report.json, which the budget checks and the benchmark read. For each
// chunk it records what it loads next, its gzip size and the packages inside it.
import { gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

export interface ReportedChunk {
  file: string
  isEntry: boolean
  isDynamicEntry: boolean
  /** The module a lazy chunk was split for, relative to the app (src/pages/FaqPage.tsx). */
  source: string | null
  imports: string[]
  dynamicImports: string[]
  bytes: number
  gzipBytes: number
  /** npm packages and workspace packages with code in the chunk. */
  packages: string[]
  /**
   * Each module's rendered length in the chunk (bytes, before compression), relative to the repository where
   * it is one of ours: what to compare when a page's JavaScript grows.
   */
  modules: Record<string, number>
}

export interface BundleReport {
  chunks: ReportedChunk[]
}

export const bundleReportFile = '.vite/bundle-report.json'

/** `/…/node_modules/.pnpm/x/node_modules/@mui/material/Button/Button.mjs` → `@mui/material`. */
function packageOf(moduleId: string): string | undefined {
  const npm = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)\//.exec(moduleId)
  if (npm?.[1]) return npm[1]
  const workspace = /\/packages\/([^/]+)\/src\//.exec(moduleId)
  return workspace?.[1] ? `@furfes/${workspace[1]}` : undefined
}

/** `/…/node_modules/.pnpm/x/node_modules/@mui/material/Button/Button.mjs` → `@mui/material/Button/Button.mjs`. */
function shortModuleId(moduleId: string, root: string): string {
  const npm = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?(.+)$/.exec(moduleId)
  if (npm?.[1]) return npm[1]
  const repository = root.replace(/\/apps\/[^/]+$/, '/')
  return moduleId.startsWith(repository) ? moduleId.slice(repository.length) : moduleId
}

export function bundleReportPlugin(root: string): Plugin {
  return {
    name: 'furfes-bundle-report',
    apply: 'build',
    generateBundle(_, bundle) {
      if (this.environment.name !== 'client') return
      const chunks: ReportedChunk[] = []
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        const packages = new Set<string>()
        const modules: Record<string, number> = {}
        for (const [id, module] of Object.entries(output.modules)) {
          const name = packageOf(id)
          if (name) packages.add(name)
          if (module.renderedLength > 0) modules[shortModuleId(id, root)] = module.renderedLength
        }
        chunks.push({
          file: output.fileName,
          isEntry: output.isEntry,
          isDynamicEntry: output.isDynamicEntry,
          source: output.facadeModuleId?.startsWith(root)
            ? output.facadeModuleId.slice(root.length + 1)
            : null,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          bytes: Buffer.byteLength(output.code),
          gzipBytes: gzipSync(output.code, { level: 9 }).length,
          packages: [...packages].sort(),
          modules,
        })
      }
      const report: BundleReport = { chunks: chunks.sort((a, b) => a.file.localeCompare(b.file)) }
      this.emitFile({
        type: 'asset',
        fileName: bundleReportFile,
        source: `${JSON.stringify(report, null, 2)}\n`,
      })
    },
  }
}
