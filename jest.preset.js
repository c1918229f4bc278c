// Shared jest settings: tests import libraries from their sources, so no build is needed to test.
const path = require('node:path');

module.exports = {
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.spec.json') }],
  },
  moduleNameMapper: {
    '^@zonewarden/([a-z-]+)$': path.join(__dirname, 'libs/$1/src'),
    '^@zonewarden/([a-z-]+)/(.+)$': path.join(__dirname, 'libs/$1/src/$2'),
  },
  globalSetup: path.join(__dirname, 'jest.global-setup.ts'),
  testTimeout: 60000,
};
