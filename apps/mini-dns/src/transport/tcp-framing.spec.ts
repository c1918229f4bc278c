import { TcpFraming, framed } from './tcp-framing';

describe('TcpFraming', () => {
  it('hands out whole messages however the bytes arrive', () => {
    const stream = Buffer.concat([framed(Buffer.from('first')), framed(Buffer.from('second!'))]);
    for (let split = 0; split <= stream.length; split++) {
      const framing = new TcpFraming();
      const got = [...framing.push(stream.subarray(0, split)), ...framing.push(stream.subarray(split))];
      expect(got.map(String)).toEqual(['first', 'second!']);
    }
  });

  it('refuses a zero-length frame', () => {
    expect(() => new TcpFraming().push(Buffer.from([0, 0, 1]))).toThrow(/zero-length/);
  });
});
