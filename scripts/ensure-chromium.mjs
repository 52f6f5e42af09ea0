// E2E tests drive Debian's Chromium (Playwright's own browser download can't run here). When it is missing and
// we run as root, install it with apt — the only global install `npm test` ever makes (DESIGN §1).
import { execSync } from 'node:child_process'
import fs from 'node:fs'

const browser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!fs.existsSync(browser)) {
  if (process.getuid?.() !== 0) {
    console.error(`Chromium não encontrado em ${browser}. Instale com: sudo apt-get install chromium`)
    process.exit(1)
  }
  console.log("Chromium ausente: instalando o pacote 'chromium' do Debian...")
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  })
}
