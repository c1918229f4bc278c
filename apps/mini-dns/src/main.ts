// First, before the other modules load: the young generation is held small during start-up.
import '@zonewarden/runtime/dist/start-up-heap';
import { loadConfigOrExit } from '@zonewarden/config';
import { startService } from '@zonewarden/runtime';
import { createTransport } from '@zonewarden/transport';
import { MiniDnsConfig, miniDnsApp } from './mini-dns.app';

const config = loadConfigOrExit('mini-dns', MiniDnsConfig, process.env);
startService(miniDnsApp(config, createTransport(config)));
