import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

/** Runs `code` in a child with the built logger loaded (npm test builds first); returns its stdout. */
function run(code: string): string {
  const logger = path.join(__dirname, '../dist/json-logger.js');
  const program = `const { JsonLogger } = require(${JSON.stringify(logger)});\n${code}`;
  return spawnSync(process.execPath, ['-e', program], { encoding: 'utf8', timeout: 30_000 }).stdout;
}

describe('JsonLogger', () => {
  it('writes an error line at once: it survives a SIGKILL right after', () => {
    const out = run(`new JsonLogger('t').error('the last words'); process.kill(process.pid, 'SIGKILL');`);
    expect(out).toContain('"msg":"the last words"');
  });

  it('writes buffered info lines when the process exits', () => {
    const out = run(`new JsonLogger('t').log('quietly'); process.exit(0);`);
    expect(out).toContain('"msg":"quietly"');
  });
});
