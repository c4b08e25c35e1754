import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { apiRoutes } from '../../packages/core/src/contract/routes.ts'

const apiSource = fileURLToPath(new URL('../../apps/api/src', import.meta.url))
const read = (path: string) => readFileSync(join(apiSource, path), 'utf8')
const routeModules = readdirSync(join(apiSource, 'routes')).filter((name) => name.endsWith('.ts'))

/*
 * The API's rooms (docs/architecture.md): app.ts wires middleware and services, each feature's handlers live in
 * routes/<feature>.ts, and the mounter parses what the route table declares.
 */
describe('API layout', () => {
  it('keeps app.ts to middleware and wiring, under 200 lines and without handlers', () => {
    const app = read('app.ts')
    expect(app.split('\n').length).toBeLessThan(200)
    expect(app).not.toMatch(/\bmount\(apiRoutes\./)
  })

  it('mounts every route of the table once, from a route module', () => {
    const mounted = routeModules.flatMap((name) =>
      [...read(join('routes', name)).matchAll(/\bmount\(apiRoutes\.(\w+)/g)].map((match) => match[1]),
    )
    expect(mounted.toSorted()).toEqual(Object.keys(apiRoutes).toSorted())
  })

  it('leaves parsing of path parameters and query to the mounter', () => {
    for (const name of routeModules) {
      const source = read(join('routes', name))
      expect(source, name).not.toMatch(/safeParse|req\.param\(|req\.query\(/)
    }
  })
})
