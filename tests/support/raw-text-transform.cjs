/**
 * Jest transform for the files imported with webpack's `?raw` (asset/source): the module's
 * default export is the file's text, as in the build (jest.config.ts maps `x.css?raw` to x.css).
 */
module.exports = {
  process(source) {
    return { code: `module.exports = { __esModule: true, default: ${JSON.stringify(source)} };` };
  },
};
