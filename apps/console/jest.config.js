module.exports = require('../../jest.preset').projectConfig(__dirname);
