/**
 * bench:poem's bare `node:http` reference, in its own process: answers every GET with the bytes of
 * BODY_FILE (read once), as JSON, on 127.0.0.1:PORT; prints `ready` once listening. Nothing else:
 * no routing, no framework, no ETag. What a Node process can serve at best on this machine.
 * HEADERS (a JSON flat name, value list): sent instead of the content type, as they are, but for
 * X-Request-Id, a new uuid each time as the site makes; Node adds its length, Date and Connection.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';

const body = fs.readFileSync(process.env.BODY_FILE!);
const given = process.env.HEADERS ? (JSON.parse(process.env.HEADERS) as string[]) : null;
const head = given ? [...given, 'content-length', String(body.length)] : null;
const requestIdSlot = head ? head.findIndex((name, i) => i % 2 === 0 && name.toLowerCase() === 'x-request-id') + 1 : 0;
const server = http.createServer((_request, response) => {
  if (head) {
    if (requestIdSlot > 0) head[requestIdSlot] = randomUUID();
    response.writeHead(200, head);
  } else {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  }
  response.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
