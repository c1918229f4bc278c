import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern } from '@nestjs/microservices';
import { checkHandlers, checkRoutes, handledPatterns } from './route-check';
import { ServiceApp } from './service-app';

@Controller()
class FakeHandlers {
  @EventPattern('zone.created')
  created() {}

  @MessagePattern('zone.updated')
  updated() {}

  helper() {}
}

class FakeModule {}

const app = (bindings: string[]) =>
  ({
    name: 'fake-app',
    module: { module: FakeModule, controllers: [FakeHandlers] },
    consumer: { queue: 'q', bindings, options: {} },
  }) as unknown as ServiceApp;

describe('the boot check of message routes', () => {
  it("reads the patterns of a module's @EventPattern and @MessagePattern handlers", () => {
    expect(handledPatterns({ module: FakeModule, controllers: [FakeHandlers] })).toEqual([
      'zone.created',
      'zone.updated',
    ]);
  });

  it('passes when every bound key has a handler and every handler a binding', () => {
    expect(() => checkHandlers(app(['zone.created', 'zone.updated']))).not.toThrow();
  });

  it('fails, in one line, on a bound key without a handler', () => {
    expect(() => checkHandlers(app(['zone.created', 'zone.updated', 'zone.deleted']))).toThrow(
      /^fake-app: message routes do not match \(bound but not handled: zone\.deleted\)$/,
    );
  });

  it('fails on a handler without a binding', () => {
    expect(() => checkHandlers(app(['zone.created']))).toThrow(
      'fake-app: message routes do not match (handled but not bound: zone.updated)',
    );
  });

  it('matches wildcard bindings, as the broker routes them', () => {
    expect(() => checkRoutes('mini-dns', ['zone.*'], ['zone.created', 'zone.purged'])).not.toThrow();
    expect(() => checkRoutes('mini-dns', ['zone.*'], ['zone.import.requested'])).toThrow(
      'mini-dns: message routes do not match (bound but not handled: zone.*; handled but not bound: zone.import.requested)',
    );
  });
});
