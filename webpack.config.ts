import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import type { Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

const devApiTarget = process.env.DEV_API_TARGET ?? 'http://localhost:3000';

export default (
  _env: unknown,
  argv: { mode?: Configuration['mode'] },
): Configuration & {
  devServer?: DevServerConfiguration;
} => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './client/src/main.tsx' },
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
            // Typecheck runs in `npm run typecheck`; the build only transpiles.
            options: { transpileOnly: true, compilerOptions: { noEmit: false } },
          },
        },
        // Extracted CSS files keep the Content-Security-Policy free of 'unsafe-inline' styles.
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(png|jpe?g|gif|svg|webp|ico|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: './client/index.html',
        favicon: './client/public/favicon.ico',
      }),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
      }),
    ],
    // react-datepicker deliberately requires date-fns-tz dynamically (TOOLCHAIN.md).
    ignoreWarnings: [{ module: /react-datepicker/, message: /Critical dependency/ }],
    performance: { hints: false },
    stats: production ? 'normal' : 'minimal',
    devServer: {
      port: Number(process.env.DEV_CLIENT_PORT ?? 8080),
      hot: true,
      historyApiFallback: false,
      proxy: [
        {
          context: ['/api', '/images', '/mail', '/config.json', '/mj', '/mm'],
          target: devApiTarget,
        },
      ],
    },
  };
};
