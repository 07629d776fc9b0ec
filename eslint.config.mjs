// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Every client feature folder: a feature never imports another feature (docs/architecture.md,
// "Import rules").
const features = readdirSync(new URL('./client/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** The admin app's folders (React, RTK): the published sites and the /__mock page stay apart. */
const ADMIN_APP = [
  './client/src/app',
  './client/src/features',
  './client/src/components',
  './client/src/lib',
  './client/src/config',
];

const featureZones = features.map((feature) => ({
  target: `./client/src/features/${feature}`,
  from: './client/src/features',
  except: [`./${feature}`],
  message: 'A feature never imports another feature: move what both need to shared code.',
}));

export default tseslint.config(
  {
    ignores: ['node_modules', 'dist', 'coverage', 'data', 'contracts/pacts', 'tests/.artifacts'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './client', from: './server', message: 'client/ never imports server/.' },
            { target: './server', from: './client', message: 'server/ never imports client/.' },
            {
              target: ['./contracts/api', './contracts/site', './contracts/validation'],
              from: ['./client', './server'],
              message: 'contracts/ is shared by both sides and imports neither.',
            },
            {
              target: './client/src/sites',
              from: ADMIN_APP,
              message:
                'Published sites are their own small bundles: they never import the admin app (React, RTK).',
            },
            {
              target: './client/src/mock-page',
              from: ADMIN_APP,
              message:
                'The /__mock page is its own small bundle (plain DOM): it never imports the admin app.',
            },
            {
              target: [...ADMIN_APP, './client/src/sites'],
              from: './client/src/mock-page',
              message: 'Nothing but its own entry imports the /__mock page.',
            },
            {
              target: ADMIN_APP,
              from: './client/src/sites',
              // But for each site's preview module: the site's own render code, which the
              // builders' live preview shows (components/site-builder/site-preview.tsx).
              except: ['./journal/site-preview.ts', './merchant/site-preview.ts'],
              message: 'The admin app never imports a published site bundle.',
            },
            {
              target: ['./client/src/components', './client/src/lib', './client/src/config'],
              from: ['./client/src/features', './client/src/app'],
              message:
                'Shared code never imports features or the app: imports flow shared → features → app.',
            },
            {
              target: './client/src/features',
              from: './client/src/app',
              message: 'Features never import the app layer.',
            },
            ...featureZones,
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // A field read or edited through react-final-form directly would come back with its loaded
    // value after being hidden and shown again (client/src/lib/forms/use-field.ts).
    files: ['client/**/*.{ts,tsx}'],
    ignores: ['client/src/lib/forms/use-field.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-final-form',
              importNames: ['useField', 'Field'],
              message: 'Use useField from @/lib/forms/use-field, or a field of components/form.',
            },
          ],
        },
      ],
    },
  },
  {
    // keepDirtyOnReinitialize alone keeps only the changes of the fields on screen: text typed
    // in a field a mode switch hides would give way to the record read again
    // (client/src/lib/forms/keep-changes-form.tsx).
    files: ['client/**/*.tsx'],
    ignores: ['client/src/lib/forms/keep-changes-form.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='keepDirtyOnReinitialize']",
          message: 'Use KeepChangesForm from @/lib/forms/keep-changes-form.',
        },
      ],
    },
  },
  {
    // The server's routers record their routes for the OpenAPI document
    // (server/http/route-table.ts): one made by express directly would be left out of it.
    files: ['server/**/*.ts'],
    ignores: ['server/http/route-table.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'express',
              importNames: ['Router'],
              allowTypeImports: true,
              message: 'Make routers with recordedRouter() from server/http/route-table.ts.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'express',
          property: 'Router',
          message: 'Make routers with recordedRouter() from server/http/route-table.ts.',
        },
      ],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}', 'contracts/**/*.test.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  prettier,
);
