/**
 * The baseline of `bench/http.ts` and `bench/soak.ts`: a bare Fastify app (same Fastify version as
 * the real server, no logger, no plugins) answering the smallest JSON a member call answers. It runs
 * in a process of its own, as the real server does, so both are loaded the same way.
 *
 *   PORT=4100 node bench/bare-server.ts
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const answer = async () => ({ status: 'success' });
app.get('/bare', answer);
app.post('/bare', answer);

const shutdown = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ port: Number(process.env.PORT ?? 4100), host: '127.0.0.1' });
