import { ServiceApp } from '@zonewarden/messaging';
import { MiniDnsConfig } from './mini-dns.config';
import { MiniDnsModule } from './mini-dns.module';

export { MiniDnsConfig };

export function miniDnsApp(config: MiniDnsConfig): ServiceApp {
  return { name: 'mini-dns', config, module: MiniDnsModule.forRoot(config) };
}
