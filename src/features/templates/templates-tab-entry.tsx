import { lazy, Suspense } from 'react'
import { ListSkeleton } from '../../components/list-page/list-states'

// The Documentos page's 'Modelos' tab, through templates.public.ts. Its own module (not shared with the
// 'Gerar documento' button, which the client and case forms carry, also onto the dashboard's home): only
// the documents page holds this lazy import.
const LazyTemplatesTab = lazy(() => import('./templates-tab').then((m) => ({ default: m.TemplatesTab })))

export function TemplatesTab() {
  return (
    <Suspense fallback={<ListSkeleton />}>
      <LazyTemplatesTab />
    </Suspense>
  )
}
