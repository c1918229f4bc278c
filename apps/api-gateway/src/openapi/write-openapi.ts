import * as fs from 'node:fs';
import * as path from 'node:path';
import { createTransport } from '@zonewarden/transport';
import { createGateway } from '../app.factory';
import { loadGatewayConfig } from '../config/gateway.config';
import { buildOpenApiDocument, openApiText } from './openapi';

/** `npm run openapi`: writes the committed openapi.json (no database or broker is contacted). */
async function main(): Promise<void> {
  const config = loadGatewayConfig({});
  const app = await createGateway(config, createTransport(config), ['error']);
  const target = path.resolve(__dirname, '../../../../openapi.json');
  fs.writeFileSync(target, openApiText(buildOpenApiDocument(app)));
  await app.close();
  console.log(`written: ${path.relative(process.cwd(), target)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
