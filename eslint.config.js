// ESLint for every JavaScript file of the project (npm run lint): the pages' modules
// (each extension's js/ folder, bundled into _static/ by the build), the scripts Sphinx or
// the browser take as classic scripts, the build's Node script and the Node tests.
// One style: const and let, arrow functions for callbacks, template strings, braces
// always; and no globals of our own.
import js from "@eslint/js";
import globals from "globals";

// A module talks to another by import, never through the page's global object.
const NO_GLOBAL_CHANNEL = {
  selector: "AssignmentExpression > MemberExpression.left[object.name=/^(window|globalThis)$/]",
  message: "A module exports what it shares; it does not set a global.",
};

export default [
  { ignores: ["node_modules/", "_build/", ".venv/", "**/_build/", "build/"] },
  js.configs.recommended,
  {
    rules: {
      "no-var": "error",
      "prefer-const": "error",
      "prefer-arrow-callback": "error",
      "arrow-body-style": ["error", "as-needed"],
      "prefer-template": "error",
      "object-shorthand": "error",
      "curly": ["error", "all"],
      "eqeqeq": ["error", "always"],
      "no-implicit-globals": "error",
      "no-restricted-syntax": ["error", NO_GLOBAL_CHANNEL],
      "no-unused-vars": ["error", { args: "after-used" }],
    },
  },
  {  // the pages' modules; the browsers they serve read ES2020
    files: ["extensions/patience_sphinx/*/js/**/*.js"],
    languageOptions: { ecmaVersion: 2020, sourceType: "module", globals: globals.browser },
  },
  {  // Play's engine: a module worker
    files: ["extensions/patience_sphinx/rules/js/play-worker.js"],
    languageOptions: { globals: globals.worker },
  },
  {  // the search page's results, over Sphinx's searchtools.js and language_data.js
    files: ["extensions/patience_sphinx/search/js/search-landing.js"],
    languageOptions: { globals: { Search: "readonly", Stemmer: "readonly" } },
  },
  {  // the TEI viewer's page (patience/export/tei_viewer.py), over CETEIcean's script
    files: ["patience/export/tei_viewer.js"],
    languageOptions: { ecmaVersion: 2020, sourceType: "module", globals: { ...globals.browser, CETEI: "readonly" } },
  },
  {  // written into Sphinx's language_data.js, after Sphinx's Snowball stemmers
    files: ["extensions/patience_sphinx/search/folding.js"],
    languageOptions: { ecmaVersion: 2020, sourceType: "script",
                       globals: { RussianStemmer: "readonly", EnglishStemmer: "readonly" } },
  },
  {  // play-sw.js: bundle.py writes VERSION and FILES above it
    files: ["extensions/patience_sphinx/rules/service_worker.js"],
    languageOptions: { ecmaVersion: 2020, sourceType: "script",
                       globals: { ...globals.serviceworker, VERSION: "readonly", FILES: "readonly" } },
  },
  {  // run by Node: the build's snapshot, this file, the unit tests
    files: ["**/*.mjs", "eslint.config.js", "tests/js/**/*.js"],
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: globals.node },
  },
];
