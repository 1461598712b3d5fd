"""The exception tree of naipes.

Every error naipes raises on purpose is a :class:`NaipesError`::

    NaipesError
    ├── NotationError      (also ValueError)  text that is not valid notation
    ├── IllegalMoveError   (also ValueError)  a move the rules do not allow now
    ├── InvalidStateError  (also ValueError)  an impossible position or state dict
    ├── RulesError         (also ValueError)  an impossible combination of rules
    ├── UsageError         (also ValueError)  a call that is wrong without any move
    └── HandlerError                          event handlers raised after a move

Every error carries a stable snake_case ``code`` (listed on each game's rules
page) and the ruling it applies, ``rule`` (e.g. ``"RZ-08"``, or ``None``), so
a front end can translate or react without parsing messages.

A failed check never changes anything: the game, its history and its RNG are
exactly as they were before the call.

:data:`BASE_CODES` lists every code that the shared layers raise (the base game,
cards, events, bots, search, adapters, tournaments, the CLI and the web
server); each game's ``legality.CODES`` extends it with the game's own codes.
:data:`RENAMED_CODES` says which code replaced which deprecated synonym.

>>> BASE_CODES["not_your_turn"]
(None, 'the seat is not to act now (IllegalMoveError, in the engine and the web server alike)')
>>> RENAMED_CODES["bad_move"]
'not_a_move'

>>> try:
...     raise UsageError("no seat 99 in a 4-player game", code="no_such_seat")
... except NaipesError as exc:
...     exc.code, exc.rule
('no_such_seat', None)
"""

from __future__ import annotations

from types import MappingProxyType
from typing import ClassVar, Mapping, Sequence

__all__ = ["BASE_CODES", "HandlerError", "IllegalMoveError", "InvalidStateError", "NaipesError", "NotationError", "RENAMED_CODES", "RulesError", "UsageError", "extend_codes"]


class NaipesError(Exception):
    """Root of every error that naipes raises on purpose.

    Attributes:
        code: a stable snake_case identifier of the kind of error.
        rule: the ruling id the error applies (e.g. ``"MK-07"``), or ``None``.
        reason: a sentence saying what is wrong.
        move: the move concerned, or ``None``.
        seat: the seat concerned, or ``None``.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       ``code``, ``rule``, ``reason``, ``move`` and ``seat`` on every error.
    """

    #: The code used when the raiser gives none.
    default_code: ClassVar[str] = "error"

    def __init__(self, reason: str = "", *, code: str | None = None, rule: str | None = None,
                 move: object = None, seat: int | None = None) -> None:
        self.reason = reason
        self.code = code or self.default_code
        self.rule = rule
        self.move = move
        self.seat = seat
        super().__init__(self._message())

    def _message(self) -> str:
        return self.reason


class NotationError(NaipesError, ValueError):
    """Text that is not valid card, move or meld notation.

    Args:
        text: the offending input, quoted in the message.
        reason: why it is not valid.

    Attributes:
        text: the offending input.

    .. versionadded:: 0.1
    """

    default_code = "bad_notation"

    def __init__(self, text: str, reason: str = "not valid notation", *, code: str | None = None,
                 rule: str | None = None) -> None:
        self.text = text
        super().__init__(reason, code=code, rule=rule)

    def _message(self) -> str:
        return f"{self.text!r}: {self.reason}"


class IllegalMoveError(NaipesError, ValueError):
    """A move that the rules do not allow in the current state.

    .. versionadded:: 0.1
    """

    default_code = "illegal_move"

    def _message(self) -> str:
        who = f"seat {self.seat}: " if self.seat is not None else ""
        what = f"{self.move}: " if self.move is not None else ""
        return f"{who}{what}{self.reason}"


class InvalidStateError(NaipesError, ValueError):
    """An impossible position, state dictionary or game record.

    .. versionadded:: 0.1
    """

    default_code = "invalid_state"


class RulesError(NaipesError, ValueError):
    """An impossible combination of :class:`Rules` fields.

    .. versionadded:: 0.1
    """

    default_code = "bad_rules"


class UsageError(NaipesError, ValueError):
    """A call that is wrong without any move: a seat or card that cannot exist.

    Codes: ``no_such_seat`` (``game.view(99)``, ``legal_moves("0")``),
    ``no_such_card`` (``Card(13, Suit.OROS)``), ``too_late`` (an
    :class:`~naipes.events.EventLog` made after the first move), ``not_replayable``.

    .. versionadded:: 1.0
    """

    default_code = "usage"


class HandlerError(NaipesError):
    """One or more event handlers raised after a move was applied.

    The move stands; every handler ran. ``errors`` holds the exceptions in the
    order they were raised.

    .. versionadded:: 0.1
    """

    default_code = "handler_failed"

    def __init__(self, errors: Sequence[BaseException]) -> None:
        self.errors = tuple(errors)
        first = self.errors[0] if self.errors else None
        super().__init__(f"{len(self.errors)} event handler(s) raised; first: {first!r}")


#: ``{code: (ruling or None, meaning)}`` of every code the shared layers raise (read-only).
#: Each game's ``legality.CODES`` holds these plus its own. Codes are public API:
#: a code is renamed only with an entry in :data:`RENAMED_CODES`.
#:
#: .. versionadded:: 1.2
BASE_CODES: Mapping[str, tuple[str | None, str]] = MappingProxyType({
    # moves (IllegalMoveError, from naipes.game)
    "game_over": (None, "the game is over: nobody is to act"),
    "not_your_turn": (None, "the seat is not to act now (IllegalMoveError, in the engine and the web server alike)"),
    "say_which_seat": (None, "several seats would act at once: say which seat plays"),
    "already_answered": (None, "the seat already answered this simultaneous window"),
    "wrong_game": (None, "a move, state or record of another game"),
    "not_legal": (None, "not a legal move now"),
    "illegal_move": (None, "a move the rules do not allow (IllegalMoveError's default code)"),
    "no_legal_move": (None, "a bot was asked to choose where no move is legal"),
    "bad_field": (None, "a move or state field of the wrong type or shape"),
    "bad_history": (None, "a state that is not the one its start and history replay to"),
    "no_action_id": (None, "a move with no action id, or an action id that names no move here"),
    "illegal_action": (None, "an adapter's action that is not legal now"),
    "illegal_bot_move": (None, "a tournament bot chose an illegal move"),
    # notation (NotationError)
    "bad_notation": (None, "text that is not valid notation (NotationError's default code)"),
    "not_text": (None, "notation or a message that is not a string"),
    "not_a_move": (None, "text that is no move of the game"),
    "not_a_card": (None, "something that is not a card of the game's decks"),
    "ambiguous": (None, "a short form that names several legal moves (parse_move)"),
    "too_long": (None, "text or a message longer than its limit (MAX_MOVE_TEXT...)"),
    # states, records and logs (InvalidStateError)
    "invalid_state": (None, "an impossible position or state (InvalidStateError's default code)"),
    "bad_deck": (None, "a deck= order that is not the rules' deck"),
    "duplicate_card": (None, "a card named twice, or in two places"),
    "bad_format": (None, "data without the format tag of a naipes state, record or log"),
    "bad_version": (None, "a state dict or record of a version this naipes cannot read"),
    "bad_log": (None, "an event log whose events are not those of its record"),
    "not_json": (None, "a file or message that is not JSON"),
    "unreadable": (None, "a file that cannot be read"),
    "too_deep": (None, "JSON nested deeper than the schemas allow"),
    "too_large": (None, "a list or record longer than the rules or limits allow"),
    "out_of_range": (None, "a number outside what the rules can reach"),
    "bad_phase": (None, "a state whose phase does not fit the rest of it"),
    "not_replayable": (None, "a game or log that cannot be replayed from its record"),
    # rules (RulesError)
    "bad_rules": (None, "an impossible combination of rules (RulesError's default code)"),
    "bad_rule_value": (None, "a rule of the wrong type or out of range"),
    "bad_players": (None, "a number of players the game does not support"),
    "too_few_cards": (None, "the decks cannot deal what the rules need"),
    "name_taken": (None, "a game name registered twice"),
    "bad_game_module": (None, "a plugin that names no game module or classes"),
    "bad_max_game_length": (None, "an OpenSpiel game-length cap that is not a whole number"),
    # calls (UsageError)
    "usage": (None, "a call that is wrong without any move (UsageError's default code)"),
    "no_such_seat": (None, "a seat that does not exist (view, legal_moves, a position's seat...)"),
    "no_such_card": (None, "a card that cannot exist (Card(13, Suit.OROS))"),
    "wrong_rules": (None, "rules of another game, or a view of other rules"),
    "seed_and_rng": (None, "both seed= and rng= given"),
    "bad_seed": (None, "a seed that is not a whole number"),
    "reentrant": (None, "play() was called from an event handler"),
    "too_late": (None, "an EventLog made after the first move"),
    "not_an_event": (None, "a subscription to something that is not an Event subclass"),
    "bad_seq": (None, "an event sequence number that is not an int >= 0"),
    "no_such_game": (None, "a game name that no registered game has"),
    "bad_game_info": (None, "a registry entry that is not a GameInfo"),
    "no_action_space": (None, "a game without an action space"),
    "bad_plugin": (None, "a plugin that is not a GamePlugin, or fails to load"),
    "no_such_quick_rules": (None, "a quick-rules name the plugin does not list"),
    "bad_zone": (None, "a table zone that is not a valid naipes.plugin.Zone"),
    "no_table_picture": (None, "a view whose game draws no table"),
    "no_such_deck": (None, "a deck sheet of an unknown deck"),
    "bad_columns": (None, "a deck sheet's columns outside 1..1000"),
    "bad_width": (None, "a picture width outside its range"),
    "no_such_action": (None, "an action id outside the action space"),
    "no_such_slice": (None, "an observation slice the action space does not have"),
    "bad_out": (None, "an observation buffer of the wrong size"),
    "no_such_rule": (None, "an adapter given a rule field the game does not have"),
    "rules_and_fields": (None, "an adapter given both rules= and rule fields"),
    "bad_render_mode": (None, "a render mode the adapter does not support"),
    "wrong_bot_count": (None, "not one bot per other seat"),
    "no_such_schema": (None, "a JSON schema name that naipes does not have"),
    "missing_extra": (None, "an optional extra that is not installed"),
    # bots, search and tournaments (UsageError)
    "no_such_bot": (None, "a bot name that is not registered"),
    "not_a_bot": (None, "an object that is not a Bot"),
    "bad_bot_name": (None, "a bot name that is not snake_case text"),
    "bad_bot_spec": (None, "a bot spec that cannot be read"),
    "bad_bot_args": (None, "bot parameters of the wrong name, type or range"),
    "bad_bot_path": (None, "a bot search path that is not a directory"),
    "bad_bot_modules": (None, "a bot modules= allowance that is not True, False or names"),
    "bot_name_taken": (None, "a bot name registered twice"),
    "module_bots_refused": (None, "a module:Class bot where only registered bots are accepted"),
    "bad_weights": (None, "a learned bot's weight file that cannot be read or does not fit its metadata"),
    "no_weights": (None, "no learned weights ship for the game under these rules"),
    "weights_mismatch": (None, "learned weights made for another game, rules or observation layout"),
    "bad_teacher_data": (None, "a --teacher-data file that is not one, or holds another game's, rules' or layout's labels"),
    "bad_budget": (None, "a search budget that is not a positive number"),
    "bad_candidate": (None, "a candidate= that is no bot, callable or spec"),
    "bad_rollout": (None, "a rollout policy that is not a bot"),
    "bad_evaluation": (None, "an evaluation without one value per seat"),
    "bad_bots": (None, "tournament bots that are not a sequence of specs"),
    "bad_duplicate": (None, "duplicate= that is not True or False"),
    "bad_progress": (None, "progress= that is not a function"),
    "bad_executor": (None, "executor= that is not a concurrent.futures.Executor"),
    "executor_and_jobs": (None, "both executor= and jobs= given"),
    "too_many_games": (None, "more tournament games than the limit"),
    "too_many_jobs": (None, "more tournament jobs than the limit"),
    "too_few_entrants": (None, "a schedule with fewer entrants than seats"),
    "too_many_lineups": (None, "a schedule with more lineups than the limit"),
    "bad_output_path": (None, "a tournament output path that cannot be written"),
    "bot_failed": (None, "a tournament bot raised while being built or choosing a move"),
    "worker_died": (None, "a tournament's worker process died (os._exit, a crash, the OOM killer)"),
    "bad_on_error": (None, "a tournament on_error= that is not 'stop' or 'forfeit'"),
    "bad_save_dir": (None, "a tournament save directory that is a file, or cannot be made or written"),
    "save_dir_not_empty": (None, "a tournament save directory that holds files, without overwrite"),
    "bad_overwrite": (None, "a tournament overwrite= that is not True or False"),
    "too_many_saved_games": (None, "more tournament games to save than the limit"),
    "save_failed": (None, "a tournament record file that could not be written"),
    # machine-learning interfaces (UsageError, RulesError)
    "bad_chance": (None, "an OpenSpiel chance= parameter that is not 'sampled' or 'explicit'"),
    "no_games": (None, "a score asked of no games"),
    "bad_num_envs": (None, "a vector environment's num_envs that is not a positive int"),
    "bad_autoreset_mode": (None, "a vector environment's autoreset mode that does not exist"),
    "bad_reset_mask": (None, "a vector environment's reset_mask of the wrong shape"),
    "bad_actions": (None, "a vector environment's actions of the wrong shape"),
    "bad_seeds": (None, "a vector environment's seeds of the wrong count"),
    # the web server (UsageError, ProtocolError, StoreError)
    "bad_position": (None, "a position to step back to that is not a move number of the table"),
    "bad_message": (None, "a client message of the wrong shape"),
    "hello_first": (None, "a client message before hello"),
    "hello_again": (None, "a second hello"),
    "spectator": (None, "a spectator tried to play"),
    "bad_token": (None, "a seat token the table does not know"),
    "bad_action": (None, "an action id that is not an int of the action space"),
    "seat_taken": (None, "a seat that is already taken"),
    "table_full": (None, "a table with as many clients as it may hold"),
    "lobby_full": (None, "a server with as many tables as it may hold"),
    "too_many_tables": (None, "an address with as many unfinished tables as it may have"),
    "no_such_table": (None, "a table that does not exist or expired"),
    "no_workspace": (None, "a game without a turn workspace"),
    "bot_param_refused": (None, "a bot parameter a client may not set"),
    "server_busy": (None, "the server is at its limit of concurrent work"),
    "too_many_connections": (None, "an address with as many connections as it may have"),
    "rate_limited": (None, "messages faster than the server accepts"),
    "bad_host": (None, "a Host header the server does not serve"),
    "bad_origin": (None, "a browser Origin the server does not accept"),
    "allowed_host_required": (None, "a public bind address without allowed hosts"),
    "bad_option": (None, "a store option outside its choices"),
    "bad_store": (None, "a table store that is broken or not a naipes store"),
    "not_a_store": (None, "a path that is not a table store"),
    "store_locked": (None, "a table store in use by another server"),
    "store_too_new": (None, "a table store written by a newer naipes"),
    "store_failed": (None, "a table store that could not be written"),
    "store_damaged": (None, "a table store whose pages SQLite finds corrupt at start"),
    "seat_reserved": (None, "a seat kept for its player of the last game (a rematch)"),
    "waiting_for_players": (None, "a move at a table that deals once every human seat is taken"),
    "not_over": (None, "an end-of-game request (rematch, record) for a game still in play"),
    "no_rematch": (None, "a rematch asked for a seat a bot plays, or of a table the server cannot make again"),
    "rematch_accepted": (None, "a rematch this seat already accepted"),
    "bad_clock": (None, "a time per move outside its bounds (1 to 3600 seconds)"),
    # errors of event handlers (HandlerError)
    "handler_failed": (None, "event handlers raised after a move was applied"),
    "error": (None, "an error with no more specific code (NaipesError's default code)"),
})

#: ``{old code: code that replaced it}``: deprecated synonyms, raised no more (read-only).
#: An error cannot warn, so a program that tests an old code should test the new one
#: (``exc.code in ("bad_move", "not_a_move")`` works on both sides of the change).
#:
#: .. versionadded:: 1.2
RENAMED_CODES: Mapping[str, str] = MappingProxyType({
    "bad_seat": "no_such_seat",
    "card_twice": "duplicate_card",
    "same_card_twice": "duplicate_card",
    "not_spanish": "not_a_card",
    "not_spanish_card": "not_a_card",
    "stock_empty": "nothing_to_draw",
    "no_stock": "too_few_cards",
    "bad_move": "not_a_move",
    "unknown_move": "not_a_move",
})


def extend_codes(own: Mapping[str, tuple[str | None, str]]) -> Mapping[str, tuple[str | None, str]]:
    """A game's read-only code table: :data:`BASE_CODES` and ``own`` (``own`` wins on a shared code).

    A game may give a base code its own ruling and wording (``bad_deck``), but may
    not use a code of :data:`RENAMED_CODES`.

    >>> table = extend_codes({"does_not_fit": ("MK-10", "the card does not fit there")})
    >>> table["does_not_fit"][0], table["game_over"][1]
    ('MK-10', 'the game is over: nobody is to act')

    .. versionadded:: 1.2
    """
    old = sorted(set(own) & set(RENAMED_CODES))
    if old:
        raise RulesError(f"deprecated codes {', '.join(old)}: use {', '.join(RENAMED_CODES[c] for c in old)}",
                         code="bad_rules")
    return MappingProxyType({**BASE_CODES, **own})
