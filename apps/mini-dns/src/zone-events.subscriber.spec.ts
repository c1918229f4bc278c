import { Logger } from '@nestjs/common';
import { IN_PROCESS_TRANSPORT_URL } from '@zonewarden/contracts';
import { createTransport } from '@zonewarden/transport';
import { ZoneStore } from './zone/zone-store.service';
import { ZoneEventsSubscriber } from './zone-events.subscriber';

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('ZoneEventsSubscriber', () => {
  it('drops an event breaking its contract, with a warning, and catches up on the next', async () => {
    const catchUp = jest.fn(() => Promise.resolve());
    const zones = { catchUp } as unknown as ZoneStore;
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const transport = createTransport({ AMQP_URL: IN_PROCESS_TRANSPORT_URL, AMQP_NAMESPACE: 'test' });
    const subscriber = new ZoneEventsSubscriber(zones, transport);
    subscriber.onApplicationBootstrap();
    const publisher = transport.publisher();
    const publish = (id: string, pattern: string, payload: unknown) =>
      publisher.publish({ id, pattern, payload, headers: {} });
    try {
      await publish('m1', 'zone.created', { zoneName: 42 });
      await publish('m2', 'zone.deleted', 'not an object');
      await publish('m3', 'zone.purged', { version: 2, zoneName: 'example.com.', extra: true });
      await settle();
      // Once on subscribing (events missed before), once for the readable event.
      expect(catchUp).toHaveBeenCalledTimes(2);
      expect(warn).toHaveBeenCalledTimes(2);
      expect(warn.mock.calls[0][0]).toMatch(/ignoring an unreadable event: invalid ZoneCacheEventV1 payload/);
    } finally {
      warn.mockRestore();
      await subscriber.beforeApplicationShutdown();
    }
  });
});
