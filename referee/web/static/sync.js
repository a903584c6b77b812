// Keeping a page in step with its server (loaded before app.js): which server drew the table
// shown (its boot ID: a server started again counts its versions from 0 again), the change
// stream opened again when the browser gives it up, and failed state fetches retried with
// backoff. The page says "live" only while the stream is open and the table shown is from the
// server at the other end of it; otherwise the table is marked out of date.
"use strict";

const sync = { boot: null, streamBoot: null, open: false, tries: 0, timer: null };

function backoff(tries) {
  return Math.min(10000, 500 * 2 ** Math.max(0, tries - 1)); // 0.5 s, 1 s, 2 s … 10 s
}

function syncLabel() {
  const live = sync.open && sync.tries === 0 && sync.boot !== null && sync.boot === sync.streamBoot;
  document.getElementById("conn").textContent = live ? "live"
    : sync.boot === null && sync.tries === 0 ? "connecting…" : "reconnecting…";
  document.body.classList.toggle("stale", !live);
}

function fetchFailed(again) {
  // A state fetch failed (no answer, or not a state): try again later, less and less often.
  sync.tries += 1;
  syncLabel();
  clearTimeout(sync.timer);
  sync.timer = setTimeout(again, backoff(sync.tries));
}

function fromNewServer(state) {
  // Note a state fetched; true if it comes from another server than the table shown.
  sync.tries = 0;
  const fresh = sync.boot !== null && state.boot !== sync.boot;
  sync.boot = state.boot;
  syncLabel();
  return fresh;
}

function openStream(onChange, onNewServer, failures = 0) {
  const stream = new EventSource("events");
  stream.addEventListener("hello", (event) => {
    failures = 0;
    sync.open = true;
    sync.streamBoot = event.data;
    if (sync.boot !== null && event.data !== sync.boot) onNewServer();
    syncLabel();
  });
  stream.addEventListener("change", (event) => onChange(Number(event.data)));
  stream.onerror = () => {
    sync.open = false;
    syncLabel();
    if (stream.readyState === EventSource.CLOSED) { // the browser gave up: open it again later
      failures += 1;
      setTimeout(() => openStream(onChange, onNewServer, failures), backoff(failures));
    }
  };
}
