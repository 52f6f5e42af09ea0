import { onSignedIn } from '../features/auth/signed-in-listeners'

// The shell wires what upper features do when a lower one acts (decision 007), as feature-slots.tsx does for
// what they show. Each reaction loads its code when it first runs.

// LGPD grace period: a scheduled account deletion is recalled at every sign-in.
onSignedIn(() => {
  void import('../features/privacy/pending-deletion-reminder').then((m) => m.remindPendingDeletion())
})
