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

  it('joins the bytes of a frame once, however slowly they come (no quadratic copying)', () => {
    const frame = framed(Buffer.alloc(5000, 7));
    const framing = new TcpFraming();
    const concat = jest.spyOn(Buffer, 'concat');
    try {
      const got = [...frame].flatMap((byte) => framing.push(Buffer.from([byte])));
      expect(got).toHaveLength(1);
      expect(got[0].length).toBe(5000);
      expect(concat.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      concat.mockRestore();
    }
  });

  it('refuses a zero-length frame', () => {
    expect(() => new TcpFraming().push(Buffer.from([0, 0, 1]))).toThrow(/zero-length/);
  });
});
