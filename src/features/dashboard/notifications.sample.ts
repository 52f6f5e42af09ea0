import type { NotificationType } from './use-notifications'

/**
 * Spec §2 "Notifications dropdown": a local sample list (no persistence; real notifications arrive in a later
 * issue). `minutesAgo` becomes the item's time when the list is created.
 */
export const SAMPLE_NOTIFICATIONS: {
  id: string
  title: string
  message: string
  type: NotificationType
  minutesAgo: number
  read: boolean
}[] = [
  {
    id: 'n1',
    title: 'Prazo processual amanhã',
    message: 'Contestação no processo 0001234-56.2024.8.26.0100 vence amanhã às 23h59.',
    type: 'warning',
    minutesAgo: 5,
    read: false,
  },
  {
    id: 'n2',
    title: 'Novo cliente cadastrado',
    message: 'Maria Oliveira foi adicionada ao CRM.',
    type: 'success',
    minutesAgo: 60,
    read: false,
  },
  {
    id: 'n3',
    title: 'Audiência reagendada',
    message: 'A audiência de conciliação foi remarcada para 15/04 às 14h.',
    type: 'info',
    minutesAgo: 180,
    read: false,
  },
  {
    id: 'n4',
    title: 'Falha na sincronização',
    message: 'Não foi possível sincronizar a agenda com o tribunal. Tente novamente.',
    type: 'error',
    minutesAgo: 60 * 24,
    read: true,
  },
]
