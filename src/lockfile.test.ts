import fs from 'node:fs'
import { describe, expect, it } from 'vitest'

// `npm ci` (CI and the README's first command) refuses a lockfile that lacks an optional dependency, and this
// machine's registry lacks some platform binaries, so `npm install` drops them. scripts/lockfile-platform-stubs.mjs
// (`npm run lock:fix`) adds skip-on-this-platform stubs; this test catches a lockfile that lost them.
describe('package-lock.json', () => {
  it('lists every optional dependency, so a clean `npm ci` accepts it', () => {
    const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { optionalDependencies?: Record<string, string> }>
    }
    const missing = Object.entries(lock.packages).flatMap(([location, entry]) =>
      Object.keys(entry.optionalDependencies ?? {}).filter(
        (name) =>
          !lock.packages[`${location ? `${location}/` : ''}node_modules/${name}`] &&
          !lock.packages[`node_modules/${name}`],
      ),
    )
    expect(missing, 'run `npm run lock:fix` after `npm install`').toEqual([])
  })
})
