#!/usr/bin/env node
// Who writes whose tables (issue 23 part 2, src/features/README.md "Tables have one owner"): the feature whose
// `*.table.server.ts` defines a table is the only one that writes it; the others call its surface. This lists
// every source file outside the owner that writes another feature's table — drizzle's `.insert(t)`,
// `.update(t)`, `.delete(t)`, or raw SQL `insert into` / `update` / `delete from` naming the table (`${t}` or
// its SQL name). Reads and joins are free. Tests and their helpers (fixtures, test-helpers) are left out.
// Usage: node scripts/table-writes.mjs [--check]
// --check (run by `npm run lint`): fails on any such write.
import fs from 'node:fs'
import path from 'node:path'

const SRC = path.resolve(import.meta.dirname, '..', 'src')
const IMPORT = /^\s*import\s+(type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]/gm
const TABLE = /export\s+const\s+(\w+)\s*=\s*pg(?:Table|View|MaterializedView)\(\s*['"]([a-z_][a-z0-9_]*)['"]/g

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(full)
    else if (
      /\.tsx?$/.test(entry.name) &&
      !/\.test\.tsx?$|\.fixtures(\.server)?\.ts$|\.test-helpers\.server\.ts$|\.d\.ts$/.test(entry.name)
    )
      yield full
  }
}

/** The owner of a file: its feature folder, or the top folder of src (server, platform, db…). */
function ownerOf(file) {
  const parts = path.relative(SRC, file).split(path.sep)
  return parts[0] === 'features' ? parts[1] : parts[0]
}

const relative = (file) => path.relative(path.dirname(SRC), file)

// Every table: `module path (no extension) + export name` and its SQL name → owner.
const tablesByModule = new Map() // absolute path without .ts -> Map(exportName -> { sqlName, owner })
const ownerBySqlName = new Map()
for (const file of sourceFiles(SRC)) {
  if (!file.endsWith('.table.server.ts')) continue
  const exports = new Map()
  for (const [, name, sqlName] of fs.readFileSync(file, 'utf8').matchAll(TABLE)) {
    exports.set(name, { sqlName, owner: ownerOf(file) })
    ownerBySqlName.set(sqlName, { name, owner: ownerOf(file) })
  }
  tablesByModule.set(file.replace(/\.ts$/, ''), exports)
}

/** Comments out of the way (they often say "update" or "delete from"); strings and SQL stay. */
const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/^\s*\/\/.*$/gm, ' ')

const writes = [] // "file -> table (owner)"
for (const file of sourceFiles(SRC)) {
  const owner = ownerOf(file)
  const text = withoutComments(fs.readFileSync(file, 'utf8'))
  // Local names bound to tables: `import { a, b as c } from '…x.table.server'` (and `import * as s`).
  const local = new Map() // local name -> { name, owner }
  const namespaces = new Map() // namespace -> Map(exportName -> { sqlName, owner })
  for (const [, typeOnly, clause, specifier] of text.matchAll(IMPORT)) {
    if (typeOnly || !specifier.startsWith('.')) continue
    const target = path.resolve(path.dirname(file), specifier)
    const exports =
      tablesByModule.get(target) ??
      (target.endsWith(path.join('db', 'schema.server')) ? allTables() : undefined)
    if (!exports) continue
    const star = clause.match(/\*\s+as\s+(\w+)/)
    if (star) namespaces.set(star[1], exports)
    const named = clause.match(/\{([^}]*)\}/)
    for (const part of named ? named[1].split(',') : []) {
      const [imported, alias] = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
      const table = exports.get(imported)
      if (table) local.set(alias ?? imported, { name: imported, owner: table.owner })
    }
  }
  const resolve = (expression) => {
    const [head, member] = expression.split('.')
    if (member) {
      const table = namespaces.get(head)?.get(member)
      return table ? { name: member, owner: table.owner } : undefined
    }
    return local.get(head)
  }
  const note = (table, how) => {
    if (table && table.owner !== owner)
      writes.push(`${relative(file)} -> ${table.name} (${table.owner}) ${how}`)
  }
  for (const [, verb, expression] of text.matchAll(
    /\.(insert|update|delete)\(\s*([\w$]+(?:\.[\w$]+)?)\s*\)/g,
  ))
    note(resolve(expression), verb)
  const SQL_VERB = String.raw`\b(insert\s+into|update|delete\s+from)\s+`
  for (const [, verb, expression] of text.matchAll(
    new RegExp(SQL_VERB + String.raw`\$\{\s*([\w$.]+)\s*\}`, 'gi'),
  ))
    note(resolve(expression), verb.toLowerCase().split(/\s+/)[0])
  for (const [, verb, sqlName] of text.matchAll(
    new RegExp(SQL_VERB + String.raw`"?([a-z_][a-z0-9_]*)"?`, 'g'),
  ))
    note(ownerBySqlName.get(sqlName), verb.split(/\s+/)[0])
}

function allTables() {
  const all = new Map()
  for (const exports of tablesByModule.values()) for (const [name, table] of exports) all.set(name, table)
  return all
}

// One line per file and table, with its statements (`update ×2`); the list below is keyed by file and table.
const lines = new Map()
for (const write of writes.sort()) {
  const at = write.lastIndexOf(' ')
  const key = write.slice(0, at)
  const verbs = lines.get(key) ?? new Map()
  verbs.set(write.slice(at + 1), (verbs.get(write.slice(at + 1)) ?? 0) + 1)
  lines.set(key, verbs)
}
const listed = [...lines.keys()]
for (const [key, verbs] of lines)
  console.log(`${key} ${[...verbs].map(([verb, n]) => (n > 1 ? `${verb} ×${n}` : verb)).join(', ')}`)
console.log(`write statements on another feature's table: ${writes.length}`)
console.log(`(file, table) pairs: ${listed.length}`)
console.log(
  `files writing another feature's table: ${new Set(listed.map((key) => key.split(' -> ')[0])).size}`,
)

if (process.argv.includes('--check') && listed.length > 0) {
  for (const key of listed)
    console.error(`writes a table it does not own: ${key} (call the owner's surface: src/features/README.md)`)
  process.exit(1)
}
