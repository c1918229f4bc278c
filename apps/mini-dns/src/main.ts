import { loadConfigOrExit } from '@zonewarden/config';
import { startService } from '@zonewarden/messaging';
import { MiniDnsConfig, miniDnsApp } from './mini-dns.app';

startService(miniDnsApp(loadConfigOrExit('mini-dns', MiniDnsConfig, process.env)));
