import { ServiceConfig, loadConfig } from '@zonewarden/config';
import { startService } from '@zonewarden/messaging';
import { PoolManagerModule } from './pool-manager.module';

const config = loadConfig(ServiceConfig, process.env);
startService('pool-manager', config, PoolManagerModule.forRoot(config));
