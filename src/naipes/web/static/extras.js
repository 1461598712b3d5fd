// naipes browser client: what a table offers around its game. The bots the lobby offers (from the
// server's registry), a clock per move, a table that waits for its players, moves that cannot be
// saved now, and at the end: a rematch, a link to replay the game and its record to download.
// The server says all of it in each update (waiting, paused, clock, deadlines, rematch).
"use strict";

Object.assign(WORDS.en, {
  clock: "Time per move (seconds, empty: none)", clock_each: "{0} s per move", clock_left: "{0}: {1} s left",
  clock_mine: "Your time: {0} s", wait_players: "The game starts when every seat is taken (waiting for {0}).",
  paused: "The server cannot save moves right now: the game goes on as soon as it can.",
  rematch: "Rematch", rematch_accept: "Accept the rematch", rematch_wants: "{0} asks for a rematch.",
  rematch_waiting: "Rematch: waiting for {0}.", rematch_watch: "Watch the rematch",
  replay_link: "Copy the link to replay this game", record: "Download the game's record",
  replay_title: "Replay of the game", bot_kind: "bot: {0}",
  kind_best: "best", kind_strong: "strong", kind_learned: "learned", kind_random: "random",
});
Object.assign(WORDS.es, {
  clock: "Tiempo por jugada (segundos, vacío: sin reloj)", clock_each: "{0} s por jugada",
  clock_left: "{0}: quedan {1} s", clock_mine: "Tu tiempo: {0} s",
  wait_players: "La partida empieza cuando todos los asientos estén ocupados (falta {0}).",
  paused: "El servidor no puede guardar jugadas ahora: la partida sigue en cuanto pueda.",
  rematch: "Revancha", rematch_accept: "Aceptar la revancha", rematch_wants: "{0} pide la revancha.",
  rematch_waiting: "Revancha: esperando a {0}.", rematch_watch: "Mirar la revancha",
  replay_link: "Copiar el enlace para ver de nuevo esta partida", record: "Descargar el registro de la partida",
  replay_title: "Repetición de la partida", bot_kind: "bot: {0}",
  kind_best: "el mejor", kind_strong: "fuerte", kind_learned: "entrenado", kind_random: "al azar",
});

/** The bots a seat of a new table may get: the kinds the server's registry has for this game. */
const BOT_CHOICES = ["best", "strong", "learned", "random"];

function botOptions(game) {
  const offered = (game && game.bots) || ["best", "random"];
  return BOT_CHOICES.filter((b) => offered.includes(b))
    .map((b) => el("option", { value: b }, t("bot_kind", t("kind_" + b))));
}

/** The clock the creator asked: a number of seconds, else null (no clock). */
function clockChoice() {
  const box = $("clock");
  const value = box ? Number(box.value) : 0;
  return box && box.value.trim() && value > 0 ? value : null;
}

const extras = { received: 0, timer: null, replayAsked: false, replayOf: null };
{  // a replay link (/#t=<table>&replay=1), read before the page rewrites its address
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("replay") === "1") extras.replayOf = hash.get("t");
}

function namesOf(seats) {
  return seats.map((s) => seatName(s)).join(", ");
}

/** Draw the notices and the end-of-game offers of the live update into #extras. */
function drawExtras(msg) {
  const box = $("extras");
  if (!box || !msg) return;
  if (msg !== extras.msg) { extras.msg = msg; extras.received = Date.now(); }
  const parts = [];
  if ((msg.waiting || []).length) parts.push(el("p", { class: "waiting-note", role: "status" }, t("wait_players", namesOf(msg.waiting))));
  if (msg.paused) parts.push(el("p", { class: "paused-note", role: "alert" }, t("paused")));
  if (msg.clock) parts.push(el("p", { class: "clock", id: "clock-line" }, clockText(msg)));
  if (msg.over) parts.push(...endOffers(msg));
  box.replaceChildren(...parts);
  box.hidden = !parts.length;
  if (msg.clock && !extras.timer) extras.timer = setInterval(tickClock, 250);
  if (extras.replayOf === state.table && msg.over && !extras.replayAsked && state.seat === null) {
    extras.replayAsked = true;  // a replay link: start at the beginning of the game, step through it
    $("table-title").textContent = `${t("replay_title")}: ${state.name}`;
    askPosition(0);
  }
}

function clockText(msg) {
  const gone = (Date.now() - extras.received) / 1000;
  const left = Object.entries(msg.deadlines || {}).map(([s, secs]) => {
    const now = Math.max(0, Math.ceil(secs - gone));
    return Number(s) === state.seat ? t("clock_mine", now) : t("clock_left", seatName(Number(s)), now);
  });
  return [t("clock_each", msg.clock), ...left].join(" · ");
}

function tickClock() {
  const line = $("clock-line");
  if (line && state.update && state.update.clock) line.textContent = clockText(state.update);
}

function endOffers(msg) {
  const out = [];
  const mine = state.seat !== null && (msg.seats || []).some((s) => s.seat === state.seat && !s.bot);
  const r = msg.rematch;
  if (mine && (!r || r.asked.includes(state.seat))) {
    const asked = r && r.accepted.length;
    out.push(el("button", { type: "button", id: "rematch", class: "primary", "data-key": "rematch",
      onclick: () => send({ type: "rematch" }) }, asked ? t("rematch_accept") : t("rematch")));
    if (asked) out.push(el("span", { class: "rematch-note" }, ` ${t("rematch_wants", namesOf(r.accepted))}`));
  } else if (r && r.asked.length) {
    out.push(el("span", { class: "rematch-note" }, t("rematch_waiting", namesOf(r.asked))));
  }
  if (r && state.seat === null) out.push(el("a", { href: `/#t=${r.table}`, id: "rematch-watch",
    onclick: (e) => { e.preventDefault(); enter(r.table, null); } }, t("rematch_watch")));
  out.push(" ", copyButton(t("replay_link"), () => `${location.origin}/#t=${state.table}&replay=1`, "replay"));
  if (state.token) {
    out.push(" ", el("button", { type: "button", class: "secondary", id: "record", "data-key": "record",
      onclick: downloadRecord }, t("record")));
  }
  return out;
}

/** The finished game's record (the seat's token in a header, never in the address). */
async function downloadRecord() {
  try {
    const response = await fetch(`/api/tables/${state.table}/record`, { headers: { authorization: `Bearer ${state.token}` } });
    if (!response.ok) throw new Error((await response.json()).reason || response.statusText);
    const url = URL.createObjectURL(await response.blob());
    const link = el("a", { href: url, download: `${state.game}-${state.table}.json` });
    document.body.append(link); link.click(); link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (err) { showError(err.message); }
}

/** The server's answer to this page's rematch: its seat at the new table. */
function onRematch(msg) {
  clearInterval(extras.timer); extras.timer = null;
  enter(msg.table, msg.token);
}
