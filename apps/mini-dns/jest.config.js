module.exports = {
  ...require('../../jest.preset'),
  displayName: require('./package.json').name,
  roots: ['<rootDir>/src', '<rootDir>/test'].filter((dir) =>
    require('node:fs').existsSync(dir.replace('<rootDir>', __dirname)),
  ),
  testRegex: '\\.(e2e-)?spec\\.ts$',
};
