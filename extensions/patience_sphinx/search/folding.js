/* Folding for search, the browser's side: the same key for a Russian word whether it is
   spelled before or after the 1917–18 reform; then the stemmer searchtools.js asks for:
   Cyrillic words folded, then Snowball Russian; other words Snowball English.
   RussianStemmer and EnglishStemmer are Sphinx's own minified stemmers.

   A classic script, not a module: Sphinx writes it into its language_data.js, after those
   stemmers (SearchAcrossSpellings.js_stemmer_code), and searchtools.js makes
   `new Stemmer()` by that name, the one name this script leaves in the page. Its folding
   (Stemmer.fold) must agree with patience/orthography/folding.py word for word
   (tests/search/test_folding_parity.py). */
/* exported Stemmer */

const Stemmer = (() => {
  const LETTERS = { "ё": "е", "ѣ": "е", "і": "и", "ѵ": "и", "ѳ": "ф", "ъ": "" };
  const WHOLE = {
    "оне": "они", "одне": "одни", "однех": "одних", "однем": "одним", "однеми": "одними",
    "ея": "ее", "нея": "нее", "чрез": "через",
  };
  const ENDINGS = [
    [/аго$/u, "ого"],
    [/яго$/u, "его"],
    [/([жшчщц])ого$/u, "$1его"],
    [/([ыи])я(ся)?$/u, "$1е$2"],
  ];
  const PREFIX_Z = /^((?:не)?(?:через|чрез|воз|вз|без|низ|раз|роз|из))(?=[кпстфхцчшщ])/u;
  const PREFIX_SS = /^((?:не)?ра)сс(?=ч)/u;
  const BEGINNINGS = [["четыреугольник", "четырехугольник"], ["рессурс", "ресурс"]];
  const own = (object, key) => Object.prototype.hasOwnProperty.call(object, key);

  function fold(word) {
    let folded = "";
    for (const letter of word.toLowerCase().replace(/ъ[иі]/gu, "ы")) {
      folded += own(LETTERS, letter) ? LETTERS[letter] : letter;
    }
    if (own(WHOLE, folded)) { return WHOLE[folded]; }
    if ([...folded].length >= 4) {
      for (const [pattern, replacement] of ENDINGS) { folded = folded.replace(pattern, replacement); }
    }
    folded = folded.replace(PREFIX_Z, (match, prefix) => `${prefix.slice(0, -1)}с`);
    folded = folded.replace(PREFIX_SS, "$1с");
    for (const [old, modern] of BEGINNINGS) {
      if (folded.startsWith(old)) { folded = modern + folded.slice(old.length); }
    }
    return folded;
  }

  return class {
    static fold(word) { return fold(word); }

    constructor() {
      this.russian = new RussianStemmer();
      this.english = new EnglishStemmer();
    }

    stemWord(word) {
      if (/[\u0400-\u04FF]/u.test(word)) { return this.russian.stemWord(fold(word)); }
      return this.english.stemWord(word.toLowerCase());
    }
  };
})();
