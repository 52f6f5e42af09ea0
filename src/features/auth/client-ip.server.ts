/**
 * The client's address as the server itself determined it (platform/client-ip.server.ts: the socket, or the
 * X-Forwarded-For entry TRUST_PROXY hops from the right); a client's own copy is dropped first. Its own file so
 * the sign-in guard reads it without importing auth.server.ts, which loads the guard (no cycle).
 */
export const CLIENT_IP_HEADER = 'x-jusconecta-client-ip'
