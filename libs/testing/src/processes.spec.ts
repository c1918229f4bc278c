import { freePort } from './processes';

describe('freePort', () => {
  it('never hands out the same port twice in a process (the kernel may give a closed one back at once)', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 500; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
  });
});
