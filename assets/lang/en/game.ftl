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
analysis-sign = Each turn's figure is for the side that plays it: its chance of winning, or a proven win (W) or loss (L) in so many turns.
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

## Why a click or a command is turned down

refusal-animating = wait for the capture to finish
refusal-reviewing = you are looking at an earlier position
refusal-game-over = the game is over
refusal-cannot-resign = there is no game of yours to resign here
refusal-computers-turn = it is the computer's turn
refusal-opponents-turn = it is your opponent's turn
refusal-must-keep-capturing = { $square } must keep capturing
refusal-nothing-to-capture = the piece on { $square } has nothing to capture
refusal-choose-own = { $side ->
    [white] choose one of your own pieces (White)
   *[black] choose one of your own pieces (Black)
}
refusal-nothing-to-undo = nothing to undo or redo
refusal-unknown-game = unknown variant `{ $game }`
refusal-no-lesson = no guided first game for { $game }

## The guided first game's steps

lesson-black-replies = Black replies: { $turn }.
lesson-select-first = You play White. A turn starts with one of your pieces capturing an enemy. Select your piece on { $square }.
lesson-select-again = Your turn again. Select your piece on { $square }.
lesson-capture-first = Capture the enemy on { $square }: move onto it. This first capture fixes the template for the rest of the turn.
lesson-capture = Capture { $square }.
lesson-template = The template is now { $template }, drawn around your piece. Every later capture of this turn must fit it. Try capturing { $square }: it does not fit.
lesson-keep-capturing = The same piece must keep capturing while a capture fits. Capture { $square }, which fits.
lesson-keep-going = Keep going: capture { $square }.
lesson-win = No capture fits any more, so the turn is over, and Black has no capture at all: White wins. That is every Burrow game: capture, keep capturing, and leave your opponent nothing to capture.

## The rules of the four games, as the rules window shows them
## (paragraphs are separated by a blank line)

rules-system =
    Every square starts with a piece, in a checkerboard of White and Black; White moves first. On your turn, pick one of your pieces and capture an enemy by moving onto it. That first capture fixes a template. While the same piece has a capture that fits the template, it must make one (you choose which when there are several). Paths only cross empty squares; squares emptied earlier in the turn count as empty.

    A player with no initial capture at the start of their turn loses, so there are no draws.
rules-box =
    Movement: orthogonal single steps through empty squares, every square of the path inside the box whose opposite corners are the piece and its target. Any such path counts, winding ones too, not only staircases [project's reading].

    Template: the size of that box, width × height (the horizontal and vertical distance of the initial capture).

    Later captures: an enemy exactly width across and height up or down from the piece (any of the four corners; width and height are never swapped), reached the same way inside its own box. A box of width 0 or height 0 is a straight line of that exact length.
rules-path =
    Movement: a staircase of orthogonal steps through empty squares: at most one horizontal and one vertical direction, mixed in any order.

    Template: the exact sequence of steps, such as N N E. Different paths to the same enemy are different templates, so you choose the path, not only the target.

    Later captures: the same sequence turned or mirrored in any of the 8 ways of the square, walked from where the piece stands; every square but the last must be empty and the last must hold an enemy. The sequence is never walked backwards: N N E allows E E N but not E N N.
rules-sweep =
    Movement: a staircase of orthogonal steps through empty squares: at most one horizontal and one vertical direction, mixed in any order.

    Template: the set of directions the initial capture used: one direction for a straight capture, two for a bent one. Directions are absolute (north stays north).

    Later captures: any staircase through empty squares that uses only directions of the template, in any amounts and order. After a straight capture the piece keeps to that one direction.
rules-tumburrow =
    Movement, for every capture: king steps through empty squares along a path of at most two different directions that are not opposite [project's reading], mixed in any order. The directions carry no template data.

    Template: once the initial capture is made, count your own pieces the capturing piece sees along the eight queen lines from its new square. On each line only the first piece met counts, and only if it is yours; any piece blocks the line. The piece never counts itself, and the square it left is empty [project's reading].

    Later captures: any capture (same movement) after which the same count, taken the same way, equals the template.
summary-box = Keep capturing at the same distance across and up or down.
summary-path = Keep capturing along the same steps, turned or mirrored.
summary-sweep = Keep capturing in the directions of the first capture.
summary-tumburrow = Keep capturing where your piece sees as many friends.
example-box = Width and height are never swapped, and the way to each target may wind as long as it stays inside that target's own box [project's reading].
example-path = Each later capture walks the same steps, turned or mirrored but never walked backwards, from where the piece stands.
example-sweep = Later captures may use only the directions of the first (here east and south), in any amounts and order; north stays north.
example-tumburrow = After every capture the piece must see the same number of friends (ringed); an enemy first on a line blocks it (crossed), and the square the piece left is empty [project's reading].
example-design-chain = A turn of { $count } captures: the first fixes the template, and each later one fits it.
example-design-single = Only single captures turned up on a small board: this template seldom lets a second capture happen.
example-fixes = { $capture } fixes the template: { $template }.
example-then = Then { $captures }, each fitting the template; nothing fits after { $square }, so the turn ends.
# The templates in words (the side panel, the lessons, the examples).
# Compass letters (N, E, S, W) and paths such as N N E are notation, as in
# records: they stay as they are in every language.
template-box = a box { $width } wide and { $height } high
template-path = the path { $route }, turned or mirrored
template-sweep-one = only { $first }
template-sweep-two = only { $first } and { $second }
template-sweep-many = only { $directions }
template-count = { $count ->
    [one] { $count } friendly piece in sight
   *[other] { $count } friendly pieces in sight
}
# Tumburrow's note on the square under the pointer.
note-sees-fits = sees { $seen }: fits
note-sees-needs = sees { $seen }, needs { $needed }
note-sets-count = sets the count to { $seen }

## Why a capture is not allowed (the rules' own explanations)

# A list's last two items: "a4, b4 and c4".
list-and = { $list } and { $last }
why-no-piece = there is no piece of the side to move on { $square }
why-empty = { $square } is empty: a capture lands on an enemy piece
why-own-piece = { $square } holds a piece of the same side
why-one-step = { $from } moves one step at a time and { $to } is not one step away
why-not-on-line = { $to } is not on a line { $from } moves along
why-line-crosses = the line from { $from } to { $to } crosses { $square }
why-blocked = every way from { $from } to { $to } is blocked (by { $squares })
why-no-path = no path of this game's steps leads from { $from } to { $to }
why-misfit = { $capture } does not fit the template ({ $template })
why-square-misfits = { $square } does not fit the template
why-cannot-capture-on = { $piece } cannot capture on { $square }
misfit-box = does not fit: the box is { $width } wide and { $height } high, this capture spans { $spans_width } by { $spans_height }
misfit-path-crosses = that path ({ $path } from { $from }) crosses { $square }
misfit-path = does not fit: no turn or mirror of the path { $path } leads from { $from } to { $to }
misfit-sweep = does not fit: this turn goes only { $allowed }, and { $to } lies { $needed } of { $from }
misfit-count = does not fit: the count is { $count ->
    [one] { $count } friend
   *[other] { $count } friends
} in sight, and on { $to } the piece would see { $seen }
# Compass directions in prose.
compass = { $way ->
    [north] north
    [south] south
    [east] east
    [west] west
    [north-east] north-east
    [north-west] north-west
    [south-east] south-east
    [south-west] south-west
   *[other] diagonally
}

# Where a square lies from another ("d4 lies north-east of b2").
compass-of = { $way ->
    [north] north
    [south] south
    [east] east
    [west] west
    [north-east] north-east
    [north-west] north-west
    [south-east] south-east
    [south-west] south-west
   *[other] diagonally
}

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

## Online play: the table in the side panel, the window's header, the banners

online-title = Online
online-connecting-to = Connecting to { $server }…
online-reconnecting = Connection lost: reconnecting…
online-lost-banner = Connection to the server lost: reconnecting…
online-no-undo = An online game has no undo: every turn is final.
online-code = Code
online-copy-link = Copy link
online-waiting-server = Waiting for the server…
online-waiting-player = Waiting for the other player: send them the code or the link.
online-rated-game = Rated game
online-resign = Resign
online-rematch-offered = Rematch offered
online-leave = Leave
online-computer = computer ({ $level })
online-free-seat = (free seat)
online-you = { $name } (you)
online-your-turn-in = Your turn in game { $code }
online-open = Open
online-won-no-capture = { $side ->
    [white] White won: the loser had no capture
   *[black] Black won: the loser had no capture
}
online-won-stuck = { $side ->
    [white] White won: the winner had no capture (the last capture loses)
   *[black] Black won: the winner had no capture (the last capture loses)
}
online-won-time = { $side ->
    [white] White won on time
   *[black] Black won on time
}
online-won-resigned = { $side ->
    [white] White won: the loser resigned
   *[black] Black won: the loser resigned
}
online-server = Server
online-server-hint = host:port of a `burrow serve`
online-connect = Connect
online-signed-in-as = Signed in as { $name }
online-guest = Playing as a guest
online-connecting = Connecting…
online-trying-again = Not connected: trying again…
online-not-connected = Not connected
online-tab-play = Play
online-tab-lobby = Lobby
online-tab-my-games = My games
online-tab-players = Players
online-tab-account = Account
online-game = Game
online-clock = Clock
clock-none = no clock
clock-days = { $count ->
    [one] { $count } day per turn
   *[other] { $count } days per turn
}
clock-live = { $minutes } min + { $seconds } s

## The designer

designer-title = Designer
designer-start-from = Start from
designer-a-game = a game…
designer-copy-name = My { $name }
designer-name = Name
designer-id = Id
designer-id-hint = lower case, digits, dashes
designer-summary = Summary
designer-movement = Movement
designer-template = Template
designer-board-and-end = Board and end
designer-try-on = Try it on
designer-against = against
designer-both-sides = Human (both sides here)
designer-try = Try it
designer-save = Save
designer-download = Download file
designer-save-copy = Save a copy…
designer-save-copy-hint = The game file, saved where you choose
designer-copy-text = Copy text
designer-text-copied = the game file is on the clipboard
designer-link-hint = A link to the web page at { $page } that opens this design
designer-link-copied = a link to { $page } with the design is on the clipboard
designer-report = Report
designer-measuring = measuring { $done } of { $count }
designer-measured = measured { $done } of { $count }
designer-stop = Stop
designer-train = Train the computer
designer-train-hint = The computer plays this game against itself and learns how to judge its positions (up to 10 minutes, in the background). Its strongest level and the hint then use what it learnt.
designer-training = training: generation { $generation } of { $count }
designer-trained = trained: { $count } { $count ->
    [one] generation
   *[other] generations
}
designer-training-minutes = { $count } min
designer-generation = generation { $generation }: { $score }% against the one before (Elo { $elo }), { $kept ->
    [yes] kept
   *[no] not kept
}
designer-weights-kept = what the computer learnt is kept in { $place }
designer-weights-not-kept = what the computer learnt could not be kept: { $why }
designer-earlier-version = (of an earlier version of the design)
designer-warning = warning: { $why }
designer-open-intro = Open a design: paste its game file or its share code, or open its file.
designer-open-file = Open file…
designer-game-file = The game file
designer-a-game-holds = A game: every rule of the system holds.
designer-its-rules = Its rules and an example
designer-not-a-game = Not a game yet: { $why }
designer-not-yet = the design is not a game yet (see above)
designer-written-in-rust = `{ $game }` is written in Rust, not in a game file: start from another game
designer-opened = opened { $name }
designer-not-opened = not opened: { $why }
designer-no-home = not saved: this machine names no home folder
designer-not-saved = not saved to { $path }: { $why }
designer-downloaded = downloaded as { $file }
designer-figures = { $size }: { $turns ->
    [one] { $turns } first turn
   *[other] { $turns } first turns
}, the longest { $count ->
    [one] { $count } capture
   *[other] { $count } captures
}
designer-figures-explode = { $size }: the first turns pass { $states } capture orders: chains explode
# The board's rules.
designer-start = Start
designer-start-hint = How the pieces stand; White moves first. Rows: W White, B Black, . empty, rank 1 first, each repeated along its rank and the rows up the board.
designer-rows-written = rows written out
designer-boards = Boards
designer-boards-hint = The sizes it is played on: every board from the smallest to the largest.
designer-from = from
designer-to = to
designer-end = End
designer-end-hint = Who wins when the player to move has no capture. Every turn removes a piece, so either way there are no draws.
designer-end-wins = the last capture wins
designer-end-loses = the last capture loses
# The movement's rules.
designer-steps = Steps
designer-steps-hint = Where one step goes. (A game file may list its own steps too.)
designer-steps-listed = (listed in the file)
steps-orthogonal = orthogonal
steps-orthogonal-hint = north, east, south, west
steps-diagonal = diagonal
steps-diagonal-hint = the four diagonals
steps-king = king
steps-king-hint = all eight directions
steps-knight = knight
steps-knight-hint = two one way, one the other
designer-path = Path
path-single = single
path-single-hint = one step, no more
path-straight = straight
path-straight-hint = one step repeated in a line
path-two-directions = two directions
path-two-directions-hint = a staircase of two kinds of step
path-within-box = within the box
path-within-box-hint = any steps inside the box of piece and target
designer-jumping = Jumping
designer-jumping-check = the path may pass over pieces
jumping-on-hint = Pieces on the way do not stop a capture.
jumping-off-hint = Every square before the target must be empty.
# The template's measures.
designer-template-intro = A later capture fits when every measure switched on matches the initial capture's. In each picture the initial capture is orange and a later one that fits is blue.
measure-off = off
measure-exactly = exactly
measure-turned = or turned
measure-mirrored = or mirrored
measure-any-image = or any image
measure-either-way = either way round
measure-box = Box
measure-box-hint = The bounding box: as many squares across and as many up or down.
measure-route = Route
measure-route-hint = The exact steps of the initial capture, in order.
measure-directions = Directions
measure-directions-hint = Only the compass directions the initial capture went.
measure-offset = Offset
measure-offset-hint = The same vector, so many across and so many up (in the picture, mirrored).
measure-distance = Distance
measure-distance-hint = The same length of capture.
measure-king-walks = as a king walks
measure-orthogonal-steps = in orthogonal steps
measure-line = Line
measure-line-hint = The target on the line of the initial capture, either way.
measure-same-line = same line
measure-count = Count
measure-count-hint = How many pieces the piece sees after landing, compared with after the initial capture.
count-on = count pieces in sight
count-as-many = as many
count-at-least = at least as many
count-at-most = at most as many
count-friends = friends
count-enemies = enemies
count-pieces = pieces
count-along = along
count-eight-lines = eight lines
count-ranks-files = ranks and files
count-diagonals = diagonals

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

## The settings' and the saved game's notices

# A setting that did not read: $line (a number) and $key (the setting's
# name in the file, kept as it is) say where; $problem is one of the
# fragments below that say what it must be and what was found.
settings-notice-problem = settings line { $line }: `{ $key }` { $problem }; its default is used
# $expected: what the setting must be; $found: one of the
# settings-notice-found-… fragments.
settings-notice-wrong-type = must be { $expected ->
    [number] a number
    [flag] true or false
    [text] text in quotes
   *[puzzles] a list of puzzles in quotes
}, found { $found }
# What a value of the wrong type was: $text as written in the file, $flag
# true or false (as the file writes them), $number a number.
settings-notice-found-text = '{ $text }'
settings-notice-found-number = the number { $number }
settings-notice-found-flag = { $flag }
settings-notice-found-date = a date
settings-notice-found-list = a list
settings-notice-found-table = a table
settings-notice-out-of-range = must be from { $min } to { $max }, found { $found }
# $known: the languages' codes (en, fr, de); $found: the text in the file.
settings-notice-unknown-language = must be one of { $known }, found `{ $found }`
# classic, green, high-contrast: the themes as the file names them (kept).
settings-notice-unknown-theme = must be classic, green or high-contrast, found `{ $found }`
# WIDTHxHEIGHT: how the file writes a size (the x between the numbers is
# kept).
settings-notice-window-size = must be WIDTHxHEIGHT from { $min_width }x{ $min_height } to { $max_width }x{ $max_height }, found `{ $found }`
settings-notice-not-session = must be the server's hex text
# $why: the TOML reader's own words (in English).
settings-notice-unreadable = the settings do not read as TOML: { $why }; the defaults are used
# $file: a file's path; $key: the page's storage's key (kept as it is).
settings-notice-kept = the settings as they were are kept in { $file }
settings-notice-kept-page = the settings as they were are kept in the page's storage ({ $key })
# $why: the system's words.
settings-notice-not-kept = could not keep the settings as they were ({ $file }: { $why })
# $why: one of the five below.
settings-notice-not-saved = could not save settings: { $why }
settings-notice-no-home = no home folder
settings-notice-save-file = { $file }: { $why }
settings-notice-no-storage = local storage is not available
settings-notice-storage-refused = local storage refused the settings
settings-notice-not-toml = the settings do not write as TOML: { $why }
# A saved game that does not read: $why is one of the saved-notice-…
# reasons below; $file a file's path, $key the page's storage's key.
saved-notice-unreadable = The saved game does not read ({ $why }). It is kept in { $file }; a new game starts.
saved-notice-unreadable-page = The saved game does not read ({ $why }). It is kept in the page's storage under { $key }; a new game starts.
# $error: the system's words why the save could not be moved.
saved-notice-unreadable-stays = The saved game does not read ({ $why }). It could not be set aside ({ $error }) and is still in { $file }; a new game starts.
# $why: the record reader's words.
saved-notice-not-record = it is not a game record: { $why }
# Saved, Mode: the record's tags, as the file names them (kept).
saved-notice-no-saved-tag = it has no `Saved` tag (not a saved game)
# $form: the save's form (a number); $reads: the form this version reads.
saved-notice-newer = it was saved by a newer version of Burrow (form { $form }; this one reads { $reads })
saved-notice-bad-version = its `Saved` tag `{ $tag }` is not a version
saved-notice-bad-player = `{ $player }` is not a player this game knows
saved-notice-bad-mode = its `Mode` tag `{ $tag }` is not a free game, a puzzle or a lesson
# $why: the rules' words.
saved-notice-no-replay = its turns do not replay: { $why }
# $folder: a folder's path; $why: the system's words.
saved-notice-cannot-save = cannot save the game in { $folder }: { $why }
saved-notice-page-refused = the page's storage refused the saved game
