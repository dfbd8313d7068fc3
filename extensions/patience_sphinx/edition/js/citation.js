/* A passage's citation in every format the cite panel offers, from the data file
   (_static/edition-data.js, data.py): the same words as `patience cite` writes
   (patience/citation.py), which tests/browser/test_citing.py holds them to. */

/** A day as YYYY-MM-DD, in the reader's time zone.  @param {Date} day */
export function isoDay(day) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The citation of ``reference`` (a passage's id, or a range FIRST-LAST), accessed on
    ``accessed`` (YYYY-MM-DD); null when the data file has no such passage or range. */
export function citationOf(data, reference, accessed) {
  const order = data.passages.map((p) => p[0]);
  const ends = reference.split("-").map((end) => end.trim());
  const start = order.indexOf(ends[0]);
  const end = order.indexOf(ends[ends.length - 1]);
  if (start < 0 || end < start) { return null; }
  const passages = data.passages.slice(start, end + 1);
  const label = passages.length > 1 ? `${passages[0][0]}-${passages[passages.length - 1][0]}` : passages[0][0];
  const urn = data.urn + label;
  const kinds = [].concat.apply([], passages.map((p) => p[2]));
  const parts = ["Reading text established from an OCR witness"];
  if (kinds.length) {
    const names = Array.from(new Set(kinds.map((k) => data.book.kinds[k] || k))).sort();
    const count = `${kinds.length} correction${kinds.length > 1 ? "s" : ""}`;
    parts.push(`the text cited was corrected by the editors (${count}: ${names.join(", ")})`);
  }
  const doubtful = [].concat.apply([], passages.map((p) => p[3]))
    .map((text) => text.trim().replace(/\.+$/, ""));
  if (doubtful.length) { parts.push(`the reading is uncertain or conjectural: ${doubtful.join("; ")}`); }
  const status = `${parts.join("; ")}.`;
  const base = data.publication.base;
  const url = base ? `${base + passages[0][1]}#${label}` : null;
  const noun = passages.length > 1 ? "passages " : "passage ";
  const note = (original) => {
    const translation = `anonymous Russian translation${original ? ` of ${data.book.original}` : ""}`;
    return `«${data.book.title}», ${translation}. ${data.book.unknown} ${urn}.${url ? "" : ` ${data.book.noAddress}`} ${
      status}`;
  };
  return {
    label, urn, key: `cadogan-ru:${label}`, status, accessed, url, note,
    title: `${passages[0][4]}, ${noun}${label.replace("-", "\u2013")}`,
  };
}

function bibtexEscape(value) {
  return value.replace(/\\/g, "\\textbackslash{}").replace(/\{/g, "\\{").replace(/\}/g, "\\}").replace(/%/g, "\\%");
}

/* An entry of [name, value, raw] fields: raw values (a braced name, a month macro) are written as given. */
function bibtexEntry(kind, c, fields) {
  const lines = fields.filter((f) => f[1] !== null).map((f) => {
    if (f[0] === "month") { return `  month = ${f[1]}`; }
    return `  ${f[0]} = {${f[2] ? f[1] : bibtexEscape(f[1])}}`;
  });
  return `@${kind}{${c.key},\n${lines.join(",\n")}\n}`;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function dayParts(iso) { return { "date-parts": [iso.split("-").map(Number)] }; }

/* Each format's text of a citation ``c`` (citationOf), with the data file ``d``. */
export const WRITERS = {
  text(c, d) {
    const p = d.publication;
    const author = `${d.book.family}, ${d.book.given} (author of the original)`;
    return `${author}. \u201c${c.title}\u201d. In ${p.statement}. ${c.note(true)} ${c.url ? `${c.url} ` : ""}(accessed ${
      c.accessed}).`;
  },
  bibtex(c, d) {
    const p = d.publication;
    return bibtexEntry("misc", c, [
      ["author", `${d.book.family}, ${d.book.given}`], ["title", c.title],
      ["howpublished", `In ${p.title}, edited by ${p.editors}, version ${p.version}`],
      ["year", p.released.slice(0, 4)], ["month", MONTHS[Number(p.released.slice(5, 7)) - 1]],
      ["language", "russian"], ["note", c.note(true)], ["url", c.url], ["urldate", c.accessed],
    ]);
  },
  biblatex(c, d) {
    const p = d.publication, b = d.book;
    return bibtexEntry("incollection", c, [
      ["author", `${b.family}, ${b.given}`], ["title", c.title], ["booktitle", p.title],
      ["editor", `{${bibtexEscape(p.editors)}}`, true], ["edition", `Version ${p.version}`],
      ["date", p.released], ["origdate", String(b.originalYear)], ["origtitle", b.originalTitle],
      ["origpublisher", b.originalPublisher], ["origlocation", b.originalPlace], ["language", "russian"],
      ["note", c.note(false)], ["url", c.url], ["urldate", c.accessed],
    ]);
  },
  "csl-json"(c, d) {
    const p = d.publication, b = d.book;
    const item = {
      id: c.key, type: "chapter", title: c.title, "container-title": p.title,
      author: [{ family: b.family, given: b.given }], editor: [{ literal: p.editors }],
      issued: dayParts(p.released), version: p.version, "original-title": b.originalTitle,
      "original-publisher": b.originalPublisher, "original-publisher-place": b.originalPlace,
      "original-date": { "date-parts": [[b.originalYear]] }, language: "ru", note: c.note(false),
    };
    if (c.url) { item.URL = c.url; }
    item.accessed = dayParts(c.accessed);
    return JSON.stringify([item], null, 2);
  },
  ris(c, d) {
    const p = d.publication, b = d.book;
    const lines = [["TY", "CHAP"], ["ID", c.key], ["AU", `${b.family}, ${b.given}`], ["TI", c.title],
      ["T2", p.title], ["A2", p.editors], ["PY", p.released.slice(0, 4)], ["DA", p.released.replace(/-/g, "/")],
      ["ET", `Version ${p.version}`], ["OP", b.original], ["LA", "ru"], ["N1", c.note(false)]]
      .concat(c.url ? [["UR", c.url]] : [])
      .concat([["Y2", c.accessed.replace(/-/g, "/")], ["ER", ""]]);
    return lines.map((l) => `${l[0]}  - ${l[1]}`).join("\n");
  },
};
export const TITLES = { text: "Suggested citation", bibtex: "BibTeX", biblatex: "biblatex", "csl-json": "CSL-JSON", ris: "RIS" };
