#!/usr/bin/env node
// The floor of `npm run bench:server`: a bare Fastify route answering, from memory, the JSON that
// the portal's voti_plain answered (read from BODY_FILE at start). No plugins, hooks, auth or schema.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = JSON.parse(readFileSync(process.env.BODY_FILE, 'utf8'));
const app = Fastify({ logger: false });
app.get('/voti_plain', async () => body);
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
console.log('bare server up');
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void app.close().then(() => process.exit(0)));
