//! What a player types into the screen reader's command field: a turn or a
//! capture of one, or a short command asking about the game.

use crate::rules::{PlayedTurn, Square};

/// One line of the command field, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A turn, or its beginning: `d4xd6xb6`, `d4xd6`, `d4xe6/NNE`.
    Play(PlayedTurn),
    /// More captures of the turn under way: `b6`, `xb6`, `xb6xf6`.
    Continue(Vec<Square>),
    /// `b`: who is to move and the pieces of each side.
    Board,
    /// `r 4`: a rank, left to right.
    Rank(u8),
    /// `f d`: a file, bottom to top.
    File(u8),
    /// `p`: the pieces of the side to move that can capture.
    Capturers,
    /// `m c4`: the captures of one piece.
    Moves(Square),
    /// `s d4`: what is on a square, and what it can do or suffer.
    Square(Square),
    /// `t`: the template and what fits it now.
    Template,
    /// `l`: the last turn.
    Last,
    /// `c`: the clocks.
    Clocks,
    /// `o`: who plays whom.
    Opponent,
    /// `a`: the analysis of the position on show (turned on if it is off).
    Analysis,
    /// `h` or `?`: the commands.
    Help,
}

/// Why a line is not a command, in the catalogue's words when answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// Nothing but spaces.
    Empty,
    /// A word that is no command nor a turn.
    Unknown(String),
    /// A command that needs a square got none or a bad one (`m`, `s`).
    NeedsSquare { command: char, given: String },
    /// `r` without a rank, or `f` without a file.
    NeedsLine { command: char, given: String },
    /// A turn's text that cannot be read (the line as typed).
    BadTurn(String),
}

/// The square named by `text` (`d4`), if it is one.
fn square(text: &str) -> Option<Square> {
    text.parse().ok()
}

/// A command letter and the rest of the line after it, with or without a
/// space between (`m c4`, `mc4`).
fn split_command(text: &str) -> (char, &str) {
    let mut chars = text.chars();
    let letter = chars.next().unwrap_or(' ');
    (letter, chars.as_str().trim())
}

impl Command {
    /// Reads a line: commands are one letter (and an argument), in every
    /// language; anything with an `x` or a lone square is a capture.
    pub fn parse(line: &str) -> Result<Command, CommandError> {
        let text = line.trim().to_ascii_lowercase();
        if text.is_empty() {
            return Err(CommandError::Empty);
        }
        if let Some(sq) = square(&text) {
            return Ok(Command::Continue(vec![sq]));
        }
        if let Some(rest) = text.strip_prefix('x') {
            return rest
                .split('x')
                .map(|name| square(name.trim()).ok_or(name))
                .collect::<Result<Vec<_>, _>>()
                .map(Command::Continue)
                .map_err(|_| CommandError::BadTurn(line.trim().to_string()));
        }
        // A turn begins with its origin's square (`exit` is no turn).
        let origin = text.split(['x', '/']).next().unwrap_or("");
        if text.contains('x') && square(origin.trim()).is_some() {
            // Routes are written in capitals (`/NNE`): give them back.
            let turn = match line.trim().split_once('/') {
                Some((squares, route)) => format!(
                    "{}/{}",
                    squares.to_ascii_lowercase(),
                    route.to_ascii_uppercase()
                ),
                None => text.clone(),
            };
            return turn
                .parse::<PlayedTurn>()
                .map(Command::Play)
                .map_err(|_| CommandError::BadTurn(line.trim().to_string()));
        }
        let (letter, rest) = split_command(&text);
        let simple = match letter {
            'b' => Some(Command::Board),
            'p' => Some(Command::Capturers),
            't' => Some(Command::Template),
            'l' => Some(Command::Last),
            'c' => Some(Command::Clocks),
            'o' => Some(Command::Opponent),
            'a' => Some(Command::Analysis),
            'h' | '?' => Some(Command::Help),
            _ => None,
        };
        if let Some(command) = simple {
            return if rest.is_empty() {
                Ok(command)
            } else {
                Err(CommandError::Unknown(text))
            };
        }
        match letter {
            'm' | 's' => {
                let sq = square(rest).ok_or_else(|| CommandError::NeedsSquare {
                    command: letter,
                    given: rest.to_string(),
                })?;
                Ok(if letter == 'm' {
                    Command::Moves(sq)
                } else {
                    Command::Square(sq)
                })
            }
            'r' => match rest.parse::<u8>() {
                Ok(rank @ 1..=8) => Ok(Command::Rank(rank - 1)),
                _ => Err(CommandError::NeedsLine {
                    command: letter,
                    given: rest.to_string(),
                }),
            },
            'f' => match rest.as_bytes() {
                [file @ b'a'..=b'h'] => Ok(Command::File(file - b'a')),
                _ => Err(CommandError::NeedsLine {
                    command: letter,
                    given: rest.to_string(),
                }),
            },
            _ => Err(CommandError::Unknown(text)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn every_command_reads_with_or_without_its_space() {
        assert_eq!(Command::parse(" B "), Ok(Command::Board));
        assert_eq!(Command::parse("r 4"), Ok(Command::Rank(3)));
        assert_eq!(Command::parse("r4"), Ok(Command::Rank(3)));
        assert_eq!(Command::parse("f d"), Ok(Command::File(3)));
        assert_eq!(Command::parse("m c4"), Ok(Command::Moves(sq("c4"))));
        assert_eq!(Command::parse("MC4"), Ok(Command::Moves(sq("c4"))));
        assert_eq!(Command::parse("s h8"), Ok(Command::Square(sq("h8"))));
        assert_eq!(Command::parse("?"), Ok(Command::Help));
        for (text, command) in [
            ("p", Command::Capturers),
            ("t", Command::Template),
            ("l", Command::Last),
            ("c", Command::Clocks),
            ("o", Command::Opponent),
            ("a", Command::Analysis),
            ("h", Command::Help),
        ] {
            assert_eq!(Command::parse(text), Ok(command), "{text}");
        }
    }

    #[test]
    fn captures_read_as_a_turn_or_its_continuation() {
        let Ok(Command::Play(turn)) = Command::parse("D4xD6xB6") else {
            panic!("a turn");
        };
        assert_eq!(turn.origin, sq("d4"));
        assert_eq!(turn.captures, vec![sq("d6"), sq("b6")]);
        let Ok(Command::Play(turn)) = Command::parse("d4xe6/NNE") else {
            panic!("a turn with its route");
        };
        assert!(turn.route.is_some());
        assert_eq!(Command::parse("b6"), Ok(Command::Continue(vec![sq("b6")])));
        assert_eq!(
            Command::parse("xb6xf6"),
            Ok(Command::Continue(vec![sq("b6"), sq("f6")]))
        );
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        assert_eq!(Command::parse("   "), Err(CommandError::Empty));
        assert!(matches!(
            Command::parse("zz"),
            Err(CommandError::Unknown(_))
        ));
        // Words with an x are not turns unless they begin with a square.
        for word in ["exit", "next", "x", "xa9"] {
            assert!(
                !matches!(Command::parse(word), Ok(_) | Err(CommandError::Empty)),
                "{word}"
            );
        }
        assert_eq!(
            Command::parse("exit"),
            Err(CommandError::Unknown("exit".into()))
        );
        assert!(matches!(
            Command::parse("b 3"),
            Err(CommandError::Unknown(_))
        ));
        assert!(matches!(
            Command::parse("m"),
            Err(CommandError::NeedsSquare { command: 'm', .. })
        ));
        assert!(matches!(
            Command::parse("s z9"),
            Err(CommandError::NeedsSquare { command: 's', .. })
        ));
        assert!(matches!(
            Command::parse("r 9"),
            Err(CommandError::NeedsLine { command: 'r', .. })
        ));
        assert!(matches!(
            Command::parse("f q"),
            Err(CommandError::NeedsLine { command: 'f', .. })
        ));
        assert!(matches!(
            Command::parse("d4xz9"),
            Err(CommandError::BadTurn(_))
        ));
        assert!(matches!(
            Command::parse("xq1"),
            Err(CommandError::BadTurn(_))
        ));
        assert!(matches!(
            Command::parse("d4xe6/QQ"),
            Err(CommandError::BadTurn(_))
        ));
    }
}
