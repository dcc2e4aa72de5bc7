//! One online game as the server judges it: the setup, every turn checked
//! by the engine, the clocks and the result. Plain Rust with time passed in
//! (milliseconds since the Unix epoch), so it is tested without a server.

use crate::rules::{GameRecord, GameResult, History, PlayedTurn, Position, Rules, Side};

use super::protocol::{
    ClockSetting, ClockView, ComputerLevel, EndReason, ErrorKind, Finish, GameSetup, GameView,
    SeatView,
};

mod setup;

pub use setup::{CheckedSetup, DesignRefused, SetupError, check_setup, read_turn};

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
    pub computer: Option<ComputerLevel>,
    /// The seat's account is a bot account.
    pub bot: bool,
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
        self.position().turn
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
            winner: side.opponent(),
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
            winner: self.rules.winner_when_stuck(self.position()),
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
            winner: side.opponent(),
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
        let computer_other = self.seats[side.opponent().index()].computer.is_some();
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
            bot: self.seats[i].bot,
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
            Some(f) if f.reason == EndReason::NoCapture => GameResult::Win(f.winner),
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
mod tests;
