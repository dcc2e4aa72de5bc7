# The screen reader's side of the game: the command field's answers and the
# announcements of captures, spoken by the player's screen reader. Keep them
# short and plain: they are heard, not read. Squares (d4) and turns
# (d4xd6xb6) stay as they are; the command letters (b, r, f, p, m, s, t, l,
# c, o, h) are the same in every language.

reader-none = none
reader-piece = { $side ->
    [white] white
   *[black] black
}
reader-empty = empty
reader-run = { $first } to { $last } { $what }
reader-line = { $kind ->
    [rank] Rank
   *[file] File
} { $line }: { $squares }.
reader-no-such-line = There is no line { $line } on this board.
# A capture as it is made: "White d4 takes d6."
reader-capture = { $side ->
    [white] White
   *[black] Black
} { $from } takes { $to }.
reader-template-set = Template: { $template }.
reader-goes-on = The turn goes on: { $squares } { $count ->
    [one] fits.
   *[other] fit.
}
reader-turn-ends = The turn ends.
reader-board = { $side ->
    [white] White
   *[black] Black
} to move. White has { $white } { $white ->
    [one] piece
   *[other] pieces
}, { $white_capturers } able to capture; Black has { $black }, { $black_capturers } able to capture.
reader-capturers = { $count ->
    [0] { $side ->
        [white] White has
       *[black] Black has
    } no capture.
   *[other] { $side ->
        [white] White
       *[black] Black
    } can capture with { $count } { $count ->
        [one] piece
       *[other] pieces
    }: { $squares }.
}
reader-capturers-mid-turn = Only the piece on { $square } captures until the turn ends. Type t for what fits.
reader-moves = { $count ->
    [0] The piece on { $square } has no capture.
   *[other] The piece on { $square } can capture { $squares }.
}
reader-moves-empty = { $square } is empty.
reader-moves-not-to-move = The piece on { $square } is { $side ->
    [white] White's
   *[black] Black's
}, who is not to move.
reader-square-empty = { $square }: empty.
reader-off-board = { $square } is not on this board.
reader-square = { $square }: { $side ->
    [white] white
   *[black] black
} piece. { $targets ->
    [0] It has no capture.
   *[other] It can capture { $target_squares }.
} { $attackers ->
    [0] No enemy can take it with a first capture.
   *[other] Enemies on { $attacker_squares } can take it with a first capture.
}
reader-no-template = No turn is under way: the next initial capture sets the template.
reader-template = Template: { $template }. The piece on { $square } { $count ->
    [0] has nothing that fits.
    [one] must capture { $squares }.
   *[other] must capture one of { $squares }.
}
reader-no-last = No turn has been played yet.
reader-last = { $side ->
    [white] White
   *[black] Black
} played { $turn }, capturing { $squares }.
reader-clocks = White { $white }, Black { $black }.
reader-no-clocks = This game has no clocks.
reader-analysis-working = The analysis is working on this position; type a again in a moment.
reader-analysis = { $verdict }. Best turns: { $best }.
reader-you-play = You play { $side ->
    [white] White
   *[black] Black
} against { $opponent }.
reader-players = White: { $white }. Black: { $black }.
reader-help = Type a turn such as d4xd6xb6, or its first capture d4xd6 and then each next square; a square alone, such as d4, is a click on it (a piece picked up, or the capture there). In Path Burrow add the route when there are several: d4xe6/NNE. Commands: b the board, r 4 a rank, f d a file, p the pieces that can capture, m c4 the captures of a piece, s d4 a square, t the template, l the last turn, c the clocks, a the analysis, o the players, h this help.
reader-game-over = The game is over.
reader-not-your-turn = It is { $side ->
    [white] White's
   *[black] Black's
} turn, not yours.
reader-turn-under-way = A turn is under way: type the next square, or t for what fits.
reader-no-turn-under-way = No turn is under way: start one from one of your pieces, such as d4xd6.
reader-which-route = Several paths lead there; say which: { $routes }.
reader-refused = Not played: { $why }.
reader-empty-line = Type a turn or a command; h for help.
reader-unknown = “{ $text }” is not a command. Type h for help.
reader-needs-square = { $command } needs a square, such as { $command } d4{ $given ->
    [none] .
   *[other] , not “{ $given }”.
}
reader-needs-line = { $command ->
    [r] r needs a rank number, such as r 4
   *[other] f needs a file letter, such as f d
}{ $given ->
    [none] .
   *[other] , not “{ $given }”.
}
reader-bad-turn = “{ $text }” is not a turn: write it like d4xd6xb6.
# The side panel's part: its heading, the field's hint and the View menu's switch.
reader-title = Screen reader
reader-field-hint = A turn (d4xd6) or a command (h for help), then Enter
reader-field = Command
reader-said = What the game said
reader-no-game = No game is on: start one from the title screen.
menu-screen-reader = Screen reader
menu-screen-reader-hint = A command field for turns and questions about the board, and every capture announced in words, for playing with a screen reader.
online-dismiss = Dismiss
window-close = Close window
