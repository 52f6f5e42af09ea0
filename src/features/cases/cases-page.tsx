import { UnderConstructionPage } from '../../app/under-construction-page'

// Placeholder until its issue builds this screen.
export function CasesPage() {
  return <UnderConstructionPage />
}
