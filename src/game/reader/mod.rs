//! The game without sight: a command field whose lines are turns or short
//! questions, each answered in words for the screen reader to speak, and
//! every capture of a turn (the player's and the opponent's) announced as
//! it is made, with the template it set and whether the turn goes on.
//!
//! This module is plain Rust: it reads the game as a [`Scene`] and answers
//! with words and, for a turn, the captures to make ([`Answer::captures`]),
//! which the game plays through the same intents as a click.

mod command;
#[cfg(any(test, target_arch = "wasm32"))]
mod controls;
#[cfg(not(target_arch = "wasm32"))]
mod field;
mod guides;
#[cfg(target_arch = "wasm32")]
mod page;
mod panel;

use std::time::Duration;

use crate::rules::TurnInProgress;
use crate::rules::{Bitboard, Capture, MoveError, PlayedTurn, Position, Rules, Side, Square};
use crate::tr;

use super::presentation;
use super::ui::words::side_key;

pub use command::{Command, CommandError};
#[cfg(not(target_arch = "wasm32"))]
pub(crate) use panel::switch;
pub use panel::{ReaderLine, Spoken};

/// The reader's systems: the answers and announcements, and on the page
/// its own part of the page.
pub(crate) fn plugin(app: &mut bevy::app::App) {
    panel::plugin(app);
    #[cfg(target_arch = "wasm32")]
    page::plugin(app);
}

/// The reader's part of the window: the switch, and the field (the
/// desktop's in the side panel, the page's its own).
pub(crate) fn view(app: &mut bevy::app::App) {
    panel::view(app);
    #[cfg(not(target_arch = "wasm32"))]
    field::view(app);
    #[cfg(target_arch = "wasm32")]
    page::view(app);
}

/// What the answers read of the game at the moment a line is typed.
#[derive(Clone)]
pub struct Scene<'a> {
    pub rules: &'a Rules,
    /// The position at the start of the turn under way.
    pub position: &'a Position,
    /// The turn under way, once its initial capture is made.
    pub turn: Option<&'a TurnInProgress>,
    /// The last whole turn played, with the position it was played from.
    pub last: Option<(&'a Position, &'a PlayedTurn)>,
    /// The time each side has left (White, Black), if the game is timed.
    pub clocks: Option<[Duration; 2]>,
    /// Who plays each side (White, Black), in words.
    pub players: [&'a str; 2],
    /// The side the player at this keyboard plays (none: both sides, or
    /// neither when watching).
    pub you: Option<Side>,
    /// Why no turn is taken from the field now, if none is: the game is
    /// over, an earlier position is on show, the last typed turn is still
    /// being played, or no person at this keyboard is to move.
    pub blocked: Option<String>,
    /// The analysis of the position on show, in words, once it has a
    /// report.
    pub analysis: Option<String>,
}

/// The answer to a line: words to speak, and the captures to make (in
/// order) when the line was a turn or a part of one, or the square to
/// click when it named one alone (a piece to pick up, or the next capture
/// of the turn under way).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer {
    pub words: String,
    pub captures: Vec<Capture>,
    pub click: Option<Square>,
}

impl Answer {
    fn say(words: String) -> Answer {
        Answer {
            words,
            ..Answer::default()
        }
    }
}

/// Squares in words: `d4`, `d4 and e4`, `d4, e4 and e5`, or "none".
pub fn square_list(squares: impl IntoIterator<Item = Square>) -> String {
    let mut squares = squares.into_iter().peekable();
    if squares.peek().is_none() {
        return tr!("reader-none");
    }
    crate::rules::square_list(squares)
}

/// What is on a square, in a word.
fn content(position: &Position, sq: Square) -> String {
    match position.board.side_at(sq) {
        Some(s) => tr!("reader-piece", side = side_key(s)),
        None => tr!("reader-empty"),
    }
}

/// A clock's time left as the seats show it: minutes and seconds, tenths
/// under ten seconds, hours or days for a slow game.
fn clock(left: Duration) -> String {
    super::online::clock_text(u64::try_from(left.as_millis()).unwrap_or(u64::MAX))
}

/// The announcement of capture `n` (from 1) of `played`, a turn played
/// from `start`; none if it does not replay.
pub fn announce_step(
    rules: &Rules,
    start: &Position,
    played: &PlayedTurn,
    n: usize,
) -> Option<String> {
    let mut steps = played.steps().take(n);
    let mut turn = rules.begin_turn(start, &steps.next()?).ok()?;
    for step in steps {
        rules.continue_turn(&mut turn, step.to).ok()?;
    }
    Some(announce_capture(rules, &turn))
}

/// The announcement of a capture just made in `turn` (its last one): who
/// took what from where, the template if it was the initial capture, and
/// whether the turn goes on (with the squares that fit) or ends.
pub fn announce_capture(rules: &Rules, turn: &TurnInProgress) -> String {
    let captures = turn.captures();
    let to = turn.current();
    let from = match captures {
        [] | [_] => turn.origin(),
        [.., before, _] => *before,
    };
    let mut words = tr!(
        "reader-capture",
        side = side_key(turn.mover()),
        from = from.to_string(),
        to = to.to_string()
    );
    if captures.len() == 1 {
        let template = presentation::of(rules).describe_template(turn.template());
        words.push(' ');
        words.push_str(&tr!("reader-template-set", template = template));
    }
    let fitting: Vec<Square> = rules
        .fitting_captures(turn)
        .map(|c| c.into_iter().map(|c| c.to).collect())
        .unwrap_or_default();
    words.push(' ');
    words.push_str(&if fitting.is_empty() {
        tr!("reader-turn-ends")
    } else {
        tr!(
            "reader-goes-on",
            squares = square_list(fitting.iter().copied()),
            count = fitting.len()
        )
    });
    words
}

impl Scene<'_> {
    /// The board as the capturing side sees it mid-turn, else the
    /// position's.
    fn now(&self) -> Position {
        match self.turn {
            Some(turn) => Position {
                board: *turn.board(),
                turn: turn.mover(),
            },
            None => *self.position,
        }
    }

    /// Answers one line of the command field.
    pub fn answer(&self, line: &str) -> Answer {
        match Command::parse(line) {
            Ok(command) => self.answer_command(command),
            Err(e) => Answer::say(refusal(&e)),
        }
    }

    fn answer_command(&self, command: Command) -> Answer {
        let words = match command {
            Command::Play(turn) => return self.play(turn),
            Command::Continue(squares) => return self.continue_turn(&squares),
            Command::Board => self.board(),
            Command::Rank(y) => self.line(true, y),
            Command::File(x) => self.line(false, x),
            Command::Capturers => self.capturers(),
            Command::Moves(sq) => self.moves(sq),
            Command::Square(sq) => self.square(sq),
            Command::Template => self.template(),
            Command::Last => self.last(),
            Command::Clocks => match self.clocks {
                Some([white, black]) => {
                    tr!("reader-clocks", white = clock(white), black = clock(black))
                }
                None => tr!("reader-no-clocks"),
            },
            Command::Opponent => self.opponent(),
            Command::Analysis => self
                .analysis
                .clone()
                .unwrap_or_else(|| tr!("reader-analysis-working")),
            Command::Help => tr!("reader-help"),
        };
        Answer::say(words)
    }

    /// A turn typed whole or begun: every capture checked before any is
    /// made.
    fn play(&self, played: PlayedTurn) -> Answer {
        if let Some(words) = &self.blocked {
            return Answer::say(words.clone());
        }
        if self.turn.is_some() {
            return Answer::say(tr!("reader-turn-under-way"));
        }
        let mut steps: Vec<Capture> = played.steps().collect();
        if steps.is_empty() {
            return Answer::say(tr!("reader-bad-turn", text = played.to_string()));
        }
        let rules = self.rules;
        let first = &mut steps[0];
        if first.route.is_none() && rules.uses_route() {
            let routes: Vec<Capture> = rules
                .initial_captures_from(self.position, first.from)
                .into_iter()
                .filter(|c| c.to == first.to)
                .collect();
            match routes.as_slice() {
                [only] => first.route = only.route,
                [] => {}
                several => {
                    let names: Vec<String> = several
                        .iter()
                        .filter_map(|c| c.route.map(|r| format!("{}x{}/{r}", c.from, c.to)))
                        .collect();
                    return Answer::say(tr!("reader-which-route", routes = names.join(", ")));
                }
            }
        }
        let mut turn = match rules.begin_turn(self.position, &steps[0]) {
            Ok(turn) => turn,
            Err(e) => return Answer::say(move_refused(&e)),
        };
        for step in &steps[1..] {
            if let Err(e) = rules.continue_turn(&mut turn, step.to) {
                return Answer::say(move_refused(&e));
            }
        }
        Answer {
            captures: steps,
            ..Answer::default()
        }
    }

    /// Captures that carry on the turn under way.
    fn continue_turn(&self, squares: &[Square]) -> Answer {
        if let Some(words) = &self.blocked {
            return Answer::say(words.clone());
        }
        let Some(turn) = self.turn else {
            // A square named alone is a click on it: a piece of the side to
            // move is picked up (its captures said), and with one picked
            // up, a square it can take is its first capture (a lesson's
            // steps ask for both); the game answers the rest.
            if let [square] = squares {
                let own = self.position.board.side_at(*square) == Some(self.position.turn);
                return Answer {
                    words: if own {
                        self.moves(*square)
                    } else {
                        String::new()
                    },
                    click: Some(*square),
                    ..Answer::default()
                };
            }
            return Answer::say(tr!("reader-no-turn-under-way"));
        };
        if let [to] = squares {
            // One capture is a click on its square: the game judges it,
            // and a refusal comes back in the game's words (a lesson's
            // step may ask to try one that does not fit).
            return Answer {
                click: Some(*to),
                ..Answer::default()
            };
        }
        let mut trial = turn.clone();
        let mut captures = Vec::new();
        for &to in squares {
            let from = trial.current();
            if let Err(e) = self.rules.continue_turn(&mut trial, to) {
                return Answer::say(move_refused(&e));
            }
            captures.push(Capture {
                from,
                to,
                route: None,
            });
        }
        Answer {
            captures,
            ..Answer::default()
        }
    }

    fn board(&self) -> String {
        let pos = self.now();
        let count = |s: Side| pos.board.pieces(s).count();
        let capturers = |s: Side| self.rules.capturers(&pos.board, s).count();
        tr!(
            "reader-board",
            side = side_key(self.position.turn),
            white = count(Side::White),
            white_capturers = capturers(Side::White),
            black = count(Side::Black),
            black_capturers = capturers(Side::Black)
        )
    }

    /// A rank (`rank`) or a file, square by square, runs of the same
    /// content said once (`c4 to e4 empty`).
    fn line(&self, rank: bool, at: u8) -> String {
        let pos = self.now();
        let size = pos.board.size();
        let (len, limit) = if rank {
            (size.files(), size.ranks())
        } else {
            (size.ranks(), size.files())
        };
        let name = if rank {
            (at + 1).to_string()
        } else {
            char::from(b'a' + at).to_string()
        };
        if at >= limit {
            return tr!("reader-no-such-line", line = name);
        }
        let squares: Vec<Square> = (0..len)
            .filter_map(|i| {
                if rank {
                    Square::new(i, at)
                } else {
                    Square::new(at, i)
                }
            })
            .collect();
        let mut runs: Vec<String> = Vec::new();
        let mut start = 0;
        for i in 1..=squares.len() {
            let same = i < squares.len()
                && pos.board.side_at(squares[i]) == pos.board.side_at(squares[start]);
            if same {
                continue;
            }
            let what = content(&pos, squares[start]);
            runs.push(if i - 1 == start {
                format!("{} {what}", squares[start])
            } else {
                tr!(
                    "reader-run",
                    first = squares[start].to_string(),
                    last = squares[i - 1].to_string(),
                    what = what
                )
            });
            start = i;
        }
        let key = if rank { "rank" } else { "file" };
        tr!(
            "reader-line",
            kind = key,
            line = name,
            squares = runs.join(", ")
        )
    }

    fn capturers(&self) -> String {
        let pos = self.now();
        if let Some(turn) = self.turn {
            return tr!(
                "reader-capturers-mid-turn",
                square = turn.current().to_string()
            );
        }
        let ours = self.rules.capturers(&pos.board, pos.turn);
        tr!(
            "reader-capturers",
            side = side_key(pos.turn),
            count = ours.count(),
            squares = square_list(ours)
        )
    }

    /// The targets of the piece on `sq`: its initial captures, or mid-turn
    /// (for the capturing piece) the captures that fit.
    fn targets(&self, sq: Square) -> Bitboard {
        match self.turn {
            Some(turn) if turn.current() == sq => self
                .rules
                .fitting_captures(turn)
                .map(|c| c.into_iter().map(|c| c.to).collect())
                .unwrap_or_default(),
            Some(_) => Bitboard::EMPTY,
            None => self.rules.initial_targets(self.position, sq),
        }
    }

    fn moves(&self, sq: Square) -> String {
        let pos = self.now();
        match pos.board.side_at(sq) {
            None => tr!("reader-moves-empty", square = sq.to_string()),
            Some(s) if s != pos.turn => tr!(
                "reader-moves-not-to-move",
                square = sq.to_string(),
                side = side_key(s)
            ),
            Some(_) => {
                let targets = self.targets(sq);
                tr!(
                    "reader-moves",
                    square = sq.to_string(),
                    count = targets.count(),
                    squares = square_list(targets)
                )
            }
        }
    }

    /// The enemies that could capture the piece on `sq` with an initial
    /// capture, were it their turn.
    fn attackers(&self, pos: &Position, sq: Square) -> Bitboard {
        let Some(owner) = pos.board.side_at(sq) else {
            return Bitboard::EMPTY;
        };
        let theirs = Position {
            board: pos.board,
            turn: owner.opponent(),
        };
        pos.board
            .pieces(owner.opponent())
            .filter(|&from| self.rules.initial_targets(&theirs, from).contains(sq))
            .collect()
    }

    fn square(&self, sq: Square) -> String {
        let pos = self.now();
        if !pos.board.size().squares().contains(sq) {
            return tr!("reader-off-board", square = sq.to_string());
        }
        let Some(owner) = pos.board.side_at(sq) else {
            return tr!("reader-square-empty", square = sq.to_string());
        };
        let own = Position {
            board: pos.board,
            turn: owner,
        };
        let targets = if owner == pos.turn {
            self.targets(sq)
        } else {
            self.rules.initial_targets(&own, sq)
        };
        let attackers = self.attackers(&pos, sq);
        tr!(
            "reader-square",
            square = sq.to_string(),
            side = side_key(owner),
            targets = targets.count(),
            target_squares = square_list(targets),
            attackers = attackers.count(),
            attacker_squares = square_list(attackers)
        )
    }

    fn template(&self) -> String {
        match self.turn {
            None => tr!("reader-no-template"),
            Some(turn) => {
                let template = presentation::of(self.rules).describe_template(turn.template());
                let fitting = self.targets(turn.current());
                tr!(
                    "reader-template",
                    template = template,
                    square = turn.current().to_string(),
                    count = fitting.count(),
                    squares = square_list(fitting)
                )
            }
        }
    }

    fn last(&self) -> String {
        let Some((before, played)) = self.last else {
            return tr!("reader-no-last");
        };
        tr!(
            "reader-last",
            side = side_key(before.turn),
            turn = played.to_string(),
            squares = square_list(played.captures.iter().copied())
        )
    }

    fn opponent(&self) -> String {
        let [white, black] = self.players;
        match self.you {
            Some(you) => tr!(
                "reader-you-play",
                side = side_key(you),
                opponent = if you == Side::White { black } else { white }
            ),
            None => tr!("reader-players", white = white, black = black),
        }
    }
}

/// What followed a command letter, for its refusal (`none` selects the
/// words for nothing).
fn typed(given: &str) -> &str {
    if given.is_empty() { "none" } else { given }
}

/// The words for a line that is not a command.
fn refusal(e: &CommandError) -> String {
    match e {
        CommandError::Empty => tr!("reader-empty-line"),
        CommandError::Unknown(text) => tr!("reader-unknown", text = text.as_str()),
        CommandError::NeedsSquare { command, given } => tr!(
            "reader-needs-square",
            command = command.to_string(),
            given = typed(given)
        ),
        CommandError::NeedsLine { command, given } => tr!(
            "reader-needs-line",
            command = command.to_string(),
            given = typed(given)
        ),
        CommandError::BadTurn(text) => tr!("reader-bad-turn", text = text.as_str()),
    }
}

/// The words for a capture the rules refuse, with their reason.
fn move_refused(e: &MoveError) -> String {
    let why = match e {
        MoveError::EmptySquare(sq) | MoveError::NotYourPiece(sq) => {
            tr!("why-no-piece", square = sq.to_string())
        }
        MoveError::NotACapture { why, .. } | MoveError::DoesNotFit { why, .. } => why.clone(),
        other => other.to_string(),
    };
    tr!("reader-refused", why = why)
}

#[cfg(test)]
mod tests;
