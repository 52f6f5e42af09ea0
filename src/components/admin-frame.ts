import type { ReactNode } from 'react'
import { createSlot } from './slot'

export interface AdminFrameProps {
  title: string
  subtitle?: string
  actions?: ReactNode
  /** The 'Voltar ao painel' link (on by default). */
  back?: boolean
  children: ReactNode
}

/**
 * The page frame of the platform's admin screens (title, superadmin badge, back link, the simulation banner):
 * the admin feature's AdminShell, filled by the shell (src/app/feature-slots.tsx), so the platform features
 * below the admin (settings, logs, billing) show their /admin pages in it without importing the admin
 * (decision 007). Unfilled (a component test) it shows the page's content alone.
 */
export const adminFrameSlot = createSlot<AdminFrameProps>('admin-frame')

export const AdminFrame = adminFrameSlot.Slot
