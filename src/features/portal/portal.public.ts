// The portal feature's browser surface: what the shell and the features above it may use.
// The client record's 'Acesso ao Portal' card (office side).
export { PortalAccessCard } from './portal-access-card'
// Issue 26, 'Mensagens': the thread (both sides), the client record's panel and the dashboard's counter.
export { MessageThread, type MessageThreadProps } from './message-thread'
export { ClientMessagesPanel } from './client-messages-panel'
export { UnreadMessagesCard } from './unread-messages-card'
