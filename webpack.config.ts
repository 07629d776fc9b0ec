import path from 'node:path';
import ReactRefreshWebpackPlugin from '@pmmmwh/react-refresh-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import reactRefreshTypeScript from 'react-refresh-typescript';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

/**
 * What the login screen's first page renders without the app's chunk: its classes pick the part
 * of Bootstrap the main chunk carries (the rest comes with the app's and the dialogs' chunks).
 */
const LOGIN_SCREEN_SOURCES = [
  'client/index.html',
  'client/src/app/boot.tsx',
  'client/src/features/auth/components/login-screen.tsx',
  'client/src/components/layout/site-footer.tsx',
  'client/src/components/common/loading-indicator.tsx',
].map((file) => path.resolve(__dirname, file));
/**
 * Selectors the sources do not spell: the page's own elements (Bootstrap's reboot of html and
 * body) and the classes react-bootstrap adds itself (the loading indicator's spinner).
 */
const LOGIN_SCREEN_CLASSES = ['html', 'body', 'spinner-border', 'spinner-border-sm'];

const devApiTarget = process.env.DEV_API_TARGET ?? 'http://localhost:3000';

const JOURNAL_SITE_ENTRY = 'journal-site';
/** Budget of what the site page loads (JS + CSS, minified, before gzip): a cardholder's page stays small. */
const JOURNAL_SITE_MAX_BYTES = 64 * 1024;
/** The published merchant site: the same parts (../shared) and the store locator, the same budget. */
const MERCHANT_SITE_ENTRY = 'merchant-site';
/** The developer tools' page at /__mock: plain DOM, within the same budget. */
const MOCK_PAGE_ENTRY = 'mock-page';
const SITE_ENTRIES = [JOURNAL_SITE_ENTRY, MERCHANT_SITE_ENTRY, MOCK_PAGE_ENTRY];

export default (
  env: { WEBPACK_SERVE?: boolean },
  argv: { mode?: Configuration['mode'] },
): Configuration & {
  devServer?: DevServerConfiguration;
} => {
  const production = argv.mode !== 'development';
  // React Fast Refresh: only with the dev server (`npm run dev`). An edited component is swapped
  // in place, keeping its state; other edits reload the page. Builds never carry its runtime.
  const fastRefresh = !production && env.WEBPACK_SERVE === true;
  return {
    mode: production ? 'production' : 'development',
    // Four pages: the admin app, the published journal and merchant sites (served at /mj/ and
    // /mm/), which share no code with it, and the developer tools' page (/__mock, its HTML from
    // the server). No runtimeChunk / splitChunks for initial chunks: each entry carries its own
    // runtime, so a site page loads only its own files.
    entry: {
      main: './client/src/main.tsx',
      [JOURNAL_SITE_ENTRY]: './client/src/sites/journal/main.ts',
      [MERCHANT_SITE_ENTRY]: './client/src/sites/merchant/main.ts',
      [MOCK_PAGE_ENTRY]: './client/src/mock-page/main.ts',
    },
    output: {
      path: path.resolve(__dirname, 'dist/client'),
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      publicPath: '/',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        '@': path.resolve(__dirname, 'client/src'),
        '@contracts': path.resolve(__dirname, 'contracts'),
        // react-router's exports name only its development build (dev warnings, larger); its
        // production build sits beside it.
        ...(production
          ? {
              'react-router$': path.resolve(
                __dirname,
                'node_modules/react-router/dist/production/index.mjs',
              ),
              'react-router/dom$': path.resolve(
                __dirname,
                'node_modules/react-router/dist/production/dom-export.mjs',
              ),
            }
          : {}),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'ts-loader',
            // Typecheck runs in `npm run typecheck`; the build only transpiles. ts-loader cannot
            // run babel plugins, so Fast Refresh's registration comes from a TS transformer.
            options: {
              transpileOnly: true,
              compilerOptions: { noEmit: false },
              ...(fastRefresh
                ? { getCustomTransformers: () => ({ before: [reactRefreshTypeScript()] }) }
                : {}),
            },
          },
        },
        // Extracted CSS files keep the Content-Security-Policy free of 'unsafe-inline' styles.
        {
          test: /\.css$/,
          oneOf: [
            // `?raw`: the stylesheet's text, for the builders' site previews.
            { resourceQuery: /^\?raw$/, type: 'asset/source' },
            {
              // `?login`: the part of a stylesheet the login screen uses (client/src/main.tsx).
              resourceQuery: /^\?login$/,
              use: [
                MiniCssExtractPlugin.loader,
                'css-loader',
                {
                  loader: path.resolve(__dirname, 'scripts/lib/css-subset-loader.mjs'),
                  options: { content: LOGIN_SCREEN_SOURCES, safelist: LOGIN_SCREEN_CLASSES },
                },
              ],
            },
            { use: [MiniCssExtractPlugin.loader, 'css-loader'] },
          ],
        },
        { test: /\.(png|jpe?g|gif|svg|webp|ico|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: './client/index.html',
        favicon: './client/public/favicon.ico',
        chunks: ['main'],
      }),
      new HtmlWebpackPlugin({
        template: './client/sites/journal.html',
        filename: 'mj/index.html',
        chunks: [JOURNAL_SITE_ENTRY],
      }),
      new HtmlWebpackPlugin({
        template: './client/sites/merchant.html',
        filename: 'mm/index.html',
        chunks: [MERCHANT_SITE_ENTRY],
      }),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
      }),
      ...(fastRefresh ? [new ReactRefreshWebpackPlugin()] : []),
    ],
    // react-datepicker requires date-fns-tz dynamically on purpose (an optional time-zone add-on).
    ignoreWarnings: [{ module: /react-datepicker/, message: /Critical dependency/ }],
    // Only the published sites and the /__mock page have a size budget here (each entry's
    // files), and a production build over it fails. The admin app's sizes are reported by
    // scripts/size-report.mjs.
    // JavaScript is minified by swc (@swc/core, already installed for jest's transform), the
    // minimizer webpack documents beside terser: its output is within a percent of terser's, at a
    // fraction of the CPU time.
    optimization: {
      minimizer: [
        new MinimizerPlugin({ minify: { implementation: MinimizerPlugin.swcMinify, options: {} } }),
      ],
    },
    performance: {
      hints: production ? 'error' : false,
      assetFilter: (name: string) =>
        SITE_ENTRIES.some((entry) => name.startsWith(`assets/${entry}.`)) && !name.endsWith('.map'),
      maxAssetSize: JOURNAL_SITE_MAX_BYTES,
      maxEntrypointSize: JOURNAL_SITE_MAX_BYTES,
    },
    stats: production ? 'normal' : 'minimal',
    devServer: {
      port: Number(process.env.DEV_CLIENT_PORT ?? 8080),
      hot: true,
      historyApiFallback: false,
      proxy: [
        {
          // The /__mock page itself: its HTML then links this dev server's build of the page
          // (DEV_CLIENT_HEADER in server/dev/mock/mock-page.ts), so it works without
          // `npm run build`. Only this call carries the header (forwarded calls never do).
          context: (pathname: string) => pathname === '/__mock' || pathname === '/__mock/',
          target: devApiTarget,
          headers: { 'X-Mock-Page-Dev-Client': '1' },
        },
        {
          // /mj/ and /mm/ themselves are the dev server's own builds of the site pages; their
          // API and the fonts come from the server.
          context: [
            '/api',
            '/images',
            '/mail',
            '/config.json',
            '/fonts',
            '/mj/api',
            '/mm/api',
            '/__mock',
          ],
          target: devApiTarget,
        },
      ],
    },
  };
};
