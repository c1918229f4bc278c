import type { DynamicModule, Type } from '@nestjs/common';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { topicMatches } from '@zonewarden/transport';
import type { ServiceApp } from './service-app';

/**
 * Fails start-up, in one line, when a routing key bound to the app's queue or subscription has no handler
 * (its messages would be dead-lettered or ignored) or a handler has no binding (it would never run).
 * Bindings may use AMQP wildcards (mini-dns binds `zone.*`).
 */
export function checkRoutes(app: string, bound: readonly string[], handled: readonly string[]): void {
  const unhandled = bound.filter((key) => !handled.some((pattern) => topicMatches(key, pattern)));
  const unbound = handled.filter((pattern) => !bound.some((key) => topicMatches(key, pattern)));
  const problems = [
    ...(unhandled.length ? [`bound but not handled: ${unhandled.join(', ')}`] : []),
    ...(unbound.length ? [`handled but not bound: ${unbound.join(', ')}`] : []),
  ];
  if (problems.length) throw new Error(`${app}: message routes do not match (${problems.join('; ')})`);
}

/** The patterns of the module's @EventPattern and @MessagePattern handlers (its controllers'). */
export function handledPatterns(module: DynamicModule): string[] {
  const controllers: Type[] = module.controllers ?? [];
  return controllers.flatMap((controller) =>
    Object.getOwnPropertyNames(controller.prototype).flatMap((method) => {
      const handler = (controller.prototype as Record<string, unknown>)[method];
      const patterns =
        typeof handler === 'function' ? Reflect.getMetadata(PATTERN_METADATA, handler) : undefined;
      return ((patterns as unknown[] | undefined) ?? []).map(String);
    }),
  );
}

/** The boot check of a background app: its queue's bindings against its handlers, its subscription's too. */
export function checkHandlers({ name, module, consumer, subscription }: ServiceApp): void {
  checkRoutes(name, consumer?.bindings ?? [], handledPatterns(module));
  if (subscription) checkRoutes(name, subscription.bindings, subscription.handled);
}
