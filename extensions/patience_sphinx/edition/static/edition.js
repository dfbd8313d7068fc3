/* The edition's parallel-text view: column toggles, copy buttons, absolute citation URLs.
   Plain JavaScript shipped with the site; it loads nothing from the network. */
"use strict";

(function () {
  function toggle(view, attribute, labels, initial) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "ed-toggle-" + attribute;
    button.setAttribute("aria-controls", view.id);
    function show(on) {
      view.dataset[attribute] = on ? "shown" : "hidden";
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.textContent = on ? labels[1] : labels[0];
    }
    show(initial);
    button.addEventListener("click", function () {
      show(view.dataset[attribute] !== "shown");
    });
    return button;
  }

  function addControls(view) {
    const controls = document.createElement("div");
    controls.className = "ed-controls no-search";
    controls.setAttribute("role", "group");
    controls.setAttribute("aria-label", "Parallel text display");
    controls.append(
      toggle(view, "witness", ["Show witness (OCR)", "Hide witness (OCR)"], false),
      toggle(view, "apparatus", ["Show corrections", "Hide corrections"], true)
    );
    view.before(controls);
  }

  /* Without html_baseurl the build writes site-relative URLs; make them absolute
     from where the reader is, so a copied citation works anywhere. */
  function absoluteUrls(panel) {
    if (panel.dataset.absolute === "yes") return;
    const root = document.documentElement.dataset.content_root || "";
    const relative = panel.dataset.url;
    const absolute = new URL(root + relative, window.location.href).href;
    panel.querySelectorAll(".ed-cite-text, .ed-cite-url").forEach(function (block) {
      block.textContent = block.textContent.split(relative).join(absolute);
    });
    panel.dataset.url = absolute;
    panel.dataset.absolute = "yes";
  }

  function copy(button) {
    const block = document.getElementById(button.dataset.copy);
    const text = block.textContent;
    const done = function () {
      button.dataset.copied = "yes";
      window.setTimeout(function () { delete button.dataset.copied; }, 2000);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { selectAndCopy(block); done(); });
    } else {
      selectAndCopy(block);
      done();
    }
  }

  function selectAndCopy(block) {
    const range = document.createRange();
    range.selectNodeContents(block);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    document.execCommand("copy");
  }

  /* The address's fragment, decoded; a malformed %-escape is taken as written, not thrown. */
  function fragment() {
    const raw = window.location.hash.slice(1);
    try {
      return decodeURIComponent(raw);
    } catch (error) {
      return raw;
    }
  }

  /* #urn:cts:…:PASSAGE (or a range FIRST-LAST) in the address opens the passage. */
  function followUrn() {
    const known = window.EDITION_PASSAGES;
    const hash = fragment();
    if (!known || !hash.startsWith(known.urn)) return;
    const passage = hash.slice(known.urn.length).split("-")[0];
    const target = known.passages[passage];
    if (!target) return;
    const root = document.documentElement.dataset.content_root || "";
    window.location.replace(new URL(root + target, window.location.href).href);
  }

  followUrn();
  window.addEventListener("hashchange", followUrn);

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll(".ed-parallel").forEach(addControls);
    document.querySelectorAll(".ed-cite").forEach(absoluteUrls);
    document.addEventListener("keydown", function (event) {
      const mark = document.activeElement;
      if (event.key === "Escape" && mark && mark.classList.contains("ed-corr")) {
        mark.dataset.dismissed = "yes";
        mark.addEventListener("blur", function () { delete mark.dataset.dismissed; }, { once: true });
      }
    });
    document.addEventListener("click", function (event) {
      const button = event.target.closest(".ed-copy");
      if (button) copy(button);
    });
  });
})();
