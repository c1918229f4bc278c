module.exports = {
  ...require('../../jest.preset').projectConfig(__dirname),
  // Every answer of a gateway the tests start is checked against openapi.json (test/support/openapi-check.ts).
  setupFilesAfterEnv: ['<rootDir>/test/support/openapi-check.setup.ts'],
};
