//! One online game as the server judges it: the setup, every turn checked
//! by the engine, the clocks and the result. Plain Rust with time passed in
//! (milliseconds since the Unix epoch), so it is tested without a server.

use std::sync::Arc;

use crate::ai::Level;
use crate::rules::{
    Design, GameRecord, GameResult, History, PlayedTurn, Position, Rules, VariantRegistry,
};

use super::protocol::{
    ClockSetting, ClockView, EndReason, ErrorKind, Finish, GameSetup, GameView,
    MAX_DESIGN_CODE_CHARS, SeatView, Side,
};

/// A refusal: what the client is told; the table did not change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub kind: ErrorKind,
    pub message: String,
}

impl Refused {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Refused {
        Refused {
            kind,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// A seat: who holds it and what the table shows of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seat {
    /// What proves the seat: the key of the token handed to its holder (a
    /// server keeps only a hash of the token, so a copy of its database
    /// seats nobody).
    pub key: Option<String>,
    pub name: Option<String>,
    /// The account of the seat's player (its name's key), if signed in.
    pub player: Option<String>,
    /// A computer level the server plays this seat with.
    pub computer: Option<Level>,
}

/// The clocks: time left per side when the running one was started, and
/// when that was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clocks {
    pub setting: ClockSetting,
    pub left_ms: [u64; 2],
    /// When the side to move's clock started; `None` before the first turn
    /// (the clock starts once both seats are taken).
    pub started_ms: Option<i64>,
}

/// A game's setup read and checked against the registry.
#[derive(Clone, Debug)]
pub struct CheckedSetup {
    pub setup: GameSetup,
    pub rules: Rules,
    pub start: Position,
}

/// Reads a turn a client sent (`c3xd4xd5`); the judge then checks it
/// against the game ([`Table::play`]).
pub fn read_turn(text: &str) -> Result<PlayedTurn, Refused> {
    text.parse()
        .map_err(|e| Refused::new(ErrorKind::IllegalTurn, format!("{e}")))
}

/// Checks what a client asked to play. A setup with a design plays that
/// design (checked like a game file) whether or not `registry` has it; one
/// without names a game of `registry`. The checked setup carries the
/// design's share code whenever the game is a design, so every client of
/// the table can build its rules.
pub fn check_setup(registry: &VariantRegistry, setup: &GameSetup) -> Result<CheckedSetup, Refused> {
    let bad = |m: String| Refused::new(ErrorKind::BadSetup, m);
    let rules = match &setup.design {
        None => registry.get(&setup.variant).cloned().ok_or_else(|| {
            bad(format!(
                "unknown variant `{}` (known: {})",
                setup.variant,
                registry.ids().join(", ")
            ))
        })?,
        Some(code) => rules_of_design(registry, &setup.variant, code).map_err(bad)?,
    };
    rules.check_size(setup.size).map_err(bad)?;
    if let Some(clock) = &setup.clock {
        clock.check().map_err(|e| bad(e.to_string()))?;
    }
    let mut setup = setup.clone();
    setup.design = rules.variant().design().map(Design::code);
    Ok(CheckedSetup {
        start: match setup.start {
            Some(layout) => Position::start_with(setup.size, layout),
            None => rules.start(setup.size),
        },
        setup,
        rules,
    })
}

/// The rules of a design sent as a share code, for the game `variant`
/// names. A game of that id in `registry` must be this very design: two
/// different games never share an id at one table's server or client.
fn rules_of_design(registry: &VariantRegistry, variant: &str, code: &str) -> Result<Rules, String> {
    if code.len() > MAX_DESIGN_CODE_CHARS {
        return Err(format!(
            "the design code has {} characters; a table takes at most {MAX_DESIGN_CODE_CHARS}",
            code.len()
        ));
    }
    let design = Design::from_code(code).map_err(|e| format!("the design: {e}"))?;
    if design.id != variant {
        return Err(format!(
            "the design is the game `{}`, the setup names `{variant}`",
            design.id
        ));
    }
    if let Some(known) = registry.get(variant) {
        return if known.variant().design() == Some(&design) {
            Ok(known.clone())
        } else {
            Err(format!(
                "`{variant}` is another game here; give the design an id of its own"
            ))
        };
    }
    Rules::new(Arc::new(design)).map_err(|e| format!("the design: {e}"))
}

/// What an accepted turn changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accepted {
    pub ply: u32,
    pub text: String,
    /// Set when this turn ended the game.
    pub finish: Option<Finish>,
}

/// One game at the server.
#[derive(Clone, Debug)]
pub struct Table {
    pub code: String,
    pub setup: GameSetup,
    pub rules: Rules,
    /// The game so far.
    pub history: History,
    pub seats: [Seat; 2],
    pub clocks: Option<Clocks>,
    pub result: Option<Finish>,
    pub rematch_offers: Vec<Side>,
    /// The new table both players agreed to, once they have.
    pub rematch_code: Option<String>,
    pub created_ms: i64,
    /// Listed in the lobby and the game list (a private table, for a
    /// friend with its code, is never listed).
    pub public: bool,
    /// The result changes the players' ratings.
    pub rated: bool,
    /// Counts the stored changes; a change is stored only over the version
    /// it was judged on.
    pub version: i64,
}

impl Table {
    pub fn new(code: String, checked: CheckedSetup, now_ms: i64) -> Table {
        let clocks = checked.setup.clock.map(|setting| Clocks {
            setting,
            left_ms: [setting.initial_ms; 2],
            started_ms: None,
        });
        Table {
            code,
            setup: checked.setup,
            rules: checked.rules,
            history: History::new(checked.start),
            seats: [Seat::default(), Seat::default()],
            clocks,
            result: None,
            rematch_offers: Vec::new(),
            rematch_code: None,
            created_ms: now_ms,
            public: false,
            rated: false,
            version: 0,
        }
    }

    pub fn position(&self) -> &Position {
        self.history.position()
    }

    pub fn ply(&self) -> u32 {
        self.history.ply() as u32
    }

    pub fn to_move(&self) -> Side {
        Side::of(self.position().turn)
    }

    /// Both seats are held (by a person or the server's computer).
    pub fn is_full(&self) -> bool {
        self.seats
            .iter()
            .all(|s| s.key.is_some() || s.computer.is_some())
    }

    /// The side a token's key holds, if any.
    pub fn side_of(&self, key: &str) -> Option<Side> {
        [Side::White, Side::Black]
            .into_iter()
            .find(|s| self.seats[s.index()].key.as_deref() == Some(key))
    }

    /// Starts the first clock once both seats are taken.
    pub fn start_clock_if_ready(&mut self, now_ms: i64) {
        let full = self.is_full();
        if let Some(clocks) = &mut self.clocks
            && full
            && clocks.started_ms.is_none()
            && self.result.is_none()
        {
            clocks.started_ms = Some(now_ms);
        }
    }

    /// The clocks as of `now_ms`.
    pub fn clock_view(&self, now_ms: i64) -> Option<ClockView> {
        let clocks = self.clocks.as_ref()?;
        let mut left = clocks.left_ms;
        let running = match (clocks.started_ms, self.result) {
            (Some(started), None) => {
                let side = self.to_move();
                let used = (now_ms - started).max(0) as u64;
                left[side.index()] = left[side.index()].saturating_sub(used);
                Some(side)
            }
            _ => None,
        };
        Some(ClockView {
            white_ms: left[0],
            black_ms: left[1],
            running,
        })
    }

    /// Ends the game if the side to move's time ran out by `now_ms`.
    pub fn flag(&mut self, now_ms: i64) -> Option<Finish> {
        if self.result.is_some() {
            return None;
        }
        let view = self.clock_view(now_ms)?;
        let side = view.running?;
        let left = [view.white_ms, view.black_ms][side.index()];
        if left > 0 {
            return None;
        }
        let finish = Finish {
            winner: side.other(),
            reason: EndReason::Time,
        };
        if let Some(clocks) = &mut self.clocks {
            clocks.left_ms[side.index()] = 0;
        }
        self.result = Some(finish);
        Some(finish)
    }

    /// When the running clock runs out, if one runs.
    pub fn deadline_ms(&self) -> Option<i64> {
        let clocks = self.clocks.as_ref()?;
        if self.result.is_some() {
            return None;
        }
        let started = clocks.started_ms?;
        Some(started + clocks.left_ms[self.to_move().index()] as i64)
    }

    /// Checks and plays a turn for `side` (a client's text is read once,
    /// by [`read_turn`]; the server's computer hands its turn over as it
    /// is). Nothing changes on a refusal.
    pub fn play(
        &mut self,
        side: Side,
        ply: u32,
        played: PlayedTurn,
        now_ms: i64,
    ) -> Result<Accepted, Refused> {
        if self.result.is_some() {
            return Err(Refused::new(ErrorKind::GameOver, "the game is over"));
        }
        if !self.is_full() {
            return Err(Refused::new(
                ErrorKind::NotYourTurn,
                "the game starts when the other seat is taken",
            ));
        }
        if self.flag(now_ms).is_some() {
            return Err(Refused::new(ErrorKind::GameOver, "your time ran out"));
        }
        if side != self.to_move() {
            return Err(Refused::new(
                ErrorKind::NotYourTurn,
                format!("it is {}'s turn", self.position().turn),
            ));
        }
        if ply != self.ply() {
            return Err(Refused::new(
                ErrorKind::StaleTurn,
                format!(
                    "that turn was chosen after {ply} turns, and the game has {}",
                    self.ply()
                ),
            ));
        }
        let text = played.to_string();
        self.history
            .play(&self.rules, played)
            .map_err(|e| Refused::new(ErrorKind::IllegalTurn, format!("{text}: {e}")))?;
        self.rematch_offers.clear();
        if let Some(clocks) = &mut self.clocks {
            let i = side.index();
            if let Some(started) = clocks.started_ms {
                let used = (now_ms - started).max(0) as u64;
                clocks.left_ms[i] = clocks.left_ms[i].saturating_sub(used);
            }
            clocks.left_ms[i] = if clocks.setting.per_move {
                // Correspondence: the whole time again for the next turn.
                clocks.setting.initial_ms
            } else {
                clocks.left_ms[i].saturating_add(clocks.setting.increment_ms)
            };
            clocks.started_ms = Some(now_ms);
        }
        let finish = (!self.rules.has_initial_capture(self.position())).then(|| Finish {
            winner: Side::of(self.rules.winner_when_stuck(self.position())),
            reason: EndReason::NoCapture,
        });
        self.result = finish;
        Ok(Accepted {
            ply: self.ply() - 1,
            text,
            finish,
        })
    }

    /// The side gives up.
    pub fn resign(&mut self, side: Side, now_ms: i64) -> Result<Finish, Refused> {
        if self.result.is_some() || self.flag(now_ms).is_some() {
            return Err(Refused::new(ErrorKind::GameOver, "the game is over"));
        }
        let view = self.clock_view(now_ms);
        if let (Some(clocks), Some(view)) = (&mut self.clocks, view) {
            clocks.left_ms = [view.white_ms, view.black_ms];
            clocks.started_ms = None;
        }
        let finish = Finish {
            winner: side.other(),
            reason: EndReason::Resigned,
        };
        self.result = Some(finish);
        Ok(finish)
    }

    /// Records a rematch offer; true when both sides now want one.
    pub fn offer_rematch(&mut self, side: Side) -> Result<bool, Refused> {
        if self.result.is_none() {
            return Err(Refused::new(
                ErrorKind::BadMessage,
                "a rematch is offered once the game is over",
            ));
        }
        if !self.rematch_offers.contains(&side) {
            self.rematch_offers.push(side);
        }
        let computer_other = self.seats[side.other().index()].computer.is_some();
        Ok(self.rematch_offers.len() == 2 || computer_other)
    }

    /// The whole table for clients; `connected` says which seats have a
    /// connection now.
    pub fn view(&self, now_ms: i64, connected: [bool; 2]) -> GameView {
        let seat = |i: usize| SeatView {
            name: self.seats[i].name.clone(),
            computer: self.seats[i].computer,
            connected: connected[i] || self.seats[i].computer.is_some(),
            account: self.seats[i].player.is_some(),
        };
        GameView {
            code: self.code.clone(),
            setup: self.setup.clone(),
            white: seat(0),
            black: seat(1),
            turns: self.history.turns().iter().map(|t| t.to_string()).collect(),
            clock: self.clock_view(now_ms),
            result: self.result,
            rematch_offers: self.rematch_offers.clone(),
            rated: self.rated,
        }
    }

    /// The game as a record, in the format of the game's save files.
    pub fn record(&self) -> GameRecord {
        let start = *self.history.start();
        let mut record = GameRecord::of(&self.rules, start.size());
        let name = |seat: &Seat| {
            seat.name
                .clone()
                .or_else(|| seat.computer.as_ref().map(|l| format!("computer ({l})")))
                .unwrap_or_else(|| "?".into())
        };
        record.white = name(&self.seats[0]);
        record.black = name(&self.seats[1]);
        record.date = date_of(self.created_ms);
        if start != Position::start(start.size()) {
            record.start = Some(start);
        }
        record.turns = self.history.turns().to_vec();
        record.result = match self.result {
            // A record's result says who won on the board; a resignation or a
            // flag fall is told by the Termination tag.
            Some(f) if f.reason == EndReason::NoCapture => GameResult::Win(f.winner.color()),
            _ => GameResult::Unfinished,
        };
        record
            .other_tags
            .push(("Site".into(), format!("burrow online {}", self.code)));
        if let Some(clock) = &self.setup.clock {
            record
                .other_tags
                .push(("TimeControl".into(), clock.to_string()));
        }
        if let Some(f) = self.result {
            record
                .other_tags
                .push(("Termination".into(), f.text(self.rules.end())));
        }
        record
    }
}

/// `YYYY.MM.DD` of a Unix time in milliseconds (UTC).
pub fn date_of(ms: i64) -> String {
    // Days since 1970-01-01 to a civil date (proleptic Gregorian).
    let days = ms.div_euclid(86_400_000);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::protocol::{self, ClientMessage, DAY_MS, ServerMessage};

    fn table(clock: Option<ClockSetting>) -> Table {
        let registry = VariantRegistry::builtin();
        let setup = GameSetup {
            variant: "box".into(),
            size: "5x5".parse().unwrap(),
            start: None,
            clock,
            design: None,
        };
        let mut table = Table::new("ABCDEF".into(), check_setup(&registry, &setup).unwrap(), 0);
        table.seats[0].key = Some("w".into());
        table.seats[1].key = Some("b".into());
        table
    }

    fn first_turn(table: &Table) -> PlayedTurn {
        table.rules.turns(table.position()).unwrap()[0].played()
    }

    #[test]
    fn clocks_charge_the_mover_and_add_the_gain() {
        let clock = ClockSetting {
            initial_ms: 10_000,
            increment_ms: 1_000,
            per_move: false,
        };
        let mut t = table(Some(clock));
        t.start_clock_if_ready(1_000);
        let turn = first_turn(&t);
        t.play(Side::White, 0, turn, 4_000).unwrap();
        // White used 3 s and gained 1 s; Black's clock runs from 4 s.
        assert_eq!(t.clocks.unwrap().left_ms, [8_000, 10_000]);
        let view = t.clock_view(6_500).unwrap();
        assert_eq!((view.white_ms, view.black_ms), (8_000, 7_500));
        assert_eq!(view.running, Some(Side::Black));
        assert_eq!(t.deadline_ms(), Some(14_000));
        assert_eq!(t.flag(13_999), None);
        let finish = t.flag(14_000).unwrap();
        assert_eq!(
            (finish.winner, finish.reason),
            (Side::White, EndReason::Time)
        );
        // A turn after the flag is refused and changes nothing.
        let turn = first_turn(&t);
        let err = t.play(Side::Black, 1, turn, 14_001).unwrap_err();
        assert_eq!(err.kind, ErrorKind::GameOver);
        assert_eq!(t.ply(), 1);
    }

    #[test]
    fn refusals_change_nothing() {
        let mut t = table(None);
        let before = t.clone();
        let turn = first_turn(&t);
        let text = turn.to_string();
        for (side, ply, text, kind) in [
            (Side::Black, 0, text.as_str(), ErrorKind::NotYourTurn),
            (Side::White, 3, text.as_str(), ErrorKind::StaleTurn),
            (Side::White, 0, "a1xa1", ErrorKind::IllegalTurn),
            (Side::White, 0, "zz", ErrorKind::IllegalTurn),
        ] {
            let refused = read_turn(text).and_then(|turn| t.play(side, ply, turn, 0));
            assert_eq!(refused.unwrap_err().kind, kind, "{text}");
            assert_eq!(t.history, before.history);
        }
        t.seats[1].key = None;
        let err = t.play(Side::White, 0, turn.clone(), 0).unwrap_err();
        assert_eq!(err.kind, ErrorKind::NotYourTurn, "{err}");
    }

    #[test]
    fn a_resigned_game_records_its_end_in_a_tag() {
        let mut t = table(None);
        let turn = first_turn(&t);
        t.play(Side::White, 0, turn, 0).unwrap();
        t.resign(Side::Black, 0).unwrap();
        let record = t.record();
        assert_eq!(record.result, GameResult::Unfinished);
        assert!(
            record
                .other_tags
                .contains(&("Termination".into(), "White won: the loser resigned".into()))
        );
        // The record replays (its result is the board's).
        let text = record.to_string();
        let read: GameRecord = text.parse().unwrap();
        read.replay(&VariantRegistry::builtin()).unwrap();
        assert!(t.resign(Side::White, 0).is_err());
        assert!(!t.offer_rematch(Side::White).unwrap());
        assert!(t.offer_rematch(Side::Black).unwrap());
    }

    #[test]
    fn messages_round_trip_and_bad_ones_are_named() {
        let message = ClientMessage::Turn {
            code: "ABCDEF".into(),
            token: "t".into(),
            ply: 3,
            turn: "b1xa1".into(),
        };
        let text = protocol::encode(&message);
        assert!(
            text.contains(r#""v":1"#) && text.contains(r#""type":"turn""#),
            "{text}"
        );
        assert_eq!(protocol::decode::<ClientMessage>(&text).unwrap(), message);
        let pong = protocol::encode(&ServerMessage::Pong);
        assert_eq!(
            protocol::decode::<ServerMessage>(&pong).unwrap(),
            ServerMessage::Pong
        );
        let bad = |text: &str| protocol::decode::<ClientMessage>(text).unwrap_err();
        assert_eq!(bad("nope").kind, ErrorKind::BadMessage);
        assert_eq!(
            bad(r#"{"v":2,"type":"ping"}"#).kind,
            ErrorKind::UnsupportedVersion
        );
        assert!(bad(r#"{"v":1,"type":"fly"}"#).message.contains("fly"));
        assert!(bad(r#"{"v":1,"type":"join"}"#).message.contains("code"));
        assert_eq!(
            bad(&"x".repeat(protocol::MAX_MESSAGE_BYTES + 1)).kind,
            ErrorKind::TooLarge
        );
    }

    /// A table of a design plays from the design's own start, refuses a
    /// board the design is not played on, and ends under its end rule.
    #[test]
    fn a_designed_table_keeps_its_start_boards_and_end() {
        let design: Design = include_str!("../../examples/undertow.toml")
            .parse()
            .unwrap();
        let registry = VariantRegistry::builtin();
        let setup = |size: &str| GameSetup {
            variant: "undertow".into(),
            size: size.parse().unwrap(),
            start: None,
            clock: None,
            design: Some(design.code()),
        };
        let refused = check_setup(&registry, &setup("4x4")).unwrap_err();
        assert!(
            refused.message.contains("6x6 to 8x8"),
            "{}",
            refused.message
        );
        let checked = check_setup(&registry, &setup("6x6")).unwrap();
        assert_eq!(checked.start, checked.rules.start("6x6".parse().unwrap()));
        assert_ne!(checked.start, Position::start("6x6".parse().unwrap()));
        let mut t = Table::new("UNDERT".into(), checked, 0);
        t.seats[0].key = Some("w".into());
        t.seats[1].key = Some("b".into());
        let mut finish = None;
        while finish.is_none() {
            let side = t.to_move();
            let ply = t.ply();
            finish = t.play(side, ply, first_turn(&t), 0).unwrap().finish;
        }
        let finish = finish.unwrap();
        assert_eq!(finish.reason, EndReason::NoCapture);
        assert_eq!(finish.winner, t.to_move(), "the side with no capture wins");
        let record = t.record();
        assert_eq!(record.result, GameResult::Win(finish.winner.color()));
        assert!(record.start.is_some(), "the record names its start");
        let replayed = record.history(&registry).unwrap();
        assert_eq!(replayed.position(), t.position());
        let ending = record.other_tags.iter().find(|(k, _)| k == "Termination");
        assert!(
            ending.is_some_and(|(_, v)| v.contains("the last capture loses")),
            "{ending:?}"
        );
    }

    #[test]
    fn dates_are_civil() {
        assert_eq!(date_of(0), "1970.01.01");
        assert_eq!(date_of(951_782_400_000), "2000.02.29");
        assert_eq!(date_of(1_796_083_200_000), "2026.12.01");
    }

    #[test]
    fn clock_texts_read() {
        let clock = ClockSetting::parse("5+3").unwrap();
        assert_eq!((clock.initial_ms, clock.increment_ms), (300_000, 3_000));
        assert_eq!(clock.to_string(), "5+3");
        assert!(ClockSetting::parse("5").is_err());
        assert!(ClockSetting::parse("0+3").is_err());
        assert!(ClockSetting::parse("99999+0").is_err());
        let three = ClockSetting::parse("3d").unwrap();
        assert_eq!(three, ClockSetting::days_per_move(3));
        assert_eq!(three.to_string(), "3d");
        assert!(ClockSetting::parse("15d").is_err(), "two weeks at most");
        assert!(ClockSetting::parse("0d").is_err());
        let with_gain = ClockSetting {
            increment_ms: 5,
            ..three
        };
        assert!(with_gain.check().is_err());
    }

    #[test]
    fn a_correspondence_clock_is_full_again_after_every_turn() {
        let day = DAY_MS as i64;
        let mut t = table(Some(ClockSetting::days_per_move(1)));
        t.start_clock_if_ready(0);
        assert_eq!(t.deadline_ms(), Some(day));
        let turn = first_turn(&t);
        // White took 20 hours of the day; Black has a whole day from then.
        t.play(Side::White, 0, turn, day * 5 / 6).unwrap();
        assert_eq!(t.clocks.unwrap().left_ms, [DAY_MS, DAY_MS]);
        assert_eq!(t.deadline_ms(), Some(day * 5 / 6 + day));
        assert_eq!(t.flag(day * 5 / 6 + day - 1), None);
        let finish = t.flag(day * 5 / 6 + day).unwrap();
        assert_eq!(
            (finish.winner, finish.reason),
            (Side::White, EndReason::Time)
        );
    }
}
