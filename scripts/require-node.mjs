// The project carries its own Node.js (the `node` package in package.json, decision 024): `npm start`,
// `npm test` and every npm script run it from node_modules/.bin. Started by hand with an older system node
// (`node scripts/start.mjs`), the server stops here at once with one line, before anything else is loaded.
import fs from 'node:fs'

const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
const required = Number(/\d+/.exec(pkg.engines.node)?.[0])
const running = Number(process.versions.node.split('.')[0])

if (running < required) {
  process.stderr.write(
    `JusConecta precisa do Node.js ${required}, mas este é o ${process.versions.node}: use \`npm start\` ` +
      `(que usa o Node ${required} do projeto) — needs Node.js ${required}: run \`npm start\`.\n`,
  )
  process.exit(1)
}
