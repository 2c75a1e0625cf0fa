/**
 * Who is signed in to the studio. Every route under `/studio/api/` but the sign-in's own runs
 * only with a valid session, which sets `request.studioPerson` before the route's handler.
 */
export interface StudioPerson {
  id: number;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the studio's session check; null outside the studio or without a session. */
    studioPerson: StudioPerson | null;
  }
}
