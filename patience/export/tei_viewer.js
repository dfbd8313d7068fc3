/* The TEI viewer's script (tei_viewer.py writes it into edition-viewer.html, after
   CETEIcean's own script): CETEIcean turns the TEI document of the page into custom
   elements, and each <link> of the alignment becomes a row of three cells: the reading
   text, the modern transcription, the English. A module, in the page itself, so that the
   page opens from a disk as well as from the site. */

const source = document.getElementById("edition-tei").textContent;
const viewer = new CETEI();
// The notes and lists as they are, styled below, not CETEIcean's defaults (notes in
// parentheses, a glossary rewritten as a definition list).
viewer.addBehaviors({ tei: { note () {}, list () {} } });
viewer.makeHTML5(source, (tei) => {
  const view = document.getElementById("view");
  view.append(tei); // a fragment: its nodes move into the page
  const rows = document.getElementById("rows");
  let game = null;
  view.querySelectorAll('tei-linkgrp[type="alignment"] > tei-link').forEach((link) => {
    const layers = link.getAttribute("target").split(" ").map((t) => document.getElementById(t.slice(1)));
    if (layers.some((layer) => !layer)) { return; }
    const division = layers[0].closest("tei-div");
    if (division !== game) {
      game = division;
      const head = document.createElement("div");
      head.className = "head";
      const title = division.querySelector(":scope > tei-head");
      head.textContent = title ? title.textContent : "";
      rows.append(head);
    }
    const row = document.createElement("div");
    row.className = "row";
    row.dataset.passage = layers[0].id;
    const id = document.createElement("span");
    id.className = "id";
    id.textContent = layers[0].id;
    row.append(id);
    layers.forEach((layer) => {
      const cell = document.createElement("div");
      cell.className = "cell";
      cell.lang = layer.closest("[lang]").getAttribute("lang");
      cell.append(layer);
      row.append(cell);
    });
    rows.append(row);
  });
  document.body.dataset.ready = "yes";
});
