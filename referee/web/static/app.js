// The table page of `referee serve`: fetches the table's state when the server says the log has
// changed (server-sent events), and posts moves and undo. Every address is relative to the page,
// so a player's own page (/p/KEY/) and a token (/TOKEN/) need nothing more here.
"use strict";

const $ = (id) => document.getElementById(id);
let shown = -1;
let wanted = 0;
let sending = false;
let pending = null;
let drawn = null;  // the table picture shown (SVG text), drawn again only when it changes

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props || {});
  for (const child of children) node.append(child);
  return node;
}

function scalable(svgText) {
  // A picture that fits the screen: give it a viewBox from its size if it has none.
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = doc.documentElement;
  if (svg.nodeName !== "svg") return null;
  if (!svg.getAttribute("viewBox")) {
    const w = parseFloat(svg.getAttribute("width")), h = parseFloat(svg.getAttribute("height"));
    if (w > 0 && h > 0) svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  }
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "picture of the table");
  return document.importNode(svg, true);
}

function renderScore(score, state) {
  const players = Object.entries(score.players);
  const cats = players.length ? Object.keys(players[0][1].categories) : [];
  const head = el("tr", {}, el("th", { textContent: "player" }),
    ...cats.map((c) => el("th", { textContent: c })), el("th", { textContent: "total" }));
  const rows = players.map(([name, p]) => el("tr", {}, el("td", { textContent: name }),
    ...cats.map((c) => el("td", { textContent: String(p.categories[c] ?? 0) })),
    el("td", { textContent: String(p.total) })));
  let note;
  if (score.final) {
    note = `winner: ${score.winners.join(" and ")}${score.tiebreak ? ` (tie-break: ${score.tiebreak})` : ""}`;
  } else if (score.tied) {
    note = `no winner yet: ${score.tied.join(" and ")} are tied; the table decides`;
  } else {
    note = "a running count: the game is not over";
    if (score.leaders.length) note += `; leading: ${score.leaders.join(" and ")}`;
  }
  if (!score.final && players.length < state.players.length) {
    note += state.viewer
      ? "; the others' counts may rest on their secrets: they see theirs on their own pages"
      : "; the counts may rest on secrets: each player sees theirs on their own page";
  }
  const table = players.length
    ? [el("div", { className: "scroll" }, el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows)))]
    : [];
  $("score").replaceChildren(...table, el("p", { textContent: note }),
    ...score.notes.map((n) => el("p", { className: "note", textContent: n })));
}

const GROUP_FROM = 40;  // a longer list of legal moves is grouped
const GROUP_MAX = 12;   // a group with more moves than this is split into groups in turn
const opened = new Set();  // the groups the viewer opened, kept open from one table to the next

function head(move, depth) {
  return move.split(/\s+/).slice(0, depth).join(" ");
}

function moveButton(move, choices) {
  return el("li", {}, el("button", { type: "button", textContent: move, onclick: () => pick(move, choices) }));
}

function groupNode(key, count, children) {
  // a disclosure, closed until opened, so that the keyboard passes it in one Tab
  const group = el("details", { className: "legal-group", open: opened.has(key) },
    el("summary", { textContent: `${key} … (${count})` }), el("ul", {}, ...children));
  group.addEventListener("toggle", () => { if (group.open) opened.add(key); else opened.delete(key); });
  return el("li", {}, group);
}

function grouped(moves, depth, choices) {
  // The moves by their first `depth` words; a group of more than GROUP_MAX moves is split by the
  // next word that tells them apart (`play` → `play AL-10` …).
  const by = new Map();
  for (const move of moves) {
    const key = head(move, depth);
    if (!by.has(key)) by.set(key, []);
    by.get(key).push(move);
  }
  return [...by].map(([key, some]) => {
    if (some.length === 1) return moveButton(some[0], choices);
    let next = depth + 1;
    while (next < 8 && new Set(some.map((m) => head(m, next))).size === 1) next += 1;
    const split = some.length > GROUP_MAX && next < 8;
    return groupNode(key, some.length,
      split ? grouped(some, next, choices) : some.map((m) => moveButton(m, choices)));
  });
}

function renderLegal(state) {
  const choices = state.spectator ? null : state.choices;
  let moves = state.spectator ? [] : state.legal;
  if (choices) {
    moves = Object.entries(choices.options).flatMap(([p, own]) => own.map((o) => `${p}=${o}`));
  }
  $("legal-moves").replaceChildren(...(state.spectator ? [] : state.legal).map((m) => el("option", { value: m })));
  const shown = moves.slice(0, 400);
  $("legal").replaceChildren(...(shown.length > GROUP_FROM ? grouped(shown, 1, choices)
    : shown.map((m) => moveButton(m, choices))));
  const notes = [];
  if (choices) notes.push(`${choices.form} (every player at once)`);
  if (state.committed && state.committed.length) {
    notes.push(`chosen in secret so far: ${state.committed.join(", ")}`);
  }
  if (moves.length > 400) notes.push(`first 400 of ${moves.length}; type to narrow them`);
  for (const form of state.also) notes.push(`also: ${form}`);
  if (state.over) notes.push("the game is over");
  $("legal-note").textContent = notes.join(" · ");
}

function pick(move, choices) {
  const box = $("move");
  if (choices) {
    const start = box.value.trim() || choices.form.split(" ")[0];
    box.value = `${start} ${move}`;
  } else {
    box.value = move;
  }
  box.focus();
}

function logItem(entry, key) {
  const item = el("li", { value: entry.seq, className: entry.secret ? "secret" : "" },
    el("span", { className: "by", textContent: entry.actor ? `${entry.actor}: ` : `${entry.by} ` }),
    entry.text);
  item.dataset.key = key;
  return item;
}

function renderLog(log) {
  // Only the entries that changed are drawn again: the entries shown before that are still the
  // same (the log grows by a move's few events; an undo changes its end) stay as they are, so a
  // long game's page does not build its whole log again on every move.
  const list = $("log");
  const keys = log.map((entry) => JSON.stringify(entry));
  const items = list.children;
  let same = 0;
  while (same < items.length && same < keys.length && items[same].dataset.key === keys[same]) same += 1;
  if (same === items.length && same === keys.length) return;
  while (items.length > same) items[items.length - 1].remove();
  list.append(...log.slice(same).map((entry, at) => logItem(entry, keys[same + at])));
  list.scrollTop = list.scrollHeight;
}

function render(state) {
  document.title = `${state.game} — pnpkit referee`;
  $("title").textContent = state.game;
  $("viewer").textContent = state.spectator ? "spectators: the table, no moves"
    : state.viewer ? `${state.viewer}'s own page` : "the shared table";
  document.body.classList.toggle("spectator", Boolean(state.spectator));
  $("prompt").textContent = state.prompt.text;
  if (state.picture !== drawn) {
    // a secret choice held, an undo asked or a rematch offered leaves the picture as it was
    drawn = state.picture;
    const picture = drawn ? scalable(drawn) : null;
    $("picture").replaceChildren(...(picture ? [picture] : []));
  }
  // the text view, a list item a line, for a screen reader as for the eye
  const lines = (state.text || "").split("\n").filter((line) => line.trim());
  $("text").replaceChildren(...lines.map((line) => el("li", { textContent: line })));
  $("text-details").hidden = !lines.length;
  renderLegal(state);
  renderScore(state.score, state);
  renderLog(state.log);
  renderActions(state); // consent.js
  document.dispatchEvent(new CustomEvent("pnp:state", { detail: state }));  // seat.js
  document.body.dataset.version = String(state.version);
  const old = document.querySelector(".error");
  if (old) old.remove();
  if (state.error) document.body.prepend(el("p", { className: "error", textContent: state.error }));
}

async function refresh() {
  // One request at a time; a change announced meanwhile is fetched right after, unless the
  // answer already showed it.
  if (pending) { pending.again = true; return; }
  pending = { again: false };
  let failed = false;
  try {
    const response = await fetch("api/state", { cache: "no-store" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    show(await response.json());
  } catch (err) {
    failed = true;
  } finally {
    const again = pending.again && shown < wanted;
    pending = null;
    if (failed) fetchFailed(refresh); // sync.js
    else if (again) refresh();
  }
}

function want(version) {
  // The server has a table of this version: fetch it unless it is shown or on its way (the
  // answer to a move or undo sent from this page brings it).
  if (Number.isInteger(version) && version > wanted) wanted = version;
  if (!sending && (shown < wanted || shown === -1)) refresh();
}

function show(state) {
  // A state older than the one shown (a fetch sent before a move's answer came back after it)
  // is dropped: the page never goes back to an older table.
  if (fromNewServer(state)) { shown = -1; wanted = state.version; } // sync.js
  if (state.version > shown || (state.version === shown && state.error)) {
    shown = state.version;
    render(state);
  }
}

async function send(path, body, type = "application/json") {
  // A JSON body (a photo, camera.js, is sent as it is, with its own type).
  const verdict = $("verdict");
  verdict.className = "";
  verdict.textContent = "…";
  let answer;
  sending = true;
  try {
    const json = type === "application/json";
    const response = await fetch(path, { method: "POST", headers: { "Content-Type": type },
      body: json ? JSON.stringify(body) : body });
    answer = response.headers.get("content-type")?.startsWith("application/json")
      ? await response.json() : { accepted: false, reason: await response.text() };
  } catch (err) {
    answer = { accepted: false, reason: `no answer from the referee (${err})` };
  }
  sending = false;
  if (answer.state) show(answer.state);
  if (answer.error) answer = { accepted: false, reason: answer.error };
  verdict.className = answer.accepted ? "accepted" : "refused";
  verdict.textContent = answer.accepted
    ? acceptedText(answer) // consent.js
    : `refused: ${answer.rule ? `${answer.rule}: ` : ""}${answer.reason}`;
  want(answer.state?.version);
  return answer.accepted;
}

$("move-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = $("move").value.trim();
  if (!text) return;
  if (await send("api/move", { move: text })) $("move").value = "";
  $("move").focus();
});
$("undo").addEventListener("click", () => send("api/undo", {}));

// Start once every script has run (DOMContentLoaded follows the deferred scripts): each of them
// arrives and runs in its own time, and a first table drawn sooner would reach no listener in a
// later one (tap.js, notify.js, seat.js), leaving that page without its taps until the next change.
document.addEventListener("DOMContentLoaded", () => {
  openStream((version) => want(version), () => { shown = -1; wanted = 0; refresh(); }); // sync.js
  refresh();
});
