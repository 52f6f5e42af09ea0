import { lazy, StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import './styles.css'
import { LandingPage } from '../features/landing/landing-page'
import { PageSpinner } from '../components/page-spinner'
import { paths } from '../lib/paths'
import { ThemeProvider } from '../lib/theme'
import { OnDemandToaster } from '../components/toasts'

// The landing page is most visitors' first screen and needs neither the router, i18next nor TanStack Query
// (~60 KB gzip together), so it renders on its own and every other path loads the full app (router,
// i18n, query client, toaster) as one lazy chunk. The router also serves '/' for in-app navigation.
const App = lazy(() => import('./app').then((module) => ({ default: module.App })))

const root = document.getElementById('root')
if (!root) throw new Error('#root missing from index.html')
const isLanding = window.location.pathname === paths.home
// The landing's page view (/admin/analytics), loaded after it renders: no weight on its first chunk.
if (isLanding) void import('../features/platform-analytics/report-view').then((m) => m.reportView(paths.home))

createRoot(root).render(
  <StrictMode>
    <ThemeProvider>
      {isLanding ? (
        <>
          <LandingPage />
          <OnDemandToaster />
        </>
      ) : (
        <Suspense fallback={<PageSpinner />}>
          <App />
        </Suspense>
      )}
    </ThemeProvider>
  </StrictMode>,
)
