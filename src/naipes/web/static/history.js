// naipes browser client: the move list (with the deal, hand and round boundaries) and stepping back
// and forth through earlier positions: the server replays its record and sends this seat's view of
// that moment ({"type": "position", "n": …}), never a card the seat could not see then.
"use strict";

/** Add the moves of an update to the list (`history_from` 0: the whole list again). */
function takeHistory(msg) {
  if (!Array.isArray(msg.history)) return;
  if (msg.history_from === 0) state.history = [];
  for (const entry of msg.history) state.history[entry.index] = entry;
  state.moves = msg.moves ?? state.history.length;
}

function seatName(s) {
  const seats = (state.update && state.update.seats) || [];
  const seat = seats.find((x) => x.seat === s);
  const name = (seat && seat.name) || t("seat_n", s);
  return s === state.seat ? t("you_paren", name) : name;
}

function drawHistory() {
  const list = $("history");
  const at = state.viewing ? state.viewing.n : state.moves;
  const items = [el("li", { class: at === 0 ? "current" : "" },
    el("button", { type: "button", class: "step", "data-n": 0, onclick: () => askPosition(0) }, t("start")))];
  for (const entry of state.history) {
    if (!entry) continue;
    const n = entry.index + 1;
    items.push(el("li", { class: [n === at ? "current" : "", entry.boundary ? "ends" : ""].join(" ").trim() },
      el("span", { class: "n" }, `${n}.`),
      el("button", { type: "button", class: "step", "data-n": n, title: entry.move, "aria-current": n === at ? "step" : null,
        onclick: () => askPosition(n) }, `${seatName(entry.seat)}: ${entry.text}`)));
    if (entry.boundary) items.push(el("li", { class: "boundary", role: "separator" }, `— ${t("end_" + entry.boundary)} —`));
  }
  list.replaceChildren(...items);
  const current = list.querySelector("li.current");
  if (current && !list.contains(document.activeElement)) current.scrollIntoView({ block: "nearest" });
  $("step-prev").disabled = at <= 0;
  $("step-next").disabled = !state.viewing;
  $("step-live").disabled = !state.viewing;
}

/** Ask for the position after `n` moves (`n` = the number of moves: back to the live game). */
function askPosition(n, direction = 0) {
  if (n >= state.moves) return backToLive();
  state.stepping = { n: Math.max(0, n), direction };
  send({ type: "position", n: Math.max(0, n) });
}

function onPosition(msg) {
  const asked = state.stepping;
  state.stepping = null;
  // inside a simultaneous window the server rounds n down to the window's start: step on past it
  if (asked && asked.direction > 0 && state.viewing && msg.n <= state.viewing.n) {
    return askPosition(asked.n + 1, 1);
  }
  state.viewing = msg; state.pick = null; state.picked = null;
  redraw();
}

function stepBy(delta) {
  const at = state.viewing ? state.viewing.n : state.moves;
  askPosition(at + delta, delta);
}

function backToLive() {
  state.viewing = null; state.stepping = null;
  redraw();
}

function drawReplayBar() {
  const v = state.viewing;
  $("replay").hidden = !v;
  if (v) $("replay-text").textContent = v.n === 0 ? t("viewing_start", v.moves) : t("viewing", v.n, v.moves);
}

/** The log of events in words, numbered by the page (so 100 and up keep every digit). Each event
 * keeps its words in every language the server sent (`texts`), so a language switch re-words it. */
function addLog(events) {
  state.log = state.log || [];
  for (const item of events) if (item.text || item.texts) state.log.push(item);
  drawLog();
}

function logText(item) {
  const lang = document.documentElement.lang;
  return (item.texts && (item.texts[lang] ?? item.texts.en)) || item.text || "";
}

function drawLog() {
  const log = $("log");
  const shown = (state.log || []).filter((item) => logText(item));
  reconcile(log, shown.map((item, i) =>
    el("li", { "data-seq": item.seq, "data-key": `seq:${item.seq}` }, el("span", { class: "n" }, `${i + 1}.`), " ", logText(item))));
  log.scrollTop = log.scrollHeight;
}
