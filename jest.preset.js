// Shared jest settings: tests import libraries from their sources, so no build is needed to test.
const fs = require('node:fs');
const path = require('node:path');

const base = {
  moduleFileExtensions: ['ts', 'js', 'json'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.spec.json') }],
  },
  moduleNameMapper: {
    '^@zonewarden/([a-z-]+)$': path.join(__dirname, 'libs/$1/src'),
    '^@zonewarden/([a-z-]+)/(.+)$': path.join(__dirname, 'libs/$1/src/$2'),
  },
  globalSetup: path.join(__dirname, 'jest.global-setup.ts'),
  // The watchdog: a stuck test fails naming what it waited for; nothing left running keeps jest alive.
  testEnvironment: path.join(__dirname, 'jest.watchdog-environment.ts'),
  globalTeardown: path.join(__dirname, 'jest.global-teardown.ts'),
  testTimeout: 60000,
};

/** A project's jest config: specs beside the code in src/, and e2e specs in test/ when it has one. */
function projectConfig(dir) {
  return {
    ...base,
    displayName: require(path.join(dir, 'package.json')).name,
    rootDir: dir,
    roots: ['src', 'test'].map((folder) => path.join(dir, folder)).filter((folder) => fs.existsSync(folder)),
    testRegex: '\\.(e2e-)?spec\\.ts$',
  };
}

module.exports = { projectConfig };
