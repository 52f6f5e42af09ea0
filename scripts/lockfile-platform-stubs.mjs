// Some packages list optional, platform-specific binaries (e.g. @tailwindcss/oxide-darwin-arm64) that the npm
// registry reachable here doesn't serve. `npm install` then leaves them out of package-lock.json, and a clean
// `npm ci` refuses the "out of sync" lockfile. This adds a stub entry for each missing optional dependency,
// with the os/cpu of its name, so `npm ci` accepts the lockfile and skips it on this platform (it is never
// downloaded). Run after every `npm install`: `npm run lock:fix` (src/lockfile.test.ts fails until you do).
import fs from 'node:fs'

const LOCK = new URL('../package-lock.json', import.meta.url)

/** os/cpu/libc implied by the conventional platform suffix of a binary package's name. */
export function platformOf(name) {
  const os = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'sunos', 'aix'].find((o) =>
    name.includes(`-${o}-`),
  )
  const cpu = ['arm64', 'x64', 'ia32', 'arm', 'wasm32', 'riscv64', 'ppc64', 's390x', 'loong64'].find((c) =>
    new RegExp(`-${c}(-|$)`).test(name),
  )
  const libc = name.endsWith('-musl')
    ? ['musl']
    : name.endsWith('-gnu') || name.includes('-gnueabihf')
      ? ['glibc']
      : undefined
  return { ...(os && { os: [os] }), ...(cpu && { cpu: [cpu] }), ...(libc && { libc }) }
}

export function missingOptionalDependencies(lock) {
  const missing = []
  for (const [location, entry] of Object.entries(lock.packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const nested = `${location ? `${location}/` : ''}node_modules/${name}`
      if (!lock.packages[nested] && !lock.packages[`node_modules/${name}`])
        missing.push({ name, version, location: `node_modules/${name}` })
    }
  }
  return missing
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const lock = JSON.parse(fs.readFileSync(LOCK, 'utf8'))
  const missing = missingOptionalDependencies(lock)
  for (const { name, version, location } of missing) {
    lock.packages[location] = { version, optional: true, ...platformOf(name) }
    console.log(`stub: ${name}@${version}`, JSON.stringify(platformOf(name)))
  }
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  )
  fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`)
  console.log(
    missing.length
      ? `${missing.length} stub(s) added to package-lock.json`
      : 'package-lock.json already complete',
  )
}
