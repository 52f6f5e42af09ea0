import { Suspense } from 'react'
import { MaintenancePage } from '../../components/maintenance-page'
import { PageSpinner } from '../../components/page-spinner'
import { AboutSection } from './about-section'
import { ContactSection } from './contact-section'
import { EntitiesSection } from './entities-section'
import { HeroSection } from './hero-section'
import { JobsSection } from './jobs-section'
import { LandingFooter } from './landing-footer'
import { MAIN_ID } from './landing-nav'
import { LawyerSearch } from './lawyer-search'
import { ProfileTeaser } from './profile-teaser'
import { TopBar } from './top-bar'
import { useLandingPlatform } from './use-landing-platform'
import { useLandingSession } from './use-landing-session'
import { format, useLandingText, type LandingText } from './use-landing-text'

/**
 * Home (/), spec §2. Rendered on its own by src/app/main.tsx on a first visit (no router, i18next or
 * TanStack Query: keep it that way, see the bundle budget in bench/foundation.ts), and by the router when
 * the app navigates here. Links are plain anchors so the page works in both.
 */
export function LandingPage() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Landing />
    </Suspense>
  )
}

function Landing() {
  const text = useLandingText()
  const { session, signOut, signingOut } = useLandingSession(text.account)
  const platform = useLandingPlatform()
  // Maintenance (/admin/settings): the same page the router's routes show, to everyone but admins.
  if (platform?.maintenanceMode && !(session.status === 'signedIn' && session.isAdmin)) {
    if (session.status === 'loading') return null
    return <MaintenancePage text={maintenanceText(text.maintenance, platform.platformName)} />
  }
  const account = { session, onSignOut: () => void signOut(), signingOut }
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {text.skipLink}
      </a>
      <TopBar {...account} />
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <HeroSection />
        <ProfileTeaser session={session} />
        <LawyerSearch />
        <JobsSection />
        <EntitiesSection />
        <AboutSection />
        <ContactSection />
      </main>
      <LandingFooter />
    </div>
  )
}

function maintenanceText(text: LandingText['maintenance'], name: string) {
  return {
    documentTitle: format(text.documentTitle, { name }),
    title: text.title,
    message: format(text.message, { name }),
    adminSignIn: text.adminSignIn,
  }
}
