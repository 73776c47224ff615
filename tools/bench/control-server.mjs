// The benchmark's control: the least any Node server can do to answer the public list. It
// returns the very bytes the real server returned, from memory, with the same Content-Type.
//   CONTROL_BODY=<base64> CONTROL_TYPE=<content type> node tools/bench/control-server.mjs <port>
import { createServer } from 'node:http';

const body = Buffer.from(process.env.CONTROL_BODY ?? '', 'base64');
const headers = { 'Content-Type': process.env.CONTROL_TYPE ?? 'application/json', 'Content-Length': body.length };

createServer((request, response) => {
  response.writeHead(200, headers);
  response.end(body);
}).listen(Number(process.argv[2]), '127.0.0.1');
