import { lazy, Suspense, useSyncExternalStore } from 'react'

// The full app mounts sonner's Toaster itself (src/app/app.tsx). The landing page rendered on its own
// doesn't download sonner until it has something to say: `notify` loads it and asks the
// OnDemandToaster beside the landing page to mount. Sonner replays toasts created before its Toaster.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })))

let requested = false
const listeners = new Set<() => void>()

export interface Notice {
  title: string
  description?: string
}

/** Shows a toast, loading sonner on first use; works both inside the full app and on the lone landing page. */
export async function notify(kind: 'success' | 'error', { title, description }: Notice) {
  const { toast } = await import('sonner')
  toast[kind](title, { description })
  if (!requested) {
    requested = true
    listeners.forEach((listener) => listener())
  }
}

export function OnDemandToaster() {
  const show = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => requested,
    () => false,
  )
  if (!show) return null
  return (
    <Suspense fallback={null}>
      <Toaster richColors closeButton position="top-right" />
    </Suspense>
  )
}
