/* global require, module, process */
/**
 * autocannon `setupRequest` for bench:blogs: each request takes a random path from the JSON list
 * in the file named by EPOS_BENCH_PATHS. A CommonJS file because autocannon `require`s it inside
 * its worker thread.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fs = require('node:fs');

const paths = JSON.parse(fs.readFileSync(process.env.EPOS_BENCH_PATHS, 'utf8'));

module.exports = function randomPath(request) {
  request.path = paths[Math.floor(Math.random() * paths.length)];
  return request;
};
