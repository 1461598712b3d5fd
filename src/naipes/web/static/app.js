// naipes browser client: plain JavaScript, no build step, no framework. Protocol and how to copy it:
// docs/guides/front-end.rst. Files: i18n.js (the page's words), cards.js (DOM and cards), board.js (the
// table from the zones), workspace.js (a turn workspace), history.js (move list, stepping back, log),
// app.js (lobby, connection, moves). The client never names a game: the server words everything.
"use strict";

const state = {
  games: [], table: null, token: null, seat: null, game: null, next: 0, socket: null, deck: "spanish",
  update: null, history: [], moves: 0, viewing: null, stepping: null, ws: null, pick: null, mergeFrom: null,
  picked: null, conn: "connecting", retry: 0, gone: false, lastHeard: 0, cardWords: null, name: "",
};

const gameInfo = (name) => state.games.find((g) => g.name === name) || null;
const quickRules = (info) => (info && Object.values(info.quick_rules || {})[0]) || {};
const workspaceOps = () => { const info = gameInfo(state.game); return info ? info.workspace_ops || [] : []; };
const hasWorkspace = () => workspaceOps().length > 0;
const online = () => state.conn === "open";
const myTurn = () => !!(state.update && state.seat !== null && !state.update.over && state.update.to_act.includes(state.seat));
/** The page's seat may act now: its turn, connected, and looking at the live game. */
const canAct = () => myTurn() && online() && !state.viewing;
const currentLegal = () => (canAct() && state.update.legal) || [];

/** A refused move's reason (or any error): at the table it shows under the board, next to the hand,
 * and comes into view there; in the lobby, at the top. */
function showError(text) {
  const box = $("error");
  box.textContent = text || "";
  if (text && !$("table").hidden) bringIntoView(box);
}

/** Scroll `node` into view where the player looks: its bottom at the bottom of the window, so the hand
 * (just above it) shows too. At once (a smooth scroll can be cut short by the next update's redraw).
 * A node already in full view stays put. */
function bringIntoView(node) {
  requestAnimationFrame(() => {
    const box = node.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    node.scrollIntoView({ block: "end" });
  });
}

/** The error line sits under the board at the table, at the top of the page in the lobby. */
function placeError(atTable) {
  const box = $("error");
  if (atTable) $("board").after(box);
  else document.querySelector("main").prepend(box);
}

// -- lobby ------------------------------------------------------------------------------------
async function api(path, body) {
  const sep = path.includes("?") ? "&" : "?";
  const response = await fetch(`${path}${sep}lang=${document.documentElement.lang}`, body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) throw new Error(data.reason || response.statusText);
  return data;
}

async function loadGames() {
  if (!state.games.length) state.games = await api("/api/games");
  return state.games;
}

function fillGames() {
  const chosen = $("game").value;
  $("game").replaceChildren(...state.games.map((g) => el("option", { value: g.name }, `${g.name} — ${g.summary}`)));
  if (chosen) $("game").value = chosen;
  fillPlayers();
}

function fillPlayers() {
  const game = gameInfo($("game").value);
  if (!game) return;
  const players = $("players");
  const before = players.value;
  players.replaceChildren(...game.player_counts.map((n) => el("option", { value: n }, String(n))));
  players.value = game.player_counts.map(String).includes(before) ? before : String(game.players);
  const quick = Object.keys(game.quick_rules || {});
  $("short-label").hidden = !quick.length;
  $("short-name").textContent = quick.length ? t("one", quick[0].replaceAll("_", " ")) : "";
  fillSeats();
}

function fillSeats() {
  const n = Number($("players").value);
  const seats = [el("legend", {}, t("seats"))];
  for (let s = 0; s < n; s++) {
    const old = $(`seat-${s}`);
    const select = el("select", { id: `seat-${s}` },
      el("option", { value: "me" }, t("me")), el("option", { value: "open" }, t("open")),
      ...botOptions(gameInfo($("game").value)));
    select.value = old ? old.value : s === 0 ? "me" : "best";
    seats.push(el("label", {}, `${t("seat_n", s)} `, select));
  }
  $("seats").replaceChildren(...seats);
}

async function showLobby() {
  $("lobby").hidden = false; $("table").hidden = true; $("table-title").textContent = "";
  placeError(false);
  document.title = "naipes";
  await loadGames();
  fillGames();
  $("player-name").value = localStorage.getItem("naipes-name") || "";
  showInvite();
  listTables();
}

async function listTables() {
  let tables = [];
  try { tables = await api("/api/tables"); } catch (err) { showError(err.message); }
  if (!tables.length) { $("tables").replaceChildren(el("li", {}, t("no_tables"))); return; }
  $("tables").replaceChildren(...tables.map((tb) => {
    const item = el("li", { "data-table": tb.table },
      el("strong", { class: "tname" }, tb.name || tb.table), " ",
      el("span", {}, t("table_line", tb.game, tb.players, tb.moves) + (tb.over ? ` · ${t("over")}` : "")), " ");
    for (const seat of tb.seats.filter((s) => s.status === "open")) {
      item.append(el("button", { type: "button", class: "join", onclick: () => join(tb.table, seat.seat) },
        t("take_seat", seat.seat)));
    }
    item.append(el("button", { type: "button", class: "secondary watch", onclick: () => enter(tb.table, null) }, t("watch")));
    return item;
  }));
}

/** A page opened from an invite (`/?table=…&seat=…`) offers to take that seat. */
async function showInvite() {
  const query = new URLSearchParams(location.search);
  const table = query.get("table"), seat = query.get("seat");
  const box = $("invite");
  if (!table || seat === null || !/^\d+$/.test(seat)) { box.hidden = true; return; }
  let name = "";
  try { name = (await api(`/api/tables/${encodeURIComponent(table)}`)).name || ""; } catch (err) { showError(err.message); }
  box.hidden = false;
  $("invite-text").textContent = name ? t("invited", seat, name) : t("invited_plain", seat);
  $("invite-take").onclick = () => join(table, Number(seat));
}

function playerName() {
  const name = $("player-name").value.trim();
  localStorage.setItem("naipes-name", name);
  return name;
}

async function create(event) {
  event.preventDefault();
  showError("");
  const game = $("game").value;
  let rules;
  try { rules = JSON.parse($("rules").value || "{}"); } catch { return showError(t("rules_json")); }
  if ($("short").checked) rules = { ...quickRules(gameInfo(game)), ...rules };
  const bots = {}; let me = null;
  const n = Number($("players").value);
  for (let s = 0; s < n; s++) {
    const choice = $(`seat-${s}`).value;
    if (choice === "me" && me === null) me = s;
    else if (BOT_CHOICES.includes(choice)) bots[String(s)] = choice;
  }
  const body = { game, players: n, rules, bots, join: me, name: $("table-name-input").value.trim() };
  const player = playerName();
  if (player && me !== null) body.player = player;
  if (clockChoice()) body.clock = clockChoice();
  try {
    const made = await api("/api/tables", body);
    enter(made.table, made.token || null);
  } catch (err) { showError(err.message); }
}

async function join(table, seat) {
  try {
    const player = playerName();
    const made = await api(`/api/tables/${table}/join`, player ? { seat, name: player } : { seat });
    enter(table, made.token);
  } catch (err) { showError(err.message); }
}

// -- the connection ---------------------------------------------------------------------------------
function enter(table, token) {
  sessionStorage.setItem("naipes", JSON.stringify({ table, token }));
  history.replaceState(null, "", `/#t=${table}` + (token ? `&k=${token}` : ""));
  Object.assign(state, { table, token, next: 0, update: null, history: [], log: [], moves: 0, viewing: null, ws: null,
    pick: null, mergeFrom: null, picked: null, gone: false, seat: null });
  $("log").replaceChildren(); $("history").replaceChildren(); $("board").replaceChildren();
  $("lobby").hidden = true; $("table").hidden = false;
  placeError(true);
  showError("");
  connect();
}

function setConn(conn) {
  state.conn = conn;
  $("status").textContent = t(conn === "open" ? "connected" : conn === "gone" ? "table_gone" : "reconnecting");
  $("status").className = conn;
  const notice = $("conn");
  notice.hidden = conn === "open" || conn === "connecting";
  if (conn === "gone") {
    notice.replaceChildren(el("span", { id: "gone" }, `${t("gone")} `, el("a", { href: "/" }, t("back_lobby"))));
  } else if (!notice.hidden) notice.replaceChildren(t(conn));
  document.body.classList.toggle("offline", conn !== "open");
  if (state.update) redraw();
  if (conn === "gone") for (const b of document.querySelectorAll("#table button, #table input")) b.disabled = true;
}

function connect() {
  if (state.gone) return;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${state.table}`);
  state.socket = socket;
  socket.onopen = () => {
    state.retry = 0; state.lastHeard = Date.now();
    socket.send(JSON.stringify({ type: "hello", v: 1, token: state.token, since: state.next,
      lang: document.documentElement.lang }));
  };
  socket.onmessage = (msg) => { state.lastHeard = Date.now(); receive(JSON.parse(msg.data)); };
  socket.onclose = () => {
    if (state.socket !== socket) return;
    if (state.gone) return setConn("gone");
    if (state.conn !== "stale") setConn("offline");
    setTimeout(connect, Math.min(8000, 800 * 2 ** state.retry++));
  };
}

// A connection that stops answering is stale: say so, disable the moves, and connect again.
function watchConnection() {
  const socket = state.socket;
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  if (Date.now() - state.lastHeard > 25000) { setConn("stale"); socket.close(); return; }
  socket.send(JSON.stringify({ type: "ping" }));
}

function send(message) {
  showError("");
  if (state.socket && state.socket.readyState === WebSocket.OPEN) state.socket.send(JSON.stringify(message));
  else showError(t("offline"));
}

function receive(msg) {
  if (msg.type === "welcome") {
    Object.assign(state, { seat: msg.seat, game: msg.game, name: msg.name || msg.table });
    state.deck = msg.deck && msg.deck.startsWith("french") ? "french" : "spanish";
    if (msg.cards) state.cardWords = Object.fromEntries(msg.cards);
    else if (msg.card_words) state.cardWords = msg.card_words;
    $("table-title").textContent = state.name;
    document.title = `${state.name} · naipes`;
    setConn("open");
  } else if (msg.type === "update") {
    onUpdate(msg);
  } else if (msg.type === "rematch") {
    onRematch(msg);
  } else if (msg.type === "position") {
    onPosition(msg);
  } else if (msg.type === "error") {
    showError(msg.reason);
    if (msg.code === "no_such_table") tableGone();
    else if (msg.code === "bad_token") { state.token = null; showError(t("bad_token")); state.socket.close(); }
  } else if (msg.type === "workspace") {
    // a workspace answer that ends the turn (or arrives after it) is not a table to arrange
    if (msg.done || !canAct()) state.ws = null; else state.ws = msg;
    redraw();
  }
}

function tableGone() {
  state.gone = true;
  const socket = state.socket;
  state.socket = null;
  if (socket) socket.close();
  setConn("gone");
}

function onUpdate(msg) {
  addLog(msg.events);
  takeHistory(msg);
  if (msg.card_words) state.cardWords = msg.card_words;
  const before = state.update;
  const turnChanged = !before || JSON.stringify(before.to_act) !== JSON.stringify(msg.to_act) || before.moves !== msg.moves;
  state.next = msg.next; state.update = msg;
  if (turnChanged) { state.ws = null; state.pick = null; state.mergeFrom = null; state.picked = null; }
  if (state.viewing) state.viewing.moves = msg.moves;
  redraw();
  if (!before) showSeat();
  if (hasWorkspace() && canAct() && !state.ws) send({ type: "workspace", op: "show" });
}

// -- drawing ---------------------------------------------------------------------------------------
/** Draw everything again from the state, keeping the keyboard focus where it was. */
function redraw() {
  const msg = state.update;
  if (!msg) return;
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
  const wasPlaying = !!(document.activeElement && document.activeElement.closest && document.activeElement.closest("#play"));
  const snap = state.viewing ? { ...state.viewing, seat: state.viewing.seat ?? null } : msg;
  const before = motionOn() ? measureBoard($("board")) : null;
  drawBoard(snap);
  playMotion($("board"), before);
  handDropTarget();
  drawDecision(snap);
  drawMoves();
  drawWorkspaceBar();
  drawBanner(msg);
  drawExtras(msg);
  drawHistory();
  drawReplayBar();
  restoreFocus(focused, wasPlaying);
}

// Where the keyboard was: a redraw (or the end of the page's turn) that removes the focused button
// gives the focus back to the same button when it comes back (a keyboard player's turn starts there).
document.addEventListener("focusin", (e) => { if (e.target.dataset && e.target.dataset.key) state.focusKey = e.target.dataset.key; });

function restoreFocus(key, wasPlaying) {
  const lost = !document.activeElement || document.activeElement === document.body;
  const wanted = key || (lost ? state.focusKey : null);
  const again = wanted && document.querySelector(`[data-key="${CSS.escape(wanted)}"]:not([disabled])`);
  if (again) { again.focus(); return; }
  if (!wasPlaying || !canAct()) return;
  const next = document.querySelector("#moves .choice button, #hand .card.playable, #board .card.playable, #moves button.move");
  if (next) next.focus();
}

function drawDecision(snap) {
  $("decision").textContent = snap.decision || "";
  const last = snap.last_move;
  $("last-move").textContent = last ? t("last", t("last_by", seatName(last.seat), last.text)) : "";
  if (last) $("last-move").title = last.move;
  let prompt = "";
  if (canAct()) prompt = msgToAct().length > 1 ? t("answer_now") : t("your_turn");
  $("prompt").textContent = prompt;
}

const msgToAct = () => (state.update ? state.update.to_act : []);

/** Pick a card of the table or the hand: its one move is played, several are offered. */
function pickCard(card) {
  if (!canAct()) return showError(t("not_your_turn"));
  const moves = movesWith(card);
  if (moves.length === 1) return send({ type: "move", move: moves[0].move });
  if (!moves.length) return send({ type: "move", move: card });  // the server says why not
  state.picked = state.picked === card ? null : card;
  redraw();
  const first = document.querySelector("#moves .choice button.move");
  if (first) first.focus();
}

function moveButton(m) {
  return el("button", { type: "button", class: "move", "data-move": m.move, "data-key": `move:${m.move}`,
    title: m.move, onclick: () => send({ type: "move", move: m.move }) }, m.text);
}

function drawMoves() {
  const box = $("moves");
  const legal = currentLegal();
  if (!canAct()) { reconcile(box, []); box.hidden = true; return; }
  box.hidden = false;
  const parts = [];
  if (state.picked) {
    parts.push(el("div", { class: "choice", role: "group", "aria-label": t("how_play", cardWords(state.picked)) },
      el("span", { class: "ask" }, t("how_play", cardWords(state.picked))),
      ...movesWith(state.picked).map(moveButton),
      el("button", { type: "button", class: "secondary", "data-key": "all-moves",
        onclick: () => { state.picked = null; redraw(); } }, t("all_moves"))));
  }
  const list = el("div", { class: "move-list", role: "group", "aria-label": t("moves_title") }, ...legal.map(moveButton));
  if (state.ws) {  // a workspace game: its steps are the buttons above; every move stays one click away
    parts.push(el("details", { class: "all" }, el("summary", {}, t("all_moves")), list));
  } else if (!state.picked) parts.push(list);
  const typed = () => { const text = $("move-text").value.trim(); if (text) send({ type: "move", move: text }); };
  const input = el("input", { id: "move-text", "data-key": "move-text", placeholder: t("type_move"),
    "aria-label": t("type_move"), size: 24, spellcheck: "false", autocomplete: "off",
    onkeydown: (e) => { if (e.key === "Enter") typed(); } });
  parts.push(el("div", { class: "typed" }, input, el("button", { type: "button", class: "secondary", onclick: typed }, t("play_typed"))));
  reconcile(box, parts);
}

function drawBanner(msg) {
  const banner = $("banner");
  const result = msg.result;
  const appearing = !!result && banner.hidden;
  banner.hidden = !result;
  if (!result) return;
  if (appearing) bringIntoView(banner);
  const side = result.you_won === true ? "won" : result.you_won === false ? "lost" : "neutral";
  banner.className = `banner ${side}`;
  // the text names the unit played ("You won the hand 18–6") and, where lower is better, what the scores count
  banner.replaceChildren(el("strong", { "data-unit": result.unit }, result.text), " ", el("a", { href: "/" }, t("back_lobby")));
}

// The seat's secret token stays in the address's fragment and sessionStorage, never in the page's text:
// the buttons copy the links without showing them.
function showSeat() {
  const watch = () => `${location.origin}/#t=${state.table}`;
  if (state.seat === null) {
    $("share").replaceChildren(t("watching"), " ", copyButton(t("copy_table"), watch, "table"));
    return;
  }
  $("share").replaceChildren(t("you_are", ((state.update.seats || []).find((x) => x.seat === state.seat) || {}).name || t("seat_n", state.seat)), " ",
    copyButton(t("copy_seat"), () => location.href, "seat"), " ", copyButton(t("copy_table"), watch, "table"));
}

function copyButton(label, link, key) {
  const button = el("button", { type: "button", class: "secondary copy", "data-key": `copy:${key}` }, label);
  on(button, "click", async () => {
    try { await navigator.clipboard.writeText(link()); button.textContent = t("copied"); }
    catch { showError(t("copy_failed")); }
  });
  return button;
}

// -- language --------------------------------------------------------------------------------------
function setLang(lang, tell = true) {
  const chosen = LANGS.includes(lang) ? lang : "en";
  document.documentElement.lang = chosen;
  localStorage.setItem("naipes-lang", chosen);
  $("lang").value = chosen;
  wordPage();
  if (!$("lobby").hidden && state.games.length) {  // the games' summaries come worded from the server too
    state.games = [];
    loadGames().then(() => { fillGames(); listTables(); showInvite(); }).catch(() => showError(t("no_games")));
  }
  if (state.update) { showSeat(); redraw(); drawLog(); }
  if (tell && state.socket && state.socket.readyState === WebSocket.OPEN) {
    state.socket.send(JSON.stringify({ type: "lang", lang: chosen }));
  }
}

// -- start ----------------------------------------------------------------------------------------
function start() {
  const query = new URLSearchParams(location.search);
  setLang(query.get("lang") || localStorage.getItem("naipes-lang") || (navigator.language || "en").slice(0, 2), false);
  $("lang").addEventListener("change", () => setLang($("lang").value));
  setupMotionSwitch();
  $("home").addEventListener("click", () => sessionStorage.removeItem("naipes"));
  $("create").addEventListener("submit", create);
  $("game").addEventListener("change", fillPlayers);
  $("players").addEventListener("change", fillSeats);
  $("refresh").addEventListener("click", listTables);
  $("step-prev").addEventListener("click", () => stepBy(-1));
  $("step-next").addEventListener("click", () => stepBy(1));
  $("step-live").addEventListener("click", backToLive);
  $("replay-live").addEventListener("click", backToLive);
  $("history").addEventListener("keydown", (e) => {
    if (e.key === "ArrowLeft" || e.key === "ArrowUp") { e.preventDefault(); stepBy(-1); }
    if (e.key === "ArrowRight" || e.key === "ArrowDown") { e.preventDefault(); stepBy(1); }
  });
  setInterval(watchConnection, 10000);
  const hash = new URLSearchParams(location.hash.slice(1));
  const saved = JSON.parse(sessionStorage.getItem("naipes") || "null");
  const table = query.get("table") ? null : hash.get("t") || (saved && saved.table);
  loadGames().catch(() => showError(t("no_games"))).then(() => {
    if (table) enter(table, hash.get("k") || (saved && saved.table === table ? saved.token : null));
    else showLobby();
  });
}

start();
