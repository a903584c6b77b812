// Turn notifications on a player's own page: when it becomes this viewer's turn (the prompt names
// them and a move or secret choice is theirs to make), the tab's title says so and a phone that can
// vibrates once.
"use strict";

(() => {
  let wasTurn = false;

  function isTurn(state) {
    if (!state.viewer || state.over || !state.prompt.actors.includes(state.viewer)) return false;
    const own = state.choices ? state.choices.options[state.viewer] : null;
    return state.legal.length > 0 || Boolean(own && own.length);
  }

  document.addEventListener("pnp:state", (event) => {
    const state = event.detail;
    const turn = isTurn(state);
    document.body.dataset.turn = turn ? "yours" : "";
    if (turn) document.title = `Your turn — ${state.game}`;
    if (turn && !wasTurn && navigator.vibrate) navigator.vibrate(200);
    wasTurn = turn;
  });
})();
