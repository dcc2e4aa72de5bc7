//! The saved game's form: the game's record (Burrow's record format, so a
//! saved game is also a record any reader opens) with two tags of its own,
//! `Saved` (the form's version) and `Mode` (a free game, a puzzle or a
//! lesson); the players are the record's `White` and `Black` labels.

use std::fmt;

use crate::ai::Level;
use crate::game::play::{Game, GameMode, Player};
use crate::rules::{GameRecord, ParseRecordError, ReplayError, VariantRegistry};
use crate::tr;

/// The version of the form this build writes and reads.
pub const VERSION: u32 = 1;

/// A local game as kept between runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    pub record: GameRecord,
    pub white: Player,
    pub black: Player,
    pub mode: GameMode,
}

/// Why a saved game does not read; worded when shown, in the language in
/// force then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SavedGameError {
    /// Not a game record: the record reader's words why.
    NotARecord(ParseRecordError),
    /// A record without the `Saved` tag: not a saved game.
    NotSaved,
    /// Saved by a newer version, in this form.
    Newer(u32),
    /// A `Saved` tag that is not a version.
    BadVersion(String),
    /// A player label this game does not know.
    BadPlayer(String),
    /// A `Mode` tag that is not a free game, a puzzle or a lesson.
    BadMode(String),
    /// Turns that do not replay: the rules' words why.
    DoesNotReplay(ReplayError),
}

impl fmt::Display for SavedGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&match self {
            SavedGameError::NotARecord(e) => tr!("saved-notice-not-record", why = e.to_string()),
            SavedGameError::NotSaved => tr!("saved-notice-no-saved-tag"),
            SavedGameError::Newer(form) => {
                tr!("saved-notice-newer", form = *form, reads = VERSION)
            }
            SavedGameError::BadVersion(tag) => {
                tr!("saved-notice-bad-version", tag = tag.as_str())
            }
            SavedGameError::BadPlayer(player) => {
                tr!("saved-notice-bad-player", player = player.as_str())
            }
            SavedGameError::BadMode(tag) => tr!("saved-notice-bad-mode", tag = tag.as_str()),
            SavedGameError::DoesNotReplay(e) => {
                tr!("saved-notice-no-replay", why = e.to_string())
            }
        })
    }
}

impl std::error::Error for SavedGameError {}

impl SavedGame {
    /// The game on the board, if it is one that is kept (an online game is
    /// kept by its server).
    pub fn of(game: &Game) -> Option<SavedGame> {
        if game.is_online() {
            return None;
        }
        Some(SavedGame {
            record: game.record(),
            white: game.player(crate::rules::Side::White),
            black: game.player(crate::rules::Side::Black),
            mode: game.mode().clone(),
        })
    }

    /// The saved game as text.
    pub fn to_text(&self) -> String {
        let mut record = self.record.clone();
        record
            .other_tags
            .retain(|(name, _)| name != "Saved" && name != "Mode");
        record
            .other_tags
            .push(("Saved".into(), VERSION.to_string()));
        record
            .other_tags
            .push(("Mode".into(), mode_name(&self.mode)));
        record.to_string()
    }

    /// Reads a saved game and checks that it replays with `variants` (or
    /// the design it carries).
    pub fn from_text(text: &str, variants: &VariantRegistry) -> Result<SavedGame, SavedGameError> {
        let record = text
            .parse::<GameRecord>()
            .map_err(SavedGameError::NotARecord)?;
        let tag = |name: &str| {
            record
                .other_tags
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
        };
        let version = tag("Saved").ok_or(SavedGameError::NotSaved)?;
        let version: u32 = version
            .parse()
            .map_err(|_| SavedGameError::BadVersion(version.clone()))?;
        if version > VERSION {
            return Err(SavedGameError::Newer(version));
        }
        let mode = tag("Mode").unwrap_or_else(|| "local".into());
        let mode = mode_named(&mode).ok_or(SavedGameError::BadMode(mode))?;
        let white = player_named(&record.white)?;
        let black = player_named(&record.black)?;
        record
            .history(variants)
            .map_err(SavedGameError::DoesNotReplay)?;
        Ok(SavedGame {
            record,
            white,
            black,
            mode,
        })
    }

    /// Whether this game is `kept` played on: the same game from the same
    /// start, its turns so far `kept`'s and perhaps more.
    pub fn continues(&self, kept: &SavedGame) -> bool {
        let (a, b) = (&self.record, &kept.record);
        a.variant == b.variant
            && a.size == b.size
            && a.start == b.start
            && self.mode == kept.mode
            && a.turns.starts_with(&b.turns)
    }

    /// The game in a line: which game, who plays and how far it is.
    pub fn summary(&self, variants: &VariantRegistry) -> String {
        let name = match (&self.record.design, variants.get(&self.record.variant)) {
            (Some(design), _) => design.name.clone(),
            (None, Some(rules)) => rules.variant().name().to_string(),
            (None, None) => self.record.variant.clone(),
        };
        let who = match &self.mode {
            GameMode::Puzzle(i) => tr!("saved-puzzle", number = i + 1),
            GameMode::Lesson => tr!("saved-lesson"),
            _ => tr!(
                "saved-players",
                white = self.white.words(),
                black = self.black.words()
            ),
        };
        tr!(
            "saved-summary",
            game = name,
            size = self.record.size.to_string(),
            who = who,
            count = self.record.turns.len()
        )
    }
}

fn mode_name(mode: &GameMode) -> String {
    match mode {
        GameMode::Puzzle(i) => format!("puzzle {i}"),
        GameMode::Lesson => "lesson".into(),
        _ => "local".into(),
    }
}

fn mode_named(name: &str) -> Option<GameMode> {
    match name {
        "local" => Some(GameMode::Local),
        "lesson" => Some(GameMode::Lesson),
        _ => name
            .strip_prefix("puzzle ")
            .and_then(|i| i.parse().ok())
            .map(GameMode::Puzzle),
    }
}

/// The player a record's label names (the labels [`Player::label`] writes).
fn player_named(label: &str) -> Result<Player, SavedGameError> {
    let found = [Player::Human, Player::Defender, Player::Scripted]
        .into_iter()
        .find(|p| p.label() == label)
        .or_else(|| {
            label
                .strip_prefix("Computer (")
                .and_then(|rest| rest.strip_suffix(')'))
                .and_then(|level| level.parse::<Level>().ok())
                .map(Player::Computer)
        });
    found.ok_or_else(|| SavedGameError::BadPlayer(label.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::play::NewGame;

    fn played(white: Player, black: Player, turns: usize) -> Game {
        let variants = VariantRegistry::builtin();
        let mut game = Game::new(
            &variants,
            NewGame {
                variant: "box".into(),
                size: "6x6".parse().unwrap(),
                white,
                black,
                start: None,
                mode: GameMode::Local,
            },
        )
        .unwrap();
        for _ in 0..turns {
            let turn = game.rules().turns(game.position()).unwrap()[0].played();
            for step in turn.steps() {
                game.apply_capture(&step).unwrap();
            }
        }
        game
    }

    #[test]
    fn a_saved_game_reads_back_with_its_players_and_turns() {
        let variants = VariantRegistry::builtin();
        let game = played(Player::Human, Player::Computer(Level::Hard), 3);
        let saved = SavedGame::of(&game).unwrap();
        let text = saved.to_text();
        assert!(text.contains("[Saved \"1\"]"), "{text}");
        let read = SavedGame::from_text(&text, &variants).unwrap();
        assert_eq!(
            read,
            SavedGame::from_text(&read.to_text(), &variants).unwrap()
        );
        assert_eq!(read.white, Player::Human);
        assert_eq!(read.black, Player::Computer(Level::Hard));
        assert_eq!(read.mode, GameMode::Local);
        assert_eq!(read.record.turns, game.played());
        let summary = read.summary(&variants);
        assert!(
            summary.starts_with("Box Burrow on 6x6,")
                && summary.contains("3 turns")
                && summary.contains("Computer (hard)"),
            "{summary}"
        );
    }

    #[test]
    fn a_damaged_or_newer_save_is_refused_with_the_reason() {
        let variants = VariantRegistry::builtin();
        let text = SavedGame::of(&played(Player::Human, Player::Human, 2))
            .unwrap()
            .to_text();
        // Cut short in the middle of a turn.
        let cut = &text[..text.len() - 4];
        assert!(SavedGame::from_text(cut, &variants).is_err());
        let newer = text.replace("[Saved \"1\"]", "[Saved \"7\"]");
        assert_eq!(
            SavedGame::from_text(&newer, &variants),
            Err(SavedGameError::Newer(7))
        );
        let edited = text.replace("[White \"Human\"]", "[White \"Someone\"]");
        assert_eq!(
            SavedGame::from_text(&edited, &variants),
            Err(SavedGameError::BadPlayer("Someone".into()))
        );
        let record = text.replace("[Saved \"1\"]\n", "");
        assert_eq!(
            SavedGame::from_text(&record, &variants),
            Err(SavedGameError::NotSaved)
        );
        assert!(matches!(
            SavedGame::from_text("nonsense", &variants),
            Err(SavedGameError::NotARecord(_))
        ));
    }

    /// Why a save does not read is worded from the catalogue when it is
    /// shown (the tests run in English), the rules' own words inside.
    #[test]
    fn why_a_save_does_not_read_is_worded_from_the_catalogue() {
        let variants = VariantRegistry::builtin();
        let not_a_record = SavedGame::from_text("nonsense", &variants).unwrap_err();
        for (error, words) in [
            (not_a_record, "it is not a game record: "),
            (
                SavedGameError::NotSaved,
                "it has no `Saved` tag (not a saved game)",
            ),
            (
                SavedGameError::Newer(7),
                "it was saved by a newer version of Burrow (form 7; this one reads 1)",
            ),
            (
                SavedGameError::BadVersion("x".into()),
                "its `Saved` tag `x` is not a version",
            ),
            (
                SavedGameError::BadPlayer("Someone".into()),
                "`Someone` is not a player this game knows",
            ),
            (
                SavedGameError::BadMode("blitz".into()),
                "its `Mode` tag `blitz` is not a free game, a puzzle or a lesson",
            ),
            (
                SavedGameError::DoesNotReplay(ReplayError::UnknownVariant("chess".into())),
                "its turns do not replay: ",
            ),
        ] {
            let said = error.to_string();
            assert!(said.starts_with(words), "{said}");
            assert!(!said.contains("saved-notice-"), "{said}");
        }
    }

    #[test]
    fn online_games_are_not_kept_here() {
        let mut game = played(Player::Human, Player::Remote, 0);
        let variants = VariantRegistry::builtin();
        game = Game::new(
            &variants,
            NewGame {
                mode: GameMode::Online("ABCDEF".into()),
                ..game.setup().clone()
            },
        )
        .unwrap();
        assert_eq!(SavedGame::of(&game), None);
    }
}
