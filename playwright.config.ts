import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3100)
export const E2E_MASTER_EMAIL = 'master@e2e.jusconecta.test'
// The server's throwaway DATA_DIR (e2e/serve.mjs), known to the specs too: they read mail from its outbox.
// Set once in the runner; the server and the workers inherit it.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `jusconecta-e2e-${PORT}-${Date.now().toString(36)}`)

// Debian's Chromium (Playwright's own browser download can't run here). Flags: no sandbox as root, and no
// background networking, whose connections this closed network refuses.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
}

const PLATFORM_SETTINGS_SPECS = [
  /admin-settings\.spec\.ts/,
  /admin-financial\.spec\.ts/,
  /billing-lawyer\.spec\.ts/,
]

export default defineConfig({
  testDir: 'e2e',
  // Parallel runs (each with its own JC_DIST_DIR) must not wipe each other's artefacts.
  outputDir: process.env.JC_DIST_DIR ? `test-results/${process.env.JC_DIST_DIR}` : 'test-results/default',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // CI machines vary: the same suite has taken 36 and 71 minutes. A slow one stretched a dashboard's first
  // load past 7 s under two workers, and specs failed on waiting, not on behaviour. The waits are generous
  // there (they only wait longer when something is missing); speed is measured by `npm run bench`.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [
    // The master account is signed up and confirmed once, before the specs that sign in as it.
    {
      name: 'master',
      testMatch: /master\.setup\.ts/,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    {
      name: 'chromium',
      dependencies: ['master'],
      testIgnore: PLATFORM_SETTINGS_SPECS,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    // Specs that change the platform's own settings (maintenance, trial days, the Pix key) change them for
    // every spec on the server: they run after all the others, one file after another.
    ...PLATFORM_SETTINGS_SPECS.map((spec, index) => ({
      name: `platform-settings-${index + 1}`,
      testMatch: spec,
      dependencies: [index === 0 ? 'chromium' : `platform-settings-${index}`],
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    })),
  ],
  // The production build (`npm start`) on a fresh, throwaway DATA_DIR.
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // TRUST_PROXY: a spec may send X-Forwarded-For to act as its own client for the sign-in/sign-up rate
    // limits (e2e/accounts.fixtures.ts does); requests without it are limited per socket as in production.
    // RATE_LIMIT_ANONYMOUS_MAX: every spec browses the public pages anonymously from this one address, two
    // workers at a time; a visitor's budget (300 a minute) is not the whole suite's.
    env: {
      PORT: String(PORT),
      MASTER_EMAIL: E2E_MASTER_EMAIL,
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      TRUST_PROXY: 'true',
      RATE_LIMIT_ANONYMOUS_MAX: '1000000',
    },
  },
})
