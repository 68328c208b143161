/**
 * bench:poem's bare `node:http` reference, in its own process: answers every GET with the bytes of
 * BODY_FILE (read once), as JSON, on 127.0.0.1:PORT; prints `ready` once listening. Nothing else:
 * no routing, no framework, no ETag. What a Node process can serve at best on this machine.
 */
import fs from 'node:fs';
import http from 'node:http';

const body = fs.readFileSync(process.env.BODY_FILE!);
const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  response.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
