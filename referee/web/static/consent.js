// The table's own actions (loaded before app.js, whose el() and send() it uses): undo and redo
// by the table's agreement (the box on each page that is asked: "Ann asks to undo play AL-10 e4:
// agree / refuse"), the Redo button, the end of the game (Move, Enter, Undo and Redo disabled,
// a rematch with the same seats offered) and the verdict line's words for these answers.
"use strict";

function renderActions(state) {
  renderAsking(state);
  // a spectator's page makes no move (and the server refuses its requests)
  const closed = state.over || Boolean(state.spectator);
  for (const id of ["move", "enter", "undo", "redo"]) document.getElementById(id).disabled = closed;
  document.getElementById("rematch").hidden = !state.over || Boolean(state.spectator);
}

function renderAsking(state) {
  const box = document.getElementById("asking");
  const asking = state.asking;
  if (!asking) { box.replaceChildren(); return; }
  const what = `${asking.by} asks to ${asking.kind} ${asking.move}`;
  if (!asking.mine || state.spectator) {
    box.replaceChildren(el("p", { textContent: `${what}: waiting for ${asking.waiting.join(", ")}` }));
    return;
  }
  box.replaceChildren(el("p", { textContent: `${what}:` }),
    el("button", { type: "button", className: "agree", textContent: "agree",
      onclick: () => send("api/answer", { agree: true }) }),
    el("button", { type: "button", className: "refuse", textContent: "refuse",
      onclick: () => send("api/answer", { agree: false }) }));
}

function acceptedText(answer) {
  if (answer.undone) return `undone: ${answer.undone}`;
  if (answer.redone) return `redone: ${answer.redone}`;
  if (answer.asked) return `asked the table to ${answer.asked}: waiting for ${answer.waiting.join(", ")}`;
  if (answer.agreed) return `agreed to ${answer.agreed}`;
  if (answer.refused) return `refused to ${answer.refused}`;
  if (answer.move) return `accepted: ${answer.move}`;
  if (answer.rematch) return `a new game with the same seats: ${answer.rematch}`;
  return "accepted";
}

document.getElementById("redo").addEventListener("click", () => send("api/redo", {}));
document.getElementById("rematch").addEventListener("click", () => send("api/rematch", {}));
