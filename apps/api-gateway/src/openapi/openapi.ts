import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

/**
 * The OpenAPI 3 description, generated from the controllers and DTOs. `npm run openapi` writes it to
 * openapi.json (committed; a test fails when it is stale); the gateway serves it at /docs.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Zonewarden')
    .setDescription(
      'DNS-as-a-Service with an OpenStack Designate compatible API: zones, record sets, imports, exports, ' +
        'transfers between projects, quotas, DNSSEC signing, and the legacy /domains interface. Errors are ' +
        '{code, type, message, request_id[, errors]}.',
    )
    .setVersion('2.4')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Auth-Token' }, 'token')
    .addSecurityRequirements('token')
    .build();
  return SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
}

/** Serves the browsable UI at /docs and the document at /docs-json. */
export function serveOpenApi(app: INestApplication): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), { jsonDocumentUrl: 'docs-json' });
}

/** The committed form: stable key order as generated, two-space indentation, final newline. */
export function openApiText(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
