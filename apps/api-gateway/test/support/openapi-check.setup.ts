import { takeOpenApiViolations } from './openapi-check';

/**
 * Jest setup of the gateway's tests (jest.config.js): a test during which the gateway gave an answer
 * openapi.json does not describe fails, naming each one (the harness watches every gateway it starts).
 * Answers given in a `beforeAll` fail the first test after it, those of an `afterAll` the suite.
 */
function failOnViolations(): void {
  const found = takeOpenApiViolations();
  if (found.length === 0) return;
  throw new Error(
    `${found.length} answer(s) of the gateway that openapi.json does not describe (fix the document, or ` +
      `the API; run \`npm run openapi\` after changing controllers, DTOs or views):\n${found.join('\n')}`,
  );
}

afterEach(failOnViolations);
afterAll(failOnViolations);
