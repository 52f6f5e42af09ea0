import { Suspense } from 'react'
import { RouterProvider } from 'react-router'
import { QueryClientProvider } from '@tanstack/react-query'
import { Toaster } from 'sonner'
import '../lib/i18n'
import './feature-hooks'
import { router } from './router'
import { PageSpinner } from '../components/page-spinner'
import { queryClient } from './query-client'

/** Every screen but the first-load landing page: router, i18n, TanStack Query and toasts (loaded by main.tsx). */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<PageSpinner />}>
        <RouterProvider router={router} />
      </Suspense>
      <Toaster richColors closeButton position="top-right" />
    </QueryClientProvider>
  )
}
