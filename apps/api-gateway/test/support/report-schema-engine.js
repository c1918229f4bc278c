// Preloaded (NODE_OPTIONS=--require) by start-up-migrations.e2e-spec.ts: a process that loads Prisma's
// schema engine says so, with its pid.
const Module = require('node:module');

const load = Module._load;
Module._load = function (request, ...rest) {
  if (request.startsWith('@prisma/schema-engine-wasm'))
    console.log(`schema engine loaded in pid ${process.pid}`);
  return load.call(this, request, ...rest);
};
