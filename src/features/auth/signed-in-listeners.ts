// What happens in the browser right after a sign-in, beyond entering the app: features above auth (privacy's
// reminder of a scheduled account deletion) listen here, wired by the shell (src/app/feature-hooks.ts), so auth
// imports none of them (decision 007).

type Listener = () => void
const listeners = new Set<Listener>()

/** Runs `listener` after every successful sign-in; returns its removal. */
export function onSignedIn(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function notifySignedIn(): void {
  for (const listener of listeners) listener()
}
