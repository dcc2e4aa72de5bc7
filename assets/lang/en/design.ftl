# Burrow's words in English: a designed game's rules in words (rules::design::words).
# The glossary is at the top of game.ftl in this folder; English (en/design.ftl)
# is the catalogue the other languages follow.
#
# Arguments: $steps is a list of step vectors, "[1, 2], [2, 1]" (across,
# up); $rows are rows of a start, "WWBB / BBWW" (W White, B Black, . empty);
# $size, $smallest, $largest are board sizes, "6x6". All three are
# notation, as in a game file: they stay as they are in every language.
# $symmetry is what a measure allows beside itself: exact (nothing more),
# turned (its quarter turns), mirrored (its mirror images) or all (any turn
# or mirror image).

## The rules text: paragraphs, in this order

design-words-movement = Movement: { $steps } { $path } { $jumping }
# $measures: the template's measures below, joined by design-words-and.
design-words-template = Template: a later capture fits when it has { $measures }.
# Joins the template's measures: the ones so far, and the next.
design-words-and = { $list }; and { $next }
design-words-start-pairs = Start: pieces in pairs; rank 1 reads W W B B W W B B, and each rank swaps the colours of the one below.
# $empty: "none" when no row has an empty square, else "some".
design-words-start-rows = { $empty ->
    [none] Start: the rows { $rows } (rank 1 first; W White, B Black), each repeated along its rank and the rows up the board.
   *[some] Start: the rows { $rows } (rank 1 first; W White, B Black, . empty), each repeated along its rank and the rows up the board.
}
design-words-boards-one = Boards: { $size }.
design-words-boards-range = Boards: { $smallest } to { $largest }.
design-words-end-last-capture-loses = End: a player with no capture at the start of their turn wins (whoever makes the last capture loses), unlike the usual end.

## How a capture moves: its steps, its path, and whether it may jump

design-words-steps-orthogonal = a piece steps north, east, south or west.
design-words-steps-diagonal = a piece steps diagonally.
design-words-steps-king = a piece steps in any of the eight directions.
design-words-steps-knight = a piece jumps as a knight (two squares one way, one the other).
design-words-steps-listed = a piece takes the steps { $steps } (across, up).
design-words-path-single = A capture is one step onto an enemy.
design-words-path-straight = A capture repeats one step in a straight line, as far as it likes, onto an enemy.
design-words-path-two-steps = A capture mixes at most two kinds of step that are not opposite (a staircase), any number of each in any order, onto an enemy.
design-words-path-within-box = A capture takes any steps that keep inside the box whose corners are the piece and its target.
design-words-jumping = The path may pass over pieces.
design-words-no-jumping = Every square the path crosses before the target must be empty (squares emptied earlier in the turn count as empty).

## The template's measures (what a later capture "has", in design-words-template)

design-words-box-exact = the initial capture's box: as many squares across and as many up or down
design-words-box-either-way = the initial capture's box, either way round
design-words-route = { $symmetry ->
    [exact] the initial capture's route, step for step
    [turned] the initial capture's route, step for step, or a quarter turn of it
    [mirrored] the initial capture's route, step for step, or a mirror image of it
   *[all] the initial capture's route, step for step, or any turn or mirror image of it
}
design-words-directions = { $symmetry ->
    [exact] only the compass directions the initial capture went (east or west, north or south)
    [turned] only the compass directions the initial capture went (east or west, north or south), or a quarter turn of it
    [mirrored] only the compass directions the initial capture went (east or west, north or south), or a mirror image of it
   *[all] only the compass directions the initial capture went (east or west, north or south), or any turn or mirror image of it
}
# $compare: equal, at-least or at-most; $counted: friends, enemies or
# pieces; $lines: queen (the eight lines), rook (ranks and files) or bishop
# (diagonals).
design-words-count = { $compare ->
    [at-least] at least as many
    [at-most] at most as many
   *[equal] as many
} { $counted ->
    [friends] friendly pieces
    [enemies] enemy pieces
   *[pieces] pieces
} in sight along { $lines ->
    [rook] the ranks and files
    [bishop] the diagonals
   *[queen] the eight lines
} from where the piece lands as after the initial capture
design-words-offset = { $symmetry ->
    [exact] the initial capture's offset (so many across, so many up)
    [turned] the initial capture's offset (so many across, so many up), or a quarter turn of it
    [mirrored] the initial capture's offset (so many across, so many up), or a mirror image of it
   *[all] the initial capture's offset (so many across, so many up), or any turn or mirror image of it
}
design-words-distance-king = the initial capture's length, counted as a king walks
design-words-distance-steps = the initial capture's length in steps across plus up or down
design-words-line = a target on the line through the initial capture's start and target, either way
