// The benchmark's control: the least any Node server can do to answer the public list. It
// returns the very bytes the real server returned (status, headers in their order, body) from
// memory. Node writes Date, Connection and Keep-Alive itself, as it does for the server; every
// other header is replayed as the server sent it, X-Request-Id included (the same length as
// the server's fresh one).
//   CONTROL_BODY=<base64> CONTROL_HEADERS=<JSON array of raw headers> node tools/bench/control-server.mjs <port>
import { createServer } from 'node:http';

const body = Buffer.from(process.env.CONTROL_BODY ?? '', 'base64');
const written = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const raw = JSON.parse(process.env.CONTROL_HEADERS ?? '[]');
const headers = [];
for (let index = 0; index < raw.length; index += 2) {
  if (!written.has(raw[index].toLowerCase())) headers.push(raw[index], raw[index + 1]);
}

createServer((request, response) => {
  response.writeHead(200, headers);
  response.end(body);
}).listen(Number(process.argv[2]), '127.0.0.1');
