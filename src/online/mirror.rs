//! A client's copy of a table, kept from the server's messages: the bot,
//! the load run and the game's Online screen all follow a game this way.

use crate::rules::{
    History, IllegalTurn, ParseTurnError, PlayedTurn, Position, Rules, VariantRegistry,
};

use super::protocol::{GameView, ServerMessage};
use super::table::{SetupError, check_setup};
use crate::lang::printable;
use crate::rules::Side;

/// What a message did to the copy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mirrored {
    /// The whole table arrived (first view, a seat change, the result).
    Table,
    /// One more turn, in played text.
    Turn(PlayedTurn),
    /// A turn this copy already has (sent while the table was fetched).
    Nothing,
    /// A turn this copy cannot place: ask for the whole table again.
    OutOfStep,
}

/// The table as this client knows it, with the positions replayed.
#[derive(Clone, Debug)]
pub struct Mirror {
    pub view: GameView,
    pub rules: Rules,
    /// The game: the turns of `view.turns`, read once, and the positions.
    pub history: History,
}

/// Why a table the server sent does not read here. What the server sent
/// is shown with its control and invisible characters written out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MirrorError {
    /// A game or setup this side does not know.
    #[error("{}", printable(&.0.to_string()))]
    Setup(#[source] SetupError),
    #[error(
        "the server sent a turn that does not read: {}",
        printable(&.0.to_string())
    )]
    Unreadable(#[source] ParseTurnError),
    #[error("the server sent a turn the rules refuse: {0}")]
    Refused(#[source] Box<IllegalTurn>),
}

impl Mirror {
    /// Reads a table the server sent, replaying its turns.
    pub fn new(registry: &VariantRegistry, view: GameView) -> Result<Mirror, MirrorError> {
        let checked = check_setup(registry, &view.setup).map_err(MirrorError::Setup)?;
        let played = view
            .turns
            .iter()
            .map(|text| text.parse::<PlayedTurn>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(MirrorError::Unreadable)?;
        let history =
            History::replay(&checked.rules, checked.start, played).map_err(MirrorError::Refused)?;
        Ok(Mirror {
            view,
            rules: checked.rules,
            history,
        })
    }

    pub fn position(&self) -> &Position {
        self.history.position()
    }

    pub fn ply(&self) -> u32 {
        self.view.turns.len() as u32
    }

    pub fn to_move(&self) -> Side {
        self.position().turn
    }

    /// Takes a server message about this table.
    pub fn apply(&mut self, registry: &VariantRegistry, message: &ServerMessage) -> Mirrored {
        match message {
            ServerMessage::Game { game } if game.code == self.view.code => {
                match Mirror::new(registry, (**game).clone()) {
                    Ok(fresh) => {
                        *self = fresh;
                        Mirrored::Table
                    }
                    Err(_) => Mirrored::OutOfStep,
                }
            }
            ServerMessage::Turn {
                code,
                ply,
                turn,
                clock,
            } if *code == self.view.code => {
                if *ply < self.ply() {
                    return Mirrored::Nothing;
                }
                if *ply > self.ply() {
                    return Mirrored::OutOfStep;
                }
                let Ok(played) = turn.parse::<PlayedTurn>() else {
                    return Mirrored::OutOfStep;
                };
                if self.history.play(&self.rules, played.clone()).is_err() {
                    return Mirrored::OutOfStep;
                }
                self.view.turns.push(turn.clone());
                self.view.clock = *clock;
                self.view.rematch_offers.clear();
                Mirrored::Turn(played)
            }
            _ => Mirrored::Nothing,
        }
    }

    /// The game is over (on the board, on time or by resignation).
    pub fn is_over(&self) -> bool {
        self.view.result.is_some() || !self.rules.has_initial_capture(self.position())
    }
}

/// The web page a server serves (`http://host:port`), for a server given
/// as [`websocket_url`] takes it: where links to a table or a design lead.
pub fn page_url(server: &str) -> String {
    websocket_url(server)
        .trim_end_matches("/ws")
        .replacen("wss://", "https://", 1)
        .replacen("ws://", "http://", 1)
}

/// The WebSocket address of a server given as `host:port`, `http://…`,
/// `ws://…` (with or without the `/ws` path).
pub fn websocket_url(server: &str) -> String {
    let server = server.trim().trim_end_matches('/');
    let rest = server
        .strip_prefix("http://")
        .map(|r| format!("ws://{r}"))
        .or_else(|| {
            server
                .strip_prefix("https://")
                .map(|r| format!("wss://{r}"))
        })
        .unwrap_or_else(|| {
            if server.starts_with("ws://") || server.starts_with("wss://") {
                server.to_string()
            } else {
                format!("ws://{server}")
            }
        });
    if rest.ends_with("/ws") {
        rest
    } else {
        format!("{rest}/ws")
    }
}
