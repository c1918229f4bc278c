import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Counter } from 'prom-client';
import { rcodeName } from '@zonewarden/dns';
import { serviceRegistry } from '@zonewarden/runtime';
import { MiniDnsConfig } from './mini-dns.config';
import { Responder } from './protocol/responder';
import { Transport } from './protocol/render';
import { TcpListener } from './transport/tcp-listener';
import { UdpListener } from './transport/udp-listener';
import { ZoneStore } from './zone/zone-store.service';

/** Answers sent; NONE counts messages too broken to answer. */
const dnsResponses = new Counter({
  name: 'zonewarden_dns_responses_total',
  help: 'DNS answers of mini-dns by transport and response code',
  labelNames: ['transport', 'rcode'],
  registers: [serviceRegistry],
});

/**
 * The authoritative DNS server: UDP and TCP on MINIDNS_HOST:MINIDNS_PORT. It listens only once the served
 * zones are known, so that no query for a served zone is ever refused.
 */
@Injectable()
export class DnsServer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(DnsServer.name);
  private readonly udp = new UdpListener(
    (message, ipv6, address) => this.answer(message, 'udp', ipv6, address),
    (error) => this.logger.warn(`udp: ${error.message}`),
  );
  private readonly tcp = new TcpListener((message, ipv6, address) =>
    this.answer(message, 'tcp', ipv6, address),
  );

  constructor(
    private readonly responder: Responder,
    private readonly zones: ZoneStore,
    private readonly config: MiniDnsConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.zones.ready();
    const { MINIDNS_LISTEN_HOST, MINIDNS_HOST, MINIDNS_PORT: port } = this.config;
    const host = MINIDNS_LISTEN_HOST ?? MINIDNS_HOST;
    await this.udp.listen(host, port);
    await this.tcp.listen(host, port);
    this.logger.log(`serving DNS on ${host}:${port} (udp, tcp)`);
  }

  /** Stops answering before storage closes. */
  async beforeApplicationShutdown(): Promise<void> {
    this.udp.close();
    await this.tcp.close();
  }

  private async answer(
    message: Buffer,
    transport: Transport,
    ipv6: boolean,
    address: string,
  ): Promise<Buffer[]> {
    const response = await this.responder.respond(message, transport, ipv6, address);
    dnsResponses.inc({ transport, rcode: response.rcode === undefined ? 'NONE' : rcodeName(response.rcode) });
    return response.messages;
  }
}
