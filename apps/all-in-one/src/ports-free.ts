import * as dgram from 'node:dgram';
import * as net from 'node:net';

/** A port the service binds, named by the variable that sets it. */
export interface WantedPort {
  variable: string;
  host: string;
  port: number;
  /** Bound for UDP too (DNS). */
  udp?: boolean;
}

/** Why `port` cannot be bound on `host` (EADDRINUSE, EACCES, …), or undefined when it can. */
function tcpRefusal(host: string, port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(undefined)));
  });
}

function udpRefusal(host: string, port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
    socket.once('error', (error: NodeJS.ErrnoException) => {
      socket.close();
      resolve(error.code ?? error.message);
    });
    socket.bind({ address: host, port, exclusive: true }, () => socket.close(() => resolve(undefined)));
  });
}

/** What stops `wanted` from being bound: over TCP, else over UDP when it needs both; undefined when free. */
async function refusal(wanted: WantedPort): Promise<string | undefined> {
  const tcp = await tcpRefusal(wanted.host, wanted.port);
  if (tcp) return `${tcp === 'EADDRINUSE' ? 'is taken' : `cannot be bound (${tcp})`} on ${wanted.host} (TCP)`;
  const udp = wanted.udp ? await udpRefusal(wanted.host, wanted.port) : undefined;
  if (udp) return `${udp === 'EADDRINUSE' ? 'is taken' : `cannot be bound (${udp})`} on ${wanted.host} (UDP)`;
  return undefined;
}

/** A port above `wanted.port` that is free, and none of `avoid`, to suggest instead. */
async function freeAlternative(wanted: WantedPort, avoid: Set<number>): Promise<number | undefined> {
  for (let port = wanted.port + 1; port <= Math.min(65535, wanted.port + 100); port++) {
    if (avoid.has(port)) continue;
    if (!(await refusal({ ...wanted, port }))) return port;
  }
  return undefined;
}

/**
 * Checks every port before anything starts, so that a taken one costs no half-started service, and
 * all of them are named at once: throws one message with each variable whose port cannot be bound and a
 * free port to choose instead.
 */
export async function checkPortsFree(wanted: WantedPort[]): Promise<void> {
  const refused: Array<WantedPort & { why: string }> = [];
  // Port 0 asks the system for any free port: nothing to check.
  for (const port of wanted.filter((candidate) => candidate.port > 0)) {
    const why = await refusal(port);
    if (why) refused.push({ ...port, why });
  }
  if (refused.length === 0) return;
  const avoid = new Set(wanted.map((port) => port.port));
  const choices: string[] = [];
  for (const port of refused) {
    const alternative = await freeAlternative(port, avoid);
    if (alternative === undefined) continue;
    avoid.add(alternative);
    choices.push(`${port.variable}=${alternative}`);
  }
  const lines = refused.map((port) => `  ${port.variable} ${port.port} ${port.why}`);
  const advice = choices.length
    ? `Set others, e.g. \`${choices.join(' ')} npm start\` (another Zonewarden may be running).`
    : 'Set the variables above to free ports.';
  throw new Error(`ports in use; nothing was started:\n${lines.join('\n')}\n${advice}`);
}
