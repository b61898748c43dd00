import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';

/**
 * The app's layers, as in bulletproof-react: app → features → shared (components, hooks, lib).
 * A feature imports no other feature (where two must talk, the app layer composes them), and
 * shared code imports no feature and nothing from the app layer. Every folder under
 * src/features gets its zone, so a new feature is covered without editing this file.
 */
const featuresOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = featuresOf('./src/features');

const others = (feature, all = features) => all.filter((name) => name !== feature).join('|');

/** An import of another feature, by alias or by a relative path that climbs out of this one. */
const otherFeature = (feature) => ({
  regex: `^(@/features/(${others(feature)})|(\\.\\./)+(features/)?(${others(feature)}))(/|$)`,
  message: 'A feature imports no other feature: compose them in src/app.',
});
const appLayer = {
  regex: '^(@/app|(\\.\\./)+app)(/|$)',
  message: 'Features and shared code do not import from the app layer.',
};
const anyFeature = {
  regex: '^(@/features|(\\.\\./)+features)(/|$)',
  message: 'Shared code (components, hooks, lib) imports no feature.',
};

/**
 * The back office (admin/src) has the same layers, imported by relative paths only (`@/` is the
 * site's): its features import no other feature and nothing of its app layer; its components and
 * lib import no feature.
 */
const adminFeatures = featuresOf('./admin/src/features');
const adminOtherFeature = (feature) => ({
  regex: `^(\\.\\./)+(features/)?(${others(feature, adminFeatures)})(/|$)`,
  message: 'A feature imports no other feature: compose them in admin/src/app.',
});
const adminAppLayer = {
  regex: '^(\\.\\./)+app(/|$)',
  message: 'Features and shared code do not import from the app layer.',
};
const adminAnyFeature = {
  regex: '^(\\.\\./)+features(/|$)',
  message: 'Shared code (components, lib) imports no feature.',
};

/**
 * The four apps (the site in src/, the sportsbook frame, the games, the back office) share web/shared/ (the
 * envelope client, money and dates, design tokens, the generated API types) through `@shared/`
 * and import nothing of each other; shared code imports no app.
 */
const apps = ['src', 'sportsbook', 'games', 'admin'];
const otherApp = (app) => ({
  regex: `^(${app === 'src' ? '' : '@/|'}(\\.\\./)+(${apps.filter((a) => a !== app).join('|')})(/|$))`,
  message: 'An app imports no other app: what two apps need lives in web/shared (@shared/).',
});
const anyApp = {
  regex: `^(@/|(\\.\\./)+(${apps.join('|')})(/|$))`,
  message: 'web/shared imports nothing from the apps (src, sportsbook, games, admin).',
};

/** ESLint's own no-restricted-imports, one block per folder (no resolver plugin needed). */
const boundaries = [
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [otherFeature(feature), appLayer, otherApp('src')] },
      ],
    },
  })),
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/hooks/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [anyFeature, appLayer, otherApp('src')] }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherApp('src')] }] },
  },
  ...adminFeatures.map((feature) => ({
    files: [`admin/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [adminOtherFeature(feature), adminAppLayer, otherApp('admin')] },
      ],
    },
  })),
  {
    files: ['admin/src/components/**/*.{ts,tsx}', 'admin/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [adminAnyFeature, adminAppLayer, otherApp('admin')] },
      ],
    },
  },
  {
    files: ['admin/src/app/**/*.{ts,tsx}', 'admin/src/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherApp('admin')] }] },
  },
  ...['sportsbook', 'games'].map((app) => ({
    files: [`${app}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherApp(app)] }] },
  })),
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [anyApp] }] },
  },
];

export default tseslint.config(
  { ignores: ['dist', 'e2e/artifacts', 'node_modules'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': 'off',
    },
  },
  ...boundaries,
  {
    files: ['e2e/**/*.{js,mjs}', 'bench/**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
  },
);
