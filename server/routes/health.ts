/** A health route for load balancers and uptime checks. */
import type { FastifyPluginAsync } from 'fastify';

const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok', uptimeSeconds: Math.round(process.uptime()) };
  });
};

export default healthRoutes;
