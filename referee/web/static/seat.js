// A player's seat: the cards only they (and those who share a secret with them) see, drawn as
// their printed faces (face/ID.svg, which the server gives only to a viewer who sees the card),
// in a row that scrolls sideways; tapping a card plays it (tap.js) when a legal move names it, and
// otherwise opens a dialog with its text, as its "text" button always does. Built from the
// page state's `seat` (zones and card IDs), so every game gets it without code of its own.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  let drawn = "";

  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    Object.assign(node, props || {});
    for (const child of children) node.append(child);
    return node;
  }

  function zoneLabel(name) {
    // "hand:Ann" reads as "hand"; the viewer knows whose page this is.
    return name.split(":")[0].replace(/[-_]/g, " ");
  }

  function showCard(card) {
    const dialog = $("card-dialog");
    $("card-dialog-title").textContent = `${card.name} (${card.id})`;
    $("card-dialog-face").replaceChildren(el("img", { src: `face/${encodeURIComponent(card.id)}.svg`, alt: "" }));
    $("card-dialog-text").replaceChildren(...card.text.map((line) => el("li", { textContent: line })));
    dialog.showModal();
  }

  function cardButton(card) {
    const button = el("button", { type: "button", className: "seat-card" },
      el("img", { src: `face/${encodeURIComponent(card.id)}.svg`, alt: "", loading: "lazy" }),
      el("span", { className: "seat-name", textContent: card.name }));
    button.dataset.id = card.id;
    button.setAttribute("aria-label", `${card.name} (${card.id}): show its text`);
    button.addEventListener("click", () => {
      // tap.js takes a card a legal move names; any other card shows its text
      const tap = new CustomEvent("pnp:card", { detail: { id: card.id }, cancelable: true });
      if (document.dispatchEvent(tap)) showCard(card);
    });
    return button;
  }

  function renderSeat(seat) {
    const key = JSON.stringify(seat);
    if (key === drawn) return;
    drawn = key;
    const rows = seat.map((zone) => el("div", { className: "seat-zone" },
      el("h3", { textContent: `${zoneLabel(zone.zone)} · ${zone.cards.length}` }),
      el("ul", { className: "seat-row" }, ...zone.cards.map((card) => el("li", {}, cardButton(card),
        el("button", { type: "button", className: "seat-about", textContent: "text",
          ariaLabel: `the text of ${card.name}`, onclick: () => showCard(card) }))))));
    $("seat").replaceChildren(...rows);
    $("seat-section").hidden = seat.length === 0;
  }

  document.addEventListener("pnp:state", (event) => renderSeat(event.detail.seat || []));
  $("card-dialog-close").addEventListener("click", () => $("card-dialog").close());
})();
