// The order of the features (issue 23, docs/decisions/007), read from the `order` block of
// src/features/README.md so that the page a newcomer reads is the rule lint enforces. Each line of the block is
// one layer, bottom first: `name: feature feature …`. A feature may import the features of the layers below its
// own, and those of its own layer through their surfaces as long as no cycle forms (scripts/feature-graph.mjs).
import fs from 'node:fs'
import path from 'node:path'

const FEATURES_DIR = path.resolve(import.meta.dirname, '..', 'src', 'features')
const README = path.join(FEATURES_DIR, 'README.md')

/** @returns {{ name: string, features: string[] }[]} the layers, bottom first */
export function readFeatureOrder() {
  const text = fs.readFileSync(README, 'utf8')
  const block = text.match(/```order\n([\s\S]*?)```/)
  if (!block) throw new Error(`${README}: no \`\`\`order block`)
  const layers = block[1]
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [name, list = ''] = line.split(':')
      return { name: name.trim(), features: list.trim().split(/\s+/).filter(Boolean) }
    })
  const folders = fs
    .readdirSync(FEATURES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
  const listed = layers.flatMap((layer) => layer.features)
  const missing = folders.filter((folder) => !listed.includes(folder))
  const unknown = listed.filter((feature) => !folders.includes(feature))
  const twice = listed.filter((feature, index) => listed.indexOf(feature) !== index)
  if (missing.length || unknown.length || twice.length)
    throw new Error(
      `src/features/README.md order block: every feature folder exactly once` +
        (missing.length ? `; missing: ${missing.join(', ')}` : '') +
        (unknown.length ? `; no such folder: ${unknown.join(', ')}` : '') +
        (twice.length ? `; listed twice: ${twice.join(', ')}` : ''),
    )
  return layers
}

/** feature → its layer's index (0 = bottom) */
export function layerIndex(layers = readFeatureOrder()) {
  return new Map(layers.flatMap((layer, index) => layer.features.map((feature) => [feature, index])))
}
