import { loadConfigOrExit } from '@zonewarden/config';
import { startService } from '@zonewarden/messaging';
import { MiniDnsConfig } from './mini-dns.config';
import { MiniDnsModule } from './mini-dns.module';

const config = loadConfigOrExit('mini-dns', MiniDnsConfig, process.env);
startService('mini-dns', config, MiniDnsModule.forRoot(config));
