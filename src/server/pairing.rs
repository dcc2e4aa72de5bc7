//! Quick pairing ("play someone now"): a player asks for a game, board and
//! clock; the server seats them at the open table of that kind whose
//! player's rating is nearest (rated tables for signed-in players, unrated
//! ones for guests), or opens one in the lobby; a player who asked for it
//! gets the server's computer, at the level whose rating is nearest
//! theirs, when nobody came in time.
//!
//! The open tables are the lobby's, in the database, so two server
//! processes on one PostgreSQL pair their players with each other.

use std::sync::Arc;
use std::time::Duration;

use crate::online::protocol::{ClockSetting, ComputerLevel, Rating, Seek};
use crate::rules::BoardSize;

use super::tables::{Hub, LiveTable};

/// How far apart two ratings may be and still be paired (about two
/// deviations of a settled rating).
pub(super) const RATING_WINDOW: f64 = 400.0;

/// What a player asks for.
pub(super) struct Wanted<'a> {
    pub variant: &'a str,
    pub size: BoardSize,
    pub clock: Option<ClockSetting>,
    /// Signed in: rated tables, and the player's name (never paired with
    /// their own table) and rating in this game.
    pub player: Option<(&'a str, f64)>,
    /// The account refuses rated games against bots: no bot's table.
    pub refuses_bots: bool,
}

/// The open tables to take, best first: the same game, board and clock,
/// rated for a signed-in player and unrated for a guest, not a design,
/// not the player's own, not a bot's for an account that refuses bots,
/// within [`RATING_WINDOW`], the nearest rating first. (Whether the
/// waiting account refuses bots is its own setting, not shown in the
/// lobby: a bot is refused at the seat and tries the next table.)
pub(super) fn choose<'s>(seeks: &'s [Seek], wanted: &Wanted) -> Vec<&'s Seek> {
    let default = Rating::default().rating;
    let mut fitting: Vec<(&Seek, f64)> = seeks
        .iter()
        .filter(|seek| {
            seek.variant == wanted.variant
                && seek.size == wanted.size
                && seek.clock == wanted.clock
                && !seek.design
                && seek.rated == wanted.player.is_some()
                && !(wanted.refuses_bots && seek.rated && seek.bot)
        })
        .filter_map(|seek| match wanted.player {
            None => Some((seek, 0.0)),
            Some((name, rating)) => {
                let gap = (seek.rating.unwrap_or(default) - rating).abs();
                (!(seek.account && seek.name == name) && gap <= RATING_WINDOW)
                    .then_some((seek, gap))
            }
        })
        .collect();
    fitting.sort_by(|a, b| a.1.total_cmp(&b.1));
    fitting.into_iter().map(|(seek, _)| seek).collect()
}

/// Ratings a level starts from before it has played rated games, so a new
/// server still offers a new player a fair computer.
fn prior(level: ComputerLevel) -> f64 {
    match level {
        ComputerLevel::Random => 700.0,
        ComputerLevel::Greedy => 1000.0,
        ComputerLevel::Easy => 1300.0,
        ComputerLevel::Medium => 1500.0,
        ComputerLevel::Hard => 1750.0,
        ComputerLevel::Strongest => 2000.0,
    }
}

/// The level whose rating in `variant` (its own once it has rated games,
/// the prior before) is nearest `rating`.
pub(super) async fn level_near(hub: &Hub, variant: &str, rating: f64) -> ComputerLevel {
    let mut best = (ComputerLevel::Medium, f64::INFINITY);
    for level in ComputerLevel::ALL {
        let own = hub
            .store
            .rating(&format!("computer:{}", level.name()), variant)
            .await
            .ok()
            .flatten()
            .filter(|r| r.games > 0)
            .map_or(prior(level), |r| r.rating);
        let gap = (own - rating).abs();
        if gap < best.1 {
            best = (level, gap);
        }
    }
    best.0
}

/// After `wait`, seats the server's computer at `level` at `live` if its
/// free seat is still free, the game not over and its player still
/// connected.
pub(super) fn computer_after(
    hub: Arc<Hub>,
    live: Arc<LiveTable>,
    wait: Duration,
    level: ComputerLevel,
) {
    tokio::spawn(async move {
        tokio::time::sleep(wait).await;
        let present = live.connected();
        let seated = hub
            .change(&live, |table, now| {
                let waiting = table.seats.iter().position(|s| s.key.is_some());
                let free = table
                    .seats
                    .iter()
                    .position(|s| s.key.is_none() && s.computer.is_none());
                match (waiting, free) {
                    (Some(waiting), Some(free)) if table.result.is_none() && present[waiting] => {
                        table.seats[free].computer = Some(level);
                        table.start_clock_if_ready(now);
                        Ok(())
                    }
                    _ => Err(crate::online::table::Refused::new(
                        crate::online::protocol::ErrorKind::TableFull,
                        "taken meanwhile",
                    )),
                }
            })
            .await;
        if seated.is_ok() {
            hub.announce_lobby().await;
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Side;

    fn seek(code: &str, name: &str, rated: bool, rating: Option<f64>) -> Seek {
        Seek {
            code: code.into(),
            variant: "box".into(),
            size: BoardSize::new(6, 6).unwrap(),
            clock: None,
            rated,
            design: false,
            name: name.into(),
            account: rated,
            bot: false,
            side: Side::Black,
            rating,
        }
    }

    #[test]
    fn the_nearest_rating_within_the_window_and_never_ones_own() {
        let seeks = [
            seek("AAAAAA", "Ada", true, Some(1900.0)),
            seek("BBBBBB", "Bo", true, Some(1620.0)),
            seek("CCCCCC", "Cy", true, Some(1450.0)),
            seek("DDDDDD", "Me", true, Some(1500.0)),
            seek("EEEEEE", "guest", false, None),
        ];
        let mut wanted = Wanted {
            variant: "box",
            size: BoardSize::new(6, 6).unwrap(),
            clock: None,
            player: Some(("Me", 1510.0)),
            refuses_bots: false,
        };
        let first = |wanted: &Wanted| choose(&seeks, wanted).first().map(|s| s.code.clone());
        assert_eq!(first(&wanted).as_deref(), Some("CCCCCC"));
        // Nearest first, within the window, never one's own.
        let codes: Vec<&str> = choose(&seeks, &wanted).iter().map(|s| &*s.code).collect();
        assert_eq!(codes, ["CCCCCC", "BBBBBB", "AAAAAA"]);
        wanted.player = Some(("Me", 2000.0));
        assert_eq!(first(&wanted).as_deref(), Some("AAAAAA"));
        // Nobody within the window of a very high rating.
        wanted.player = Some(("Me", 2400.0));
        assert_eq!(first(&wanted), None);
        // A guest takes only unrated tables.
        wanted.player = None;
        assert_eq!(first(&wanted).as_deref(), Some("EEEEEE"));
        // Another board or clock is not a match.
        wanted.size = BoardSize::new(8, 8).unwrap();
        assert_eq!(first(&wanted), None);
    }

    #[test]
    fn an_account_that_refuses_bots_is_not_offered_a_bots_table() {
        let mut bots = seek("AAAAAA", "Pybot", true, Some(1500.0));
        bots.bot = true;
        let seeks = [bots, seek("BBBBBB", "Bo", true, Some(1700.0))];
        let mut wanted = Wanted {
            variant: "box",
            size: BoardSize::new(6, 6).unwrap(),
            clock: None,
            player: Some(("Me", 1500.0)),
            refuses_bots: false,
        };
        let codes = |wanted: &Wanted| -> Vec<String> {
            choose(&seeks, wanted)
                .iter()
                .map(|s| s.code.clone())
                .collect()
        };
        assert_eq!(codes(&wanted), ["AAAAAA", "BBBBBB"]);
        wanted.refuses_bots = true;
        assert_eq!(codes(&wanted), ["BBBBBB"]);
    }

    #[test]
    fn priors_rise_with_the_level() {
        let priors: Vec<f64> = ComputerLevel::ALL.iter().map(|&l| prior(l)).collect();
        assert!(priors.windows(2).all(|w| w[0] < w[1]), "{priors:?}");
    }
}
