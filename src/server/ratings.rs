//! Ratings: Glicko-2, one rating per player and game (Box, Path, …),
//! updated when a rated game ends, each game its own rating period (as
//! the big game sites do, so a rating moves at once).
//!
//! A rated game is between two accounts, or an account and the server's
//! computer at a level; each level of each game has a rating of its own
//! (its player key is `computer:LEVEL`, which no account name can be),
//! so the levels are rated opponents whose ratings settle with play.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use crate::online::protocol::{ComputerLevel, Rating};
use crate::online::table::Seat;
use crate::rules::Side;

impl Default for Rating {
    /// A new player's rating: 1500, deviation 350, volatility 0.06.
    fn default() -> Self {
        let start = Glicko2Rating::new();
        Rating {
            rating: start.rating,
            deviation: start.deviation,
            volatility: start.volatility,
            games: 0,
        }
    }
}

impl Rating {
    /// Whether the rating is still uncertain (as chess sites mark it with
    /// a question mark).
    pub fn provisional(&self) -> bool {
        self.deviation > 110.0
    }

    fn glicko(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn after(&self, new: Glicko2Rating) -> Rating {
        Rating {
            rating: new.rating,
            deviation: new.deviation,
            volatility: new.volatility,
            games: self.games + 1,
        }
    }
}

/// The ratings of White and Black after a game `winner` won.
pub fn rate(white: Rating, black: Rating, winner: Side) -> (Rating, Rating) {
    let outcome = match winner {
        Side::White => Outcomes::WIN,
        Side::Black => Outcomes::LOSS,
    };
    let (new_white, new_black) = glicko2(
        &white.glicko(),
        &black.glicko(),
        &outcome,
        &Glicko2Config::new(),
    );
    (white.after(new_white), black.after(new_black))
}

/// The player key a computer level rates under.
pub fn computer_key(level: ComputerLevel) -> String {
    format!("computer:{}", level.name())
}

/// Who a seat is for the ratings: its account, or its computer level.
pub fn rated_player(seat: &Seat) -> Option<String> {
    seat.player
        .clone()
        .or_else(|| seat.computer.map(computer_key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_moves_both_ratings_by_the_surprise() {
        let new = Rating::default();
        let (winner, loser) = rate(new, new, Side::White);
        assert!(winner.rating > 1500.0 && loser.rating < 1500.0);
        assert!(
            (winner.rating - 1500.0 - (1500.0 - loser.rating)).abs() < 1e-6,
            "symmetric"
        );
        assert!(
            winner.deviation < 350.0 && loser.deviation < 350.0,
            "surer after a game"
        );
        assert_eq!((winner.games, loser.games), (1, 1));
        // Beating a much stronger player gains more than beating an equal.
        let strong = Rating {
            rating: 1900.0,
            deviation: 60.0,
            volatility: 0.06,
            games: 40,
        };
        let (upset, _) = rate(new, strong, Side::White);
        assert!(upset.rating - 1500.0 > winner.rating - 1500.0);
        // An established rating moves less than a new one.
        let (_, strong_after) = rate(new, strong, Side::White);
        assert!(1900.0 - strong_after.rating < 1500.0 - loser.rating);
        assert!(winner.provisional() && !strong.provisional());
    }

    #[test]
    fn computers_rate_under_their_level() {
        let seat = Seat {
            computer: Some(ComputerLevel::Hard),
            ..Seat::default()
        };
        assert_eq!(rated_player(&seat).as_deref(), Some("computer:hard"));
        assert_eq!(rated_player(&Seat::default()), None);
    }
}
