import { UnderConstructionPage } from '../../app/under-construction-page'

// Placeholder until its issue builds this screen.
export function ClientsPage() {
  return <UnderConstructionPage />
}
