/* The data Play and the replay read, declared once for the JavaScript side: what the
   engine's session hands the page (patience/session.py, under Pyodide in the
   worker), what the page carries for Play (play.py) and the board (plate.board), and
   what the worker (play-worker.js) answers the page.

   The Python side declares the same shapes as TypedDicts of the same names (View,
   OfferedMove, Played, Refusal, Hint in session.py; PlayPage, PlayGame, ClauseLink in
   play.py; Board, Place, Label in plate.py; Replay in example.py, Step in replay.py);
   tests/rules/test_protocol.py reads the typedefs below and fails when a key, whether it
   may be missing, or whether it may be null differs between the two. A key in
   [brackets] may be missing; a type ?T may be null. Nothing here runs: the other modules
   name these types in their JSDoc. */

/**
 * A pile as the player sees it: its cards' codes, bottom first ("7♣/2": the seven of
 * clubs of the second pack), or, lying face down, its number of cards.
 * @typedef {string[] | number} Pile
 */

/**
 * A position as the player sees it (Session.view).
 * @typedef {Object} View
 * @property {string} game  the game's id (a variant: "napoleon:twelve")
 * @property {number} deal
 * @property {number} pass  the deal through the pack, from 1
 * @property {Pile[]} piles
 * @property {?string} next  the pack's next card, once turned up
 * @property {boolean} turn  whether the pack's next card may be turned up
 * @property {OfferedMove[]} moves  the moves offered, in the player's order
 * @property {number[]} played  the moves made, each its number in the order of its position
 * @property {number} redo  how many moves taken back may be played again
 * @property {?string} last  the last move made, in words
 * @property {?number} player  whose turn it is in a game of two (0 or 1); null in a game of one
 * @property {boolean} won
 * @property {boolean} blocked  no legal move is left, and the game is not won
 * @property {string} command  the command line that reaches this position in a terminal
 */

/**
 * A move offered (one of View.moves).
 * @typedef {Object} OfferedMove
 * @property {number} n  its number in the player's order, from 1
 * @property {string} kind  "move", "pair", "turn_up", "deal_row", "redeal" …
 * @property {string} text  in the book's terms, naming only cards in sight
 * @property {number} src
 * @property {number} dst
 * @property {string[]} reasons  the ids of the clauses that allow it
 * @property {number} [card]  the card moved, where it is in sight
 * @property {string} [name]  its name
 * @property {number} [src2]  a pair's second card: its pile, where it goes, the card
 * @property {number} [dst2]
 * @property {number} [card2]
 */

/**
 * An attempt the rules allow (Session.attempt): it was played.
 * @typedef {Object} Played
 * @property {true} played
 */

/**
 * An attempt the rules refuse (Session.attempt), and why.
 * @typedef {Object} Refusal
 * @property {false} played
 * @property {?string} clause  the id of the clause that forbids it (null: no card to move)
 * @property {string} reason
 * @property {string} move  the move, in words
 */

/** @typedef {Played | Refusal} Attempt */

/**
 * A move to try (Session.hint), and who chose it.
 * @typedef {Object} Hint
 * @property {?number} n  the move's number; null: turn up the pack's next card, or no move is left
 * @property {string} text
 * @property {string} source  "solver", "player" or "none" (no move is left)
 * @property {boolean} [turn]  the hint is to turn up the pack's next card
 * @property {?string} [outcome]  what the solver found ("won", "lost", "unknown"), when it was asked
 * @property {number} [visited]  the positions it entered
 * @property {number} [length]  the moves of the win it found
 * @property {boolean} [repeats]  every move leads back to a position played
 */

/**
 * What a Play box of the page carries (play.py), in its script of type application/json.
 * @typedef {Object} PlayPage
 * @property {string} game  the page's game
 * @property {Object<string, PlayGame>} games  it and its variants, by id
 */

/**
 * @typedef {Object} PlayGame
 * @property {string} title
 * @property {Board} board
 * @property {Object<string, ClauseLink>} clauses  by the clause's id
 * @property {boolean} players  whether two play it
 * @property {View} first  the first position of the deal Play shows at once
 * @property {string[]} unsafe  why no move of the game is ever safe (empty: safe moves may be played)
 */

/**
 * @typedef {Object} ClauseLink
 * @property {string} name  as the rules on the page name it ("napoleon.foundations")
 * @property {string} anchor  its id on the page
 * @property {string} says
 */

/**
 * The plate's places (patience.views.plate.board), in the plate's units.
 * @typedef {Object} Board
 * @property {number} width
 * @property {number} height
 * @property {number[]} card  a card's width and height
 * @property {Place[]} piles  by pile number
 * @property {Label[]} labels
 */

/**
 * @typedef {Object} Place
 * @property {number} x
 * @property {number} y
 * @property {string} name
 * @property {string} area
 * @property {string} role  "stock", "foundation", "tableau" …
 * @property {boolean} any  whether any card of the pile may be played, not only its top
 */

/**
 * @typedef {Object} Label
 * @property {number} x
 * @property {number} y
 * @property {string} en
 * @property {string} ru
 */

/**
 * An executed example, for its replay (patience.views.replay's record, and the board:
 * example.py).
 * @typedef {Object} Replay
 * @property {string} game
 * @property {number} deal
 * @property {string} command  the command that plays the same deal in a terminal
 * @property {string} outcome  "won", "blocked" …
 * @property {string} outcome_text  the outcome, in words
 * @property {string[]} piles  each pile's name
 * @property {string[]} labels  the book's word for each pile's area
 * @property {Pile[]} start
 * @property {Step[]} steps
 * @property {Board} board
 */

/**
 * A move of a replay: its notation, and the piles it changed, by pile number.
 * @typedef {Object} Step
 * @property {string} move
 * @property {Object<string, Pile>} set
 */

/* ---- the worker and the page ---------------------------------------------------------- */

/**
 * A call from the page: {id, op, args}; the worker answers {id, value} or {id, error}.
 * @typedef {{id: number, op: string, args: Array<*>}} Call
 * @typedef {{id: number, value: *} | {id: number, error: Problem}} Answer
 */

/**
 * Why a call failed: a runtime file that could not be loaded is named, with what to do.
 * @typedef {Object} Problem
 * @property {string} message
 * @property {?string} file
 * @property {?string} advice
 * @property {boolean} [stopped]  the engine was stopped (a cancelled hint): nothing to say
 */

/**
 * The piles a move went between (for its card's flight on the board).
 * @typedef {{kind: string, src: number, dst: number, src2: ?number, dst2: ?number}} Moved
 */

/**
 * What the worker answers each call ("start" … "safe").
 * @typedef {{games: string[], snapshot: boolean, phases: Object<string, number>}} Started
 * @typedef {{view: View, problem: ?string}} Opened
 * @typedef {{view: View, move: Moved}} MoveAnswer
 * @typedef {{view: View, done: boolean}} Done
 * @typedef {{view: View, done: boolean, undone: ?string}} Undone
 * @typedef {{view: View, result: Attempt}} Attempted
 * @typedef {{hint: Hint}} Hinted
 * @typedef {{safe: ?number}} Safe
 */

export {};
