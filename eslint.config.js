// ESLint flat config: the recommended JS and TypeScript rules, type-aware where it is cheap.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import navgen from './tools/lint/layer-order.js';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'out/**', 'scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  // The layer order of src/ (tools/lint/layers.js, docs/architecture.md).
  {
    files: ['src/**/*.ts', 'tools/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    plugins: { navgen },
    rules: { 'navgen/layer-order': 'error' },
  },
);
