// The reference for API throughput: a bare node:http server answering recorded JSON bodies.
//   node scripts/bench/bare-server.mjs <port> <bodies.json>   (bodies.json: {"/api/teams": "<json text>", …})
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, bodiesFile] = process.argv.slice(2);
const bodies = new Map(Object.entries(JSON.parse(readFileSync(bodiesFile, 'utf8'))).map(([path, body]) => [path, Buffer.from(body)]));

createServer((request, response) => {
  const body = bodies.get(request.url.split('?')[0]);
  if (!body) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  response.end(body);
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
