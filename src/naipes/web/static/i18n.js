// naipes browser client: the page's own words, in English and Spanish. Everything about a game
// (moves, zones, the decision, the result) comes worded from the server in the page's language.
"use strict";

const WORDS = {
  en: {
    language: "Language", new_table: "New table", game: "Game", players: "Players", short_game: "short game",
    one: "one {0}", table_name: "Table name", table_name_hint: "any name, or leave it empty",
    your_name: "Your name", rules: "Rules (JSON)", seats: "Seats", seat_n: "Seat {0}", me: "me",
    open: "open (someone joins)", bot_best: "bot: best", bot_random: "bot: random", create: "Create table",
    tables: "Tables", refresh: "Refresh", no_tables: "No tables yet: create one.",
    table_line: "{0} · {1} players · {2} moves", over: "over", take_seat: "Take seat {0}", watch: "Watch",
    invited: "You are invited to seat {0} of the table “{1}”.", invited_plain: "You are invited to seat {0}.",
    take_it: "Take the seat", rules_json: "Rules must be JSON.",
    connecting: "connecting…", connected: "connected", reconnecting: "reconnecting…", table_gone: "table gone", offline: "Connection lost: reconnecting… (moves are disabled)",
    stale: "The server is not answering: reconnecting… (moves are disabled)", gone: "This table no longer exists.",
    back_lobby: "Back to the lobby", bad_token: "This seat's link is not valid here: you are watching.",
    you_paren: "{0} (you)", to_act: "to act", bot: "bot", away: "away (a bot plays)",
    person: "player", open_seat: "open", waiting: "Waiting for a player", copy_invite: "Copy the invite link",
    copied: "Copied", copy_failed: "Could not copy the link.", score: "score {0}", scores: "Scores",
    your_turn: "Your turn.", answer_now: "Answer now: no one sees your answer until everyone has answered.",
    not_your_turn: "It is not your turn.", how_play: "{0}: which move?", all_moves: "All moves",
    type_move: "or type a move (notation)", play_typed: "Play", moves_title: "Your moves",
    watching: "You are watching: the public table, no hidden card.", you_are: "You are {0}.",
    copy_seat: "Copy my seat's link (secret: it plays for you)", copy_table: "Copy the table's link (to watch)",
    last: "Last move: {0}", last_by: "{0}: {1}", history: "Moves", log: "What happened", start: "Start",
    end_deal: "end of the deal", end_hand: "end of the hand", end_round: "end of the round",
    prev: "Step back", next: "Step forward", live: "Back to the game",
    viewing: "Position after move {0} of {1} (moves are disabled while you look back).",
    viewing_start: "The start of the game (move 0 of {0}).", empty: "empty", cards_n: "{0} cards",
    card_n: "1 card", hidden_n: "{0} face down", ws_title: "Your turn: arrange the table",
    ws_hint: "Pick a card (click, Enter or drag it), then a meld or “New meld”. Keys: a rank (A, 2–9, 0, J, Q, K) "
      + "jumps to a card of the hand, N puts it in a new meld, M in the last meld, U undoes, C commits, D draws.",
    ws_give_up_ask: "Give up this turn? The table goes back as it was and you take the penalty (cards from the stock).",
    ws_give_up_yes: "Yes, give up", ws_give_up_no: "No, keep playing",
    ws_new: "New meld", ws_undo: "Undo", ws_reset: "Reset", ws_check: "Check", ws_commit: "Commit",
    ws_draw: "Draw", ws_give_up: "Give up", ws_split: "Split before the picked card", ws_merge: "Merge into…",
    ws_merge_pick: "Now pick the meld to merge meld {0} into.", ws_valid: "The table is valid: commit to end your turn.",
    ws_pick_first: "Pick a card first.", ws_pick_meld_card: "Pick a card of a meld first.",
    meld_n: "Meld {0}", drop_here: "put the picked card here", picked: "picked", playable: "playable",
    no_games: "Could not load the games list.", thinking: "thinking", motion: "Motion",
  },
  es: {
    language: "Idioma", new_table: "Mesa nueva", game: "Juego", players: "Jugadores", short_game: "partida corta",
    one: "{0}", table_name: "Nombre de la mesa", table_name_hint: "cualquier nombre, o vacío",
    your_name: "Tu nombre", rules: "Reglas (JSON)", seats: "Asientos", seat_n: "Asiento {0}", me: "yo",
    open: "libre (alguien se une)", bot_best: "bot: el mejor", bot_random: "bot: al azar", create: "Crear la mesa",
    tables: "Mesas", refresh: "Actualizar", no_tables: "Aún no hay mesas: crea una.",
    table_line: "{0} · {1} jugadores · {2} jugadas", over: "terminada", take_seat: "Siéntate en el {0}",
    watch: "Mirar", invited: "Te invitan al asiento {0} de la mesa «{1}».", invited_plain: "Te invitan al asiento {0}.",
    take_it: "Sentarse", rules_json: "Las reglas deben ser JSON.",
    connecting: "conectando…", connected: "conectado", reconnecting: "reconectando…", table_gone: "mesa cerrada",
    offline: "Conexión perdida: reconectando… (las jugadas están desactivadas)",
    stale: "El servidor no responde: reconectando… (las jugadas están desactivadas)",
    gone: "Esta mesa ya no existe.", back_lobby: "Volver a las mesas",
    bad_token: "El enlace de este asiento no vale aquí: estás mirando.",
    you_paren: "{0} (tú)", to_act: "le toca", bot: "bot", away: "ausente (juega un bot)",
    person: "jugador", open_seat: "libre", waiting: "Esperando a un jugador", copy_invite: "Copiar la invitación",
    copied: "Copiado", copy_failed: "No se pudo copiar el enlace.", score: "puntos {0}", scores: "Puntos",
    your_turn: "Te toca.", answer_now: "Responde ya: nadie ve tu respuesta hasta que todos respondan.",
    not_your_turn: "No es tu turno.", how_play: "{0}: ¿qué jugada?", all_moves: "Todas las jugadas",
    type_move: "o escribe una jugada (notación)", play_typed: "Jugar", moves_title: "Tus jugadas",
    watching: "Estás mirando: la mesa pública, ninguna carta oculta.", you_are: "Eres {0}.",
    copy_seat: "Copiar el enlace de mi asiento (secreto: juega por ti)", copy_table: "Copiar el enlace de la mesa (para mirar)",
    last: "Última jugada: {0}", last_by: "{0}: {1}", history: "Jugadas", log: "Qué ha pasado", start: "Inicio",
    end_deal: "fin del reparto", end_hand: "fin de la mano", end_round: "fin de la ronda",
    prev: "Atrás", next: "Adelante", live: "Volver a la partida",
    viewing: "Posición tras la jugada {0} de {1} (no se juega mientras miras atrás).",
    viewing_start: "El inicio de la partida (jugada 0 de {0}).", empty: "vacío", cards_n: "{0} cartas",
    card_n: "1 carta", hidden_n: "{0} boca abajo", ws_title: "Te toca: ordena la mesa",
    ws_hint: "Elige una carta (clic, Intro o arrástrala) y luego una combinación o «Combinación nueva». Teclas: un "
      + "número (A, 2–9, 0, J, Q, K) salta a una carta de la mano, N la pone en una combinación nueva, M en la última, "
      + "U deshace, C confirma, D roba.",
    ws_give_up_ask: "¿Rendirte en este turno? La mesa vuelve a como estaba y robas las cartas de castigo.",
    ws_give_up_yes: "Sí, me rindo", ws_give_up_no: "No, sigo jugando",
    ws_new: "Combinación nueva", ws_undo: "Deshacer", ws_reset: "Empezar de nuevo", ws_check: "Comprobar",
    ws_commit: "Confirmar", ws_draw: "Robar", ws_give_up: "Rendirse", ws_split: "Partir antes de la carta elegida",
    ws_merge: "Juntar con…", ws_merge_pick: "Elige ahora la combinación a la que juntar la {0}.",
    ws_valid: "La mesa es válida: confirma para acabar tu turno.", ws_pick_first: "Elige antes una carta.",
    ws_pick_meld_card: "Elige antes una carta de una combinación.", meld_n: "Combinación {0}",
    drop_here: "pon aquí la carta elegida", picked: "elegida", playable: "se puede jugar",
    no_games: "No se pudo cargar la lista de juegos.", thinking: "pensando", motion: "Movimiento",
  },
};

const LANGS = Object.keys(WORDS);

/** The page's words for `key` in the current language, `{0}`, `{1}` … filled from `args`. */
function t(key, ...args) {
  const lang = document.documentElement.lang in WORDS ? document.documentElement.lang : "en";
  const text = WORDS[lang][key] ?? WORDS.en[key] ?? key;
  return text.replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)] ?? ""));
}

/** Word the static page: every element with `data-t` (its text) or `data-t-title` / `data-t-placeholder`. */
function wordPage() {
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  for (const node of document.querySelectorAll("[data-t-title]")) {
    node.title = t(node.dataset.tTitle); node.setAttribute("aria-label", t(node.dataset.tTitle));
  }
  for (const node of document.querySelectorAll("[data-t-placeholder]")) node.placeholder = t(node.dataset.tPlaceholder);
}
