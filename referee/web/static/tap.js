// Tap to play: pick a move a piece at a time from the legal moves the page's state lists for
// this viewer. A move is its words; tapping a card of the seat, an element of the table picture
// carrying a data-id, or an offered button chooses one word, and the legal moves narrow to those
// holding every chosen word. The next words that tell the remaining moves apart are offered as
// buttons (and highlighted where a card or picture element names them); once one move is left its
// text is shown with Send and Cancel. No game's words are known here: every game gets it.
// A secret choice made by everyone at once (the state's `choices`, the viewer's own options) is
// offered the same way. The offered words are one Tab stop, the arrow keys moving among them.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  let moves = [];
  let chosen = [];

  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    Object.assign(node, props || {});
    for (const child of children) node.append(child);
    return node;
  }

  function rest(move) {
    // The move's words not yet chosen (each chosen word taken out once).
    const words = move.split(/\s+/);
    for (const word of chosen) {
      const at = words.indexOf(word);
      if (at < 0) return null;
      words.splice(at, 1);
    }
    return words;
  }

  function candidates() {
    return moves.map((m) => [m, rest(m)]).filter(([, r]) => r !== null);
  }

  function offered(found) {
    // The words at the first place where the remaining moves differ; a move that ends there is
    // offered whole.
    const lists = found.map(([, r]) => r);
    let at = 0;
    while (lists.every((r) => at < r.length && r[at] === lists[0][at])) at += 1;
    const words = new Map();
    for (const [move, r] of found) {
      const key = at < r.length ? r[at] : move;
      if (!words.has(key)) words.set(key, at < r.length ? { word: r[at] } : { move });
    }
    return [...words.values()];
  }

  function secret(choices, viewer) {
    // At a secret simultaneous prompt the legal moves are empty and the viewer's own options
    // are listed apart: each is offered as the move `FORM-WORD PLAYER=OPTION` (the referee
    // holds it until everyone has chosen). A player's page offers only its own player's, even
    // when the gate would let it choose for another whose secrets it happens to see (each player
    // chooses on their own page); a page without a player names whose choice it enters.
    if (!choices) return [];
    const verb = choices.form.split(/\s+/)[0];
    const options = viewer ? { [viewer]: choices.options[viewer] || [] } : choices.options;
    return Object.entries(options).flatMap(([player, own]) =>
      own.map((o) => `${viewer ? "" : `${player}: `}${verb} ${player}=${o}`));
  }

  function targets() {
    return [...document.querySelectorAll("#seat .seat-card, #picture [data-id]")];
  }

  function label(option) {
    // A word naming a card of the seat reads with the card's name.
    if (!option.word) return option.move;
    const card = [...document.querySelectorAll("#seat .seat-card")].find((n) => n.dataset.id === option.word);
    return card ? `${card.querySelector(".seat-name").textContent} (${option.word})` : option.word;
  }

  function render() {
    const panel = $("tap");
    const found = candidates();
    for (const node of targets()) node.classList.remove("tap-target", "tap-chosen");
    if (!found.length) { panel.hidden = true; chosen = []; return; }
    panel.hidden = false;
    const single = found.length === 1 || found.every(([m]) => m === found[0][0]);
    const options = single ? [] : offered(found);
    const words = new Set(options.filter((o) => o.word).map((o) => o.word));
    for (const node of targets()) {
      node.classList.toggle("tap-target", words.has(node.dataset.id));
      node.classList.toggle("tap-chosen", chosen.includes(node.dataset.id));
    }
    $("tap-chosen").textContent = chosen.length ? `chosen: ${chosen.join(" ")}` : "tap a card, a place or a word";
    // one Tab stop for the whole row, the arrow keys moving along it (a toolbar's keyboard)
    // every choice is offered (the row scrolls): a capped row left some legal moves untappable
    $("tap-options").replaceChildren(...options.map((o, i) => el("li", {}, optionButton(o, i))));
    $("tap-count").textContent = single ? "" : `${found.length} moves, ${options.length} choices`;
    if (single) preview(found[0][0]); else $("tap-preview").hidden = true;
    $("tap-cancel").hidden = !(chosen.length || single);
  }

  function optionButton(option, at) {
    // a word's button, or a whole move's; it carries the word (or move) it chooses
    const node = el("button", { type: "button", className: "tap-option", textContent: label(option),
      tabIndex: at ? -1 : 0, onclick: () => (option.word ? choose(option.word) : preview(option.move)) });
    if (option.word) node.dataset.word = option.word; else node.dataset.move = option.move;
    return node;
  }

  function preview(move) {
    $("tap-move").textContent = move;
    $("tap-preview").hidden = false;
    $("tap-send").focus();
  }

  function choose(word) {
    chosen.push(word);
    render();
  }

  function reset() {
    chosen = [];
    $("tap-preview").hidden = true;
    render();
  }

  function tapped(id) {
    // A card or picture element: choose it if a remaining move names it.
    const found = candidates();
    if (!found.some(([, r]) => r.includes(id))) return false;
    choose(id);
    return true;
  }

  document.addEventListener("pnp:state", (event) => {
    const state = event.detail;
    const next = state.over || state.spectator ? [] : [...state.legal, ...secret(state.choices, state.viewer)];
    window.pnpLegal = next;  // what a test checks a sent move against
    if (JSON.stringify(next) !== JSON.stringify(moves)) { moves = next; chosen = []; $("tap-preview").hidden = true; }
    // after seat.js has drawn the cards of this state
    queueMicrotask(render);
  });
  document.addEventListener("pnp:card", (event) => { if (tapped(event.detail.id)) event.preventDefault(); });
  $("picture").addEventListener("click", (event) => {
    const node = event.target.closest("[data-id]");
    if (node) tapped(node.dataset.id);
  });
  $("tap-send").addEventListener("click", async () => {
    const move = $("tap-move").textContent;
    // `send` is app.js's: it posts the move and shows the verdict and the table after it. An
    // accepted move starts the next one afresh, even when the legal moves are the same after it
    // (a trade): else its preview stayed up, one tap from sending it twice.
    if (await send("api/move", { move })) reset();
  });
  $("tap-cancel").addEventListener("click", reset);
  $("tap-options").addEventListener("keydown", (event) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    const buttons = [...$("tap-options").querySelectorAll("button")];
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    event.preventDefault();
    const next = buttons[(at + step + buttons.length) % buttons.length];
    buttons[at].tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  });
})();
