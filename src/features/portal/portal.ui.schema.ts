import { z } from 'zod'
import { newPassword } from '../auth/auth.public'
import { acceptInviteSchema } from './portal.schema'

// The invitation form's own check (issue 26): the accept route's body (the platform's password rule) plus the
// confirmation, which only the form knows of.

export const PASSWORD_MISMATCH = 'As senhas não coincidem.'

export const createPortalPasswordSchema = acceptInviteSchema
  .extend({ password: newPassword, confirmPassword: z.string() })
  .refine((data) => data.password === data.confirmPassword, {
    message: PASSWORD_MISMATCH,
    path: ['confirmPassword'],
  })
export type CreatePortalPasswordValues = z.infer<typeof createPortalPasswordSchema>
