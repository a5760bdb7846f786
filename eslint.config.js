import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// A quantified class anchored only at the end (/[,.]+$/, /\s*$/) retries from every character of
// a run that stops short of the end: seconds on a 63,206-character post. Scan backwards instead
// (trimTrailing in the offline writer, String#trimEnd). Patterns anchored at both ends are linear.
const ANCHORED_ONLY_AT_END = {
  selector: 'Literal[regex.pattern=/[+*}]\\)?\\$$/]:not([regex.pattern=/^\\^[^|]*$/][regex.flags!=/m/])',
  message: 'A quantified pattern anchored only at $ backtracks quadratically on long input; scan backwards (trimTrailing, trimEnd) instead.',
};

// An unbounded class run followed by another class ([a-z-]*[a-z], [a-z.-]+[a-z]) can give back and
// retry at every split of the run; with a first group that lets a match start inside the run (the old
// link pattern on "éééé…"), seconds. Also in strings and templates a RegExp is built from.
const CLASS_RUN_THEN_CLASS = {
  selector: ['Literal[regex.pattern=/\\][*+]\\??\\[/]', 'Literal[value=/\\][*+]\\??\\[/]', 'TemplateElement[value.raw=/\\][*+]\\??\\[/]'].join(', '),
  message:
    'An unbounded character-class run followed by another class backtracks over the run; bound the run ({0,61}), make the classes disjoint in one group, or scan by hand.',
};

// The web app tells refusals apart by their code (ApiRequestError's `code`, better-auth's `authCode`),
// never by the words of a message: rewording a message must not change what a screen does.
const MESSAGE_TEXT =
  'Switch on the error code (error.code, or error.authCode for better-auth), never on the message text; add a code in src/shared/schemas/error-codes.ts if the case has none.';
const MESSAGE_MATCHING = [
  // /pattern/.test(error.message), /pattern/.exec(error.message), list.includes(error.message), text.startsWith(error.message)
  "CallExpression[arguments.0.type='MemberExpression'][arguments.0.property.name='message'][callee.property.name=/^(test|exec|includes|startsWith|endsWith|indexOf|match|search)$/]",
  // error.message.match(/pattern/), .includes('words'), .startsWith(…), .toLowerCase() on its way to a comparison
  "CallExpression[callee.object.type='MemberExpression'][callee.object.property.name='message'][callee.property.name=/^(match|matchAll|includes|startsWith|endsWith|search|indexOf|lastIndexOf|localeCompare|toLowerCase|toUpperCase|toLocaleLowerCase|toLocaleUpperCase)$/]",
  // error.message === 'words'
  "BinaryExpression[operator=/^[!=]==?$/] > MemberExpression.left[property.name='message']",
  "BinaryExpression[operator=/^[!=]==?$/] > MemberExpression.right[property.name='message']",
  // switch (error.message)
  "SwitchStatement[discriminant.type='MemberExpression'][discriminant.property.name='message']",
].map((selector) => ({ selector, message: MESSAGE_TEXT }));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'screenshots'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Type-aware rules for every file of tsconfig.json: a promise nobody awaits or catches can reject
    // unhandled, which ends the Node process. A fire-and-forget is marked `void` and handles its own
    // rejection (`.catch` that logs, or a try/catch inside). checksVoidReturn stays on, also for JSX
    // attributes: handlers are written `() => void save()` around an async function that catches and
    // shows its errors, so the rule finds a handler that would drop a rejection.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // eslint.config.js and scripts/*.mjs are not in the TypeScript project.
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', 'src/server/config.ts'], // config.ts: operator-set environment values, not user text
    rules: { 'no-restricted-syntax': ['error', ANCHORED_ONLY_AT_END, CLASS_RUN_THEN_CLASS] },
  },
  {
    // A later block's no-restricted-syntax replaces the one above, so the web app's list repeats it.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ANCHORED_ONLY_AT_END, CLASS_RUN_THEN_CLASS, ...MESSAGE_MATCHING] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@server/*', '**/server/**'], allowTypeImports: true, message: 'The web app imports only types from the server (AppType).' }] },
      ],
    },
  },
  {
    // Repositories own SQL and transactions: only src/server/platform and a module's *-repository.ts
    // reach Kysely or the raw handle. A service that needs a transaction uses `transact` or the access
    // guard's writeInMonth / writeToPost. Production code never imports test code (src/testing).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/platform/**', 'src/server/modules/*/*-repository.ts', 'src/testing/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'kysely', message: 'Only repositories and src/server/platform may use Kysely; add a repository method instead.' },
            { name: 'vitest', message: 'Test helpers live under src/testing.' },
          ],
          patterns: [
            {
              group: ['**/platform/db/database'],
              importNames: ['Db', 'inTransaction'],
              message: 'Only repositories and src/server/platform may hold the database handle; use a repository, or transact for a transaction.',
            },
            { group: ['@testing/*', '**/testing/*'], message: 'Production code never imports test code (src/testing).' },
          ],
        },
      ],
    },
  },
  {
    // Test helpers speak loosely typed JSON on purpose.
    files: ['src/testing/**', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
