# Burrow's words in English: the catalogue every other language follows.
#
# Glossary (how the game's own terms are used; each language's file says
# how it renders them):
# - Burrow: the family of games; the four games' names (Box Burrow, Path
#   Burrow, Sweep Burrow, Tumburrow) are names and are not translated.
# - capture: a piece moves onto an enemy piece and takes its place.
# - initial capture: the first capture of a turn; it fixes the template.
# - template: what the initial capture fixes (a box, a path of steps, a set
#   of directions, a count) and every later capture of the turn must fit.
# - fit: a capture fits when it matches the template.
# - turn: one side's whole move, from the initial capture to the last.
# - chain: the captures of one turn, one after another.
# - White, Black: the two sides (as in chess: the colour names the player).
# - board, square, piece, file (a column, a-h), rank (a row, 1-8).
# - puzzle, lesson (the guided first game), record (a game's turns written
#   down), position (a board and the side to move).
#
# Arguments: $side is "white" or "black"; counts are numbers (plurals
# follow the language's rules).

## Sides and players

side = { $side ->
    [white] White
   *[black] Black
}
player-human = Human
player-computer = Computer ({ $level })
player-defender = Solver (best defence)
player-scripted = Lesson
player-remote = Online
level-random = random
level-greedy = greedy
level-easy = easy
level-medium = medium
level-hard = hard
level-strongest = strongest

## The side panel's menus

menu-game = Game
menu-new-game = New game…
menu-copy-position = Copy position
menu-copy-record = Copy record
menu-positions-records = Positions and records…
menu-positions-records-hint = Paste a position or a record; save or open record files
menu-resign = { $side ->
    [white] Resign (White)
   *[black] Resign (Black)
}
menu-view = View
menu-flip-board = Flip board
menu-analysis = Analysis (A)
menu-analysis-hint = The solver marks each turn as a proven win or loss
menu-play = Play
menu-puzzles = Puzzles…
menu-online = Online…
menu-lesson = Guided first game
menu-design = Design a game…
menu-design-hint = Make a game of your own, starting from this one
menu-rules = Rules
menu-rules-of-game = Rules of this game
menu-shortcuts = Keyboard shortcuts
menu-settings = Settings

## The side panel: players, status, actions, moves, analysis

pieces-count = { $count ->
    [one] { $count } piece
   *[other] { $count } pieces
}
outcome-wins = { $side ->
    [white] White wins
   *[black] Black wins
}
outcome-resigned = { $side ->
    [white] White wins: Black resigned
   *[black] Black wins: White resigned
}
to-move = { $side ->
    [white] White to move
   *[black] Black to move
}
thinking = thinking…
template-now = Template: { $template }
template-must-keep = The piece on { $square } must keep capturing while a capture fits.
template-unset = Template: set by the next initial capture
route-of = Route { $index } of { $count } (Tab or right-click for the next)
viewing-after = Viewing the position after turn { $turn }
puzzle-task = Puzzle: { $task }
puzzle-checking = The solver is checking your turn…
puzzle-solved = Solved!
puzzle-turns-to-go = { $count ->
    [one] { $count } turn to go
   *[other] { $count } turns to go
}
puzzle-take-back = Take back
puzzle-restart = Restart puzzle
puzzle-next = Next puzzle
action-undo = Undo
action-redo = Redo
action-hint = Hint
action-hint-hint = The strongest level suggests a turn
action-review = Review
action-review-hint = The evaluation graph of the game and its mistakes
action-new-game = New game
action-new-game-hint = Back to the menu of games
hint-turn = Hint: { $turn }
computer-stopped = The computer stopped playing: { $why }
computer-pause = Pause computer
computer-resume = Resume computer
computer-step = Step
moves-heading = Moves (click to view)
moves-back = Back to the game
analysis-heading = Analysis (A hides it)
analysis-sign = Each turn's number is for the side that plays it: + is good for it.
analysis-stopped = The analysis stopped: { $why }
analysis-solving = solving…
analysis-wins-in = { $side ->
    [white] White wins in { $count } turns (proven)
   *[black] Black wins in { $count } turns (proven)
}
analysis-loses-in = { $side ->
    [white] White loses in { $count } turns (proven)
   *[black] Black loses in { $count } turns (proven)
}
analysis-wins = { $side ->
    [white] White wins (proven; distance not yet)
   *[black] Black wins (proven; distance not yet)
}
analysis-loses = { $side ->
    [white] White loses (proven; distance not yet)
   *[black] Black loses (proven; distance not yet)
}
analysis-not-proven = Not proven yet; { $ahead }
analysis-positions = { $count ->
    [one] { $count } position searched
   *[other] { $count } positions searched
}
analysis-more-turns = … { $count } turns in all
# $side is the side ahead; $mover the side to move, for whom $score counts.
ahead = { $side ->
    [white] White is ahead
   *[black] Black is ahead
} ({ $score } for { $mover ->
    [white] White
   *[black] Black
})
about-even = about even ({ $score } for { $mover ->
    [white] White
   *[black] Black
})

## The guided first game in the side panel

lesson-title = Guided first game: { $game }
lesson-step = Step { $step } of { $count }
lesson-game-said = The game said: “{ $why }”
lesson-off-script = That is not this lesson's move. Undo it to go on.
lesson-play-real = Play a real game
lesson-again = Start again
lesson-leave = Leave lesson
lesson-leave-hint = Play on from here against the computer

## The rules window, the keyboard shortcuts and the game-over dialog

rules-title = Rules: { $game }
rules-shared = What every Burrow game shares
rules-reading-note = Points marked [project's reading] are where the designer's description leaves room and this project had to choose; the choice is ours, not the designer's.
shortcut-arrows-keys = Arrow keys
shortcut-arrows = move the cursor over the board
shortcut-enter-keys = Enter or Space
shortcut-enter = click the square under the cursor
shortcut-tab = the next route to the square, where several reach it
shortcut-esc-keys = Esc
shortcut-esc = let go of the picked piece
# The keys as the keyboard's own labels name them.
key-undo = Ctrl+Z
key-redo = Ctrl+Y
shortcut-undo = undo
shortcut-redo = redo
shortcut-analysis = analysis on or off
shortcut-help-keys = F1 or ?
shortcut-help = this list of keys
game-over-title = Game over
game-over-resigned = { $side ->
    [white] White resigned.
   *[black] Black resigned.
}
# $side has no pieces (or no capture) left, and wins by it.
game-over-stuck-wins = { $side ->
    [white] { $what ->
        [pieces] White has no pieces left, and in this game the last capture loses.
       *[capture] White has no capture left, and in this game the last capture loses.
    }
   *[black] { $what ->
        [pieces] Black has no pieces left, and in this game the last capture loses.
       *[capture] Black has no capture left, and in this game the last capture loses.
    }
}
# $side has no pieces (or no capture) left, and loses by it.
game-over-left = { $side ->
    [white] { $what ->
        [pieces] White has no pieces left.
       *[capture] White has no capture left.
    }
   *[black] { $what ->
        [pieces] Black has no pieces left.
       *[capture] Black has no capture left.
    }
}
game-over-turns = { $count ->
    [one] { $count } turn played.
   *[other] { $count } turns played.
}
game-over-rematch = Rematch
toast-saved = saved to { $path }

## The puzzles window

puzzles-title = Puzzles: { $game }
puzzles-none = No puzzles for this game yet.
puzzles-solved = { $solved } of { $count } solved. Play the winning line against the solver's best defence.
puzzles-easy = Easy: win in 3 turns
puzzles-medium = Medium: win in 5 turns
puzzles-hard = Hard: win in 7 to 11 turns
puzzles-hover = { $task } ({ $size })
puzzles-hover-solved = { $task } ({ $size }), solved
puzzle-task-text = { $side ->
    [white] White to move wins in { $count ->
        [one] { $count } turn
       *[other] { $count } turns
    }
   *[black] Black to move wins in { $count ->
        [one] { $count } turn
       *[other] { $count } turns
    }
}

## The positions and records window

records-title = Positions and records
records-paste = Paste a position or a game record:
records-paste-hint = WB2/4/4/2BW W, or a record's tags and turns
records-play-record = Play this record
records-play-record-hint = Replay the record's turns and go on from its end
records-play-position = Play from this position
records-play-position-hint = A new game from the position, with the same players
records-download = Download the record
records-downloading = downloading { $file }
records-open-file = Open a record file…
records-save = Save the record…
records-save-position = Save the position…
records-open = Open a record or position…
records-open-hint = A record is played back; a position starts a new game
records-last-file = Last file: { $file }
records-save-to-it = Save to it
records-open-it = Open it

## The review window

review-point = after { $count ->
    [one] { $count } turn
   *[other] { $count } turns
}: { $share } (search score { $score })
review-even = even
review-turns-axis = turns
review-save-picture = Save picture
review-download-picture = Download picture
review-evaluating = Evaluating positions: { $done } of { $count }
review-graph-note = White's share of the game by the engine's short search; click to go to a position.
review-looking = Mistakes: looking…
review-no-mistakes = No turn lost much ground.
review-swings = Where the evaluation swung most:
review-mistake = Turn { $number }: { $side ->
    [white] White
   *[black] Black
} { $turn }
review-mistake-better = Turn { $number }: { $side ->
    [white] White
   *[black] Black
} { $turn }; the engine preferred { $better }
review-show = Show

## The title screen

title-tagline = capture, and keep capturing
title-continue = Continue
title-choose = Choose a game
title-board = Board
title-files = { $count ->
    [one] { " " }file
   *[other] { " " }files
}
title-ranks = { $count ->
    [one] { " " }rank
   *[other] { " " }ranks
}
title-start = Start
title-play = Play
title-rules = Rules
title-lesson = Guided first game
title-puzzles = Puzzles
title-online = Online
title-design = Design a game
title-design-hint = Make a game of your own from this one
start-own = its own rows
start-checkerboard = checkerboard
start-pairs = pairs
start-checkerboard-hint = Alternating colours, a1 Black: this project's reading of the designer's text
start-pairs-hint = Ranks of WWBB pairs, each the one below swapped: the layout Ludii's Sweep Burrow uses
start-rows-hint = The game's own rows, rank 1 first, repeated over the board: { $rows }
saved-summary = { $game } on { $size }, { $who }, { $count ->
    [one] { $count } turn played
   *[other] { $count } turns played
}
saved-players = { $white } against { $black }
saved-puzzle = puzzle { $number }
saved-lesson = guided first game

## The settings window

settings-title = Settings
settings-language = Language
settings-language-system = As the system ({ $language })
settings-moves = Moves
settings-walk-speed = Walk speed, squares per second (0 = instant)
settings-think = Computer's think time in seconds (strongest level, hint)
settings-sound = Sound
settings-mute = Mute
settings-volume = Volume
settings-look = Look
settings-ui-scale = UI scale
settings-online = Online
settings-ca-file = A certificate authority to trust for wss:// servers (a self-hosted server's own), beside the usual ones
settings-ca-none = none
settings-choose = Choose…
settings-forget = Forget
settings-read-notes = When the settings were read
theme-classic = Classic
theme-high-contrast = High contrast
theme-green = Green

## The web page's loader (shown before the game runs: one line each; the
## build copies them into the page)

page-loading = Loading…
page-loading-label = Loading the game
page-downloading = Downloading { $received } of { $total } MB
page-starting = Starting…
page-failed = Burrow could not start: { $why }
page-retry = Try again
page-no-wasm = this browser does not run WebAssembly
page-no-webgl = this browser cannot draw with WebGL2 (try turning on hardware acceleration)
