#!/usr/bin/env node
// The features' import graph (issue 23's measures): which features import each other, the largest group of
// features that all reach one another (a strongly connected component), and the value imports of another
// feature's tables. Only imports that run count: `import type` and tests are left out.
// Usage: node scripts/feature-graph.mjs [--pairs] [--check]
// --check (run by `npm run lint`): fails on any cycle between features (a group larger than one) and on an
// import that goes up the order of src/features/README.md. ESLint refuses the upward import too, with the file
// and line; this script also sees the cycles inside a layer, which a per-file rule cannot.
import fs from 'node:fs'
import path from 'node:path'
import { layerIndex, readFeatureOrder } from './feature-order.mjs'

const ROOT = path.resolve(import.meta.dirname, '..', 'src', 'features')
const IMPORT = /^\s*(import|export)\s+(type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]/gm

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(full)
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.fixtures\.ts$/.test(entry.name)) yield full
  }
}

/** Named imports all marked `type` (`import { type A, type B }`) do not run either. */
function onlyTypes(clause) {
  const named = clause.match(/\{([^}]*)\}/)
  if (!named || clause.replace(named[0], '').replace(/,/g, '').trim() !== '') return false
  const names = named[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  return names.length > 0 && names.every((name) => name.startsWith('type '))
}

const edges = new Map() // feature -> Set(feature)
const tableImports = []
for (const file of sourceFiles(ROOT)) {
  const from = path.relative(ROOT, file).split(path.sep)[0]
  const text = fs.readFileSync(file, 'utf8')
  for (const match of text.matchAll(IMPORT)) {
    const [, , typeKeyword, clause, specifier] = match
    if (typeKeyword || onlyTypes(clause) || !specifier.startsWith('.')) continue
    const target = path.resolve(path.dirname(file), specifier)
    if (!target.startsWith(ROOT + path.sep)) continue
    const to = path.relative(ROOT, target).split(path.sep)[0]
    if (to === from) continue
    if (!edges.has(from)) edges.set(from, new Set())
    edges.get(from).add(to)
    if (/\.table\.server$/.test(target)) tableImports.push(`${path.relative(ROOT, file)} -> ${specifier}`)
  }
}

const features = fs.readdirSync(ROOT).filter((name) => fs.statSync(path.join(ROOT, name)).isDirectory())
const pairs = []
for (const a of features)
  for (const b of features)
    if (a < b && edges.get(a)?.has(b) && edges.get(b)?.has(a)) pairs.push(`${a} <-> ${b}`)

// Tarjan's strongly connected components.
let index = 0
const stack = []
const info = new Map()
const groups = []
function visit(v) {
  info.set(v, { index, low: index, onStack: true })
  index++
  stack.push(v)
  for (const w of edges.get(v) ?? []) {
    if (!info.has(w)) {
      visit(w)
      info.get(v).low = Math.min(info.get(v).low, info.get(w).low)
    } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index)
  }
  if (info.get(v).low === info.get(v).index) {
    const group = []
    let w
    do {
      w = stack.pop()
      info.get(w).onStack = false
      group.push(w)
    } while (w !== v)
    groups.push(group)
  }
}
for (const feature of features) if (!info.has(feature)) visit(feature)
const largest = groups.sort((a, b) => b.length - a.length)[0]

console.log(`features: ${features.length}`)
console.log(`feature pairs importing each other: ${pairs.length}`)
console.log(`largest group reaching one another: ${largest.length} (${largest.sort().join(', ')})`)
console.log(`value imports of another feature's tables: ${tableImports.length}`)
if (process.argv.includes('--pairs')) for (const pair of pairs) console.log(`  ${pair}`)

// Imports that go up the order of src/features/README.md (ESLint refuses them too, type imports included).
const layers = readFeatureOrder()
const layerOf = layerIndex(layers)
const upward = []
for (const [from, targets] of edges)
  for (const to of targets) if (layerOf.get(to) > layerOf.get(from)) upward.push(`${from} -> ${to}`)
console.log(`imports up the order: ${upward.length}`)
for (const edge of upward) console.log(`  ${edge}`)

if (process.argv.includes('--check')) {
  const cycles = groups.filter((group) => group.length > 1)
  for (const group of cycles)
    console.error(`features reaching one another: ${group.join(', ')} (docs/decisions/007: no cycles)`)
  if (upward.length > 0)
    console.error('imports go down the order of src/features/README.md (docs/decisions/007)')
  if (cycles.length > 0 || upward.length > 0) process.exit(1)
}
