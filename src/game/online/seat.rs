//! Online play in the game: the Online window's requests become messages to
//! a Burrow server (its socket: [`super::socket`]), and
//! the server's table is mirrored onto the board.
//!
//! The board stays the one authority on screen: the opponent's turns are
//! played capture by capture through the same intents (and animations) as a
//! computer's, the player's own finished turn is sent to the server, and
//! whenever the board and the server's table disagree (a refused turn, a
//! reconnection, a turn missed) the board is rebuilt from the table.

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::online::mirror::{Mirror, Mirrored, page_url};
use crate::online::protocol::{
    self, ClientMessage, ComputerLevel, EndReason, ErrorKind, GameSetup, ServerMessage, SideChoice,
};
use crate::rules::{GameRecord, GameResult, Position, Side};
use crate::tr;

use crate::game::online::errors::error_words;
use crate::game::online::link::{Link, LinkNews, LinkState};
#[cfg(not(target_arch = "wasm32"))]
use crate::game::online::socket::CaFileFlag;
use crate::game::online::socket::Socket;
use crate::game::play::{Game, GameIntent, GameMode, Player, Refusal, Refused, Variants};
use crate::game::play::{PlannedTurn, PlaysPlannedTurn};
use crate::game::screens::Phase;
use crate::game::sets::GameSet;

pub(super) fn plugin(app: &mut App) {
    // The page's connections are the browser's, which does its own TLS.
    #[cfg(not(target_arch = "wasm32"))]
    app.init_resource::<CaFileFlag>()
        .add_systems(PreUpdate, follow_trust);
    app.init_resource::<Online>()
        .insert_non_send(Socket::default())
        .add_message::<OnlineIntent>()
        .add_systems(
            Update,
            (
                follow_intents,
                receive,
                play_opponent_turns.run_if(not(in_state(Phase::Animating))),
            )
                .chain()
                .in_set(GameSet::Input)
                .before(PlaysPlannedTurn),
        )
        .add_systems(
            Update,
            (send_own_turn, leave_when_replaced, keep_frames_coming)
                .chain()
                .in_set(GameSet::Sync),
        );
}

/// Intent: what the player asked of online play.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum OnlineIntent {
    /// Open a table; `computer` seats the server's computer opposite.
    Create {
        server: String,
        setup: GameSetup,
        side: SideChoice,
        name: String,
        computer: Option<crate::ai::Level>,
        /// Listed in the lobby (a seek) rather than kept for a friend.
        public: bool,
        rated: bool,
    },
    /// Play someone now (see the protocol's `pair`).
    Pair {
        server: String,
        variant: String,
        size: crate::rules::BoardSize,
        clock: Option<protocol::ClockSetting>,
        bot_after_s: Option<u32>,
    },
    /// Take back the signed-in account's seat at `code` (from any device).
    Resume {
        server: String,
        code: String,
    },
    Join {
        server: String,
        code: String,
        name: String,
    },
    Watch {
        server: String,
        code: String,
    },
    Resign,
    Rematch,
    /// Close the connection and forget the table.
    Leave,
}

/// Online play's state: the connection, the seat and the table.
#[derive(Resource)]
pub struct Online {
    /// The server, as typed (`host:port`, `http://…`, `ws://…`).
    pub server: String,
    pub name: String,
    pub link: Link,
    /// The table as the server last described it.
    pub table: Option<Mirror>,
    pub code: Option<String>,
    /// This player's side and the token that holds it (none: watching).
    pub seat: Option<(Side, String)>,
    /// The server's last word on something this player did.
    pub notice: Option<String>,
    /// The signed-in account's session (from the community connection):
    /// sent first on every table connection.
    pub session: Option<String>,
    /// A sign-in is under way: a new connection waits for its session.
    pub session_pending: bool,
    /// The greeting went on the current connection.
    greeted: bool,
    /// When the clocks in `table` were read (seconds of real time).
    pub clock_read_at: f64,
    /// The first request, sent once the connection opens.
    opening: Option<ClientMessage>,
    /// The table the board shows.
    shown: Option<String>,
    /// The ply of the last own turn sent on this connection.
    sent: Option<usize>,
    /// The server described the table on this connection: until it has,
    /// no turn is sent (the table may already hold it).
    described: bool,
    /// Connections opened so far (the first, then each reconnection).
    pub links: u32,
    retries: u32,
}

impl Default for Online {
    fn default() -> Online {
        Online {
            server: default_server(),
            name: "guest".into(),
            link: Link::Off,
            table: None,
            code: None,
            seat: None,
            notice: None,
            session: None,
            session_pending: false,
            greeted: false,
            clock_read_at: 0.0,
            opening: None,
            shown: None,
            sent: None,
            described: false,
            links: 0,
            retries: 0,
        }
    }
}

/// The desktop's server until the player types another; the page's own
/// server (the one that served it) on the web.
fn default_server() -> String {
    #[cfg(target_arch = "wasm32")]
    if let Some(location) = web_sys::window().map(|w| w.location()) {
        let secure = location.protocol().is_ok_and(|p| p == "https:");
        if let Ok(host) = location.host() {
            return format!("{}://{host}", if secure { "wss" } else { "ws" });
        }
    }
    "127.0.0.1:8080".into()
}

impl Online {
    /// Whether a table is open (or being opened).
    pub fn is_active(&self) -> bool {
        self.link != Link::Off
    }

    /// The link a friend opens to join (the web page at the server).
    pub fn invitation(&self) -> Option<String> {
        let code = self.code.as_ref()?;
        Some(format!("{}/?join={code}", self.page_address()))
    }

    /// The web page the server serves (`http://host:port`): where links to
    /// a table or a design lead.
    pub fn page_address(&self) -> String {
        page_url(&self.server)
    }

    /// This player's side, if seated.
    pub fn side(&self) -> Option<Side> {
        self.seat.as_ref().map(|(side, _)| *side)
    }

    /// Milliseconds left on each clock now, and which one runs.
    pub fn clocks(&self, now: f64) -> Option<([u64; 2], Option<Side>)> {
        let clock = self.table.as_ref()?.view.clock?;
        let mut left = [clock.white_ms, clock.black_ms];
        if let Some(side) = clock.running {
            let since = ((now - self.clock_read_at).max(0.0) * 1000.0) as u64;
            left[side.index()] = left[side.index()].saturating_sub(since);
        }
        Some((left, clock.running))
    }

    /// The parts of this state its connection's life changes.
    fn link_state(&mut self) -> LinkState<'_> {
        LinkState {
            link: &mut self.link,
            retries: &mut self.retries,
            notice: &mut self.notice,
            server: &self.server,
        }
    }

    fn leave(&mut self, socket: &mut Socket) {
        socket.close();
        let server = std::mem::take(&mut self.server);
        let name = std::mem::take(&mut self.name);
        let session = self.session.take();
        *self = Online {
            server,
            name,
            session,
            session_pending: self.session_pending,
            ..Online::default()
        };
    }

    /// What to send first on a (new) connection: the account's session
    /// (a seat taken or taken back is the account's), then take the seat
    /// back, follow the table again, or the player's request.
    fn greeting(&mut self) -> Vec<ClientMessage> {
        let hello = self
            .session
            .clone()
            .map(|session| ClientMessage::Hello { session });
        hello.into_iter().chain(self.table_greeting()).collect()
    }

    fn table_greeting(&mut self) -> Option<ClientMessage> {
        match (&self.code, &self.seat) {
            (Some(code), Some((_, token))) => Some(ClientMessage::Resume {
                code: code.clone(),
                token: token.clone(),
            }),
            (Some(code), None) if self.opening.is_none() => {
                Some(ClientMessage::Watch { code: code.clone() })
            }
            _ => self.opening.clone(),
        }
    }
}

fn follow_intents(
    mut intents: MessageReader<OnlineIntent>,
    mut online: ResMut<Online>,
    variants: Res<Variants>,
    mut socket: NonSendMut<Socket>,
) {
    for intent in intents.read() {
        match intent.clone() {
            OnlineIntent::Create {
                server,
                mut setup,
                side,
                name,
                computer,
                public,
                rated,
            } => {
                if setup.design.is_none() {
                    // A designed game goes to the server with its rules.
                    setup.design = GameSetup::new(&variants.0, &setup.variant, setup.size).design;
                }
                online.leave(&mut socket);
                online.server = server;
                online.name = name.clone();
                online.opening = Some(ClientMessage::Create {
                    setup,
                    side,
                    name: Some(name),
                    computer: computer.map(ComputerLevel::from),
                    public,
                    rated,
                });
                online.link = Link::Lost { retry_at: 0.0 };
            }
            OnlineIntent::Pair {
                server,
                variant,
                size,
                clock,
                bot_after_s,
            } => {
                online.leave(&mut socket);
                online.server = server;
                online.opening = Some(ClientMessage::Pair {
                    variant,
                    size,
                    clock,
                    bot_after_s,
                });
                online.link = Link::Lost { retry_at: 0.0 };
            }
            OnlineIntent::Resume { server, code } => {
                online.leave(&mut socket);
                online.server = server;
                online.opening = Some(ClientMessage::Resume {
                    code,
                    token: String::new(),
                });
                online.link = Link::Lost { retry_at: 0.0 };
            }
            OnlineIntent::Join { server, code, name } => {
                online.leave(&mut socket);
                online.server = server;
                online.name = name.clone();
                online.opening = Some(ClientMessage::Join {
                    code: code.trim().to_ascii_uppercase(),
                    name: Some(name),
                });
                online.link = Link::Lost { retry_at: 0.0 };
            }
            OnlineIntent::Watch { server, code } => {
                online.leave(&mut socket);
                online.server = server;
                online.opening = Some(ClientMessage::Watch {
                    code: code.trim().to_ascii_uppercase(),
                });
                online.link = Link::Lost { retry_at: 0.0 };
            }
            OnlineIntent::Resign | OnlineIntent::Rematch => {
                if let (Some(code), Some((_, token))) = (online.code.clone(), online.seat.clone()) {
                    let message = if *intent == OnlineIntent::Resign {
                        ClientMessage::Resign { code, token }
                    } else {
                        ClientMessage::Rematch { code, token }
                    };
                    socket.send(&message);
                }
            }
            OnlineIntent::Leave => online.leave(&mut socket),
        }
    }
}

/// Reads what the server sent, reconnects when the link is lost, and keeps
/// the board on the server's table.
fn receive(
    mut online: ResMut<Online>,
    game: Res<Game>,
    variants: Res<Variants>,
    time: Res<Time<Real>>,
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
    mut socket: NonSendMut<Socket>,
    mut intents: MessageWriter<GameIntent>,
    mut refused: MessageWriter<Refused>,
) {
    let now = time.elapsed_secs_f64();
    online
        .link_state()
        .retry_if_due(&mut socket, proxy.as_deref(), now);
    for event in socket.events() {
        match online.link_state().on_event(&mut socket, event, now) {
            Some(LinkNews::Opened) => {
                online.links += 1;
                online.greeted = false;
                // A turn sent on the old connection may have gone down with
                // it: once the server describes the table again, a turn it
                // does not have is sent again.
                online.sent = None;
                online.described = false;
                // "Connection lost" is over.
                online.notice = None;
            }
            Some(LinkNews::Message(message)) => handle(
                &mut online,
                &mut socket,
                &variants,
                message,
                now,
                &mut refused,
            ),
            None => {}
        }
    }
    // The first words on a new connection, once a sign-in under way is
    // over (so the table is the account's).
    if online.link == Link::Open && !online.greeted && !online.session_pending {
        online.greeted = true;
        for hello in online.greeting() {
            socket.send(&hello);
        }
    }
    reconcile(&mut online, &game, &mut intents);
}

/// The certificate authority the next connection trusts follows the
/// setting (or the command line's).
#[cfg(not(target_arch = "wasm32"))]
fn follow_trust(
    settings: Res<crate::game::settings::Settings>,
    flag: Res<CaFileFlag>,
    mut socket: NonSendMut<Socket>,
) {
    if settings.is_changed() || flag.is_changed() {
        socket.ca_file = flag.chosen(&settings);
    }
}

fn handle(
    online: &mut Online,
    socket: &mut Socket,
    variants: &Variants,
    message: ServerMessage,
    now: f64,
    refused: &mut MessageWriter<Refused>,
) {
    match message {
        ServerMessage::Seat { code, side, token } => {
            online.opening = None;
            online.code = Some(code);
            online.seat = Some((side, token));
        }
        ServerMessage::Game { game } => {
            if online.code.is_none() {
                // A watcher learns the code from the table.
                online.opening = None;
                online.code = Some(game.code.clone());
            }
            if online.code.as_ref() != Some(&game.code) {
                return;
            }
            match Mirror::new(&variants.0, *game) {
                Ok(table) => {
                    online.table = Some(table);
                    online.described = true;
                    online.clock_read_at = now;
                }
                Err(e) => {
                    online.notice = Some(tr!("online-cannot-show-table", why = e.to_string()))
                }
            }
        }
        ServerMessage::Turn { .. } => {
            let Some(table) = &mut online.table else {
                return;
            };
            if table.apply(&variants.0, &message) == Mirrored::OutOfStep
                && let Some(hello) = online.table_greeting()
            {
                socket.send(&hello);
            }
            online.clock_read_at = now;
        }
        ServerMessage::Rematch { code, new_code } => {
            if online.code.as_ref() == Some(&code) {
                online.code = Some(new_code);
                online.table = None;
                online.shown = None;
                for hello in online.greeting() {
                    socket.send(&hello);
                }
            }
        }
        ServerMessage::Error { kind, message } => {
            tracing::info!("the server refused ({kind:?}): {message}");
            if kind == ErrorKind::BadSession {
                // The session is over: the community connection says so;
                // the table is played as a guest.
                online.session = None;
                return;
            }
            if online.table.is_none() && online.opening.is_some() {
                // The request itself was refused (unknown code, full table…).
                online.leave(socket);
            }
            if matches!(
                kind,
                ErrorKind::IllegalTurn
                    | ErrorKind::StaleTurn
                    | ErrorKind::NotYourTurn
                    | ErrorKind::GameOver
            ) {
                // The board got ahead of the table: rebuild it.
                online.shown = None;
            }
            let words = error_words(kind, &message);
            online.notice = Some(words.clone());
            refused.write(Refused(Refusal::Online(words)));
        }
        // The account's messages are the community connection's.
        ServerMessage::Pong
        | ServerMessage::SignedIn { .. }
        | ServerMessage::SignedOut
        | ServerMessage::Account { .. }
        | ServerMessage::Lobby { .. }
        | ServerMessage::MyGames { .. }
        | ServerMessage::YourTurn { .. }
        | ServerMessage::Players { .. }
        | ServerMessage::Player { .. } => {}
    }
}

fn is_prefix<T: PartialEq>(short: &[T], long: &[T]) -> bool {
    short.len() <= long.len() && long[..short.len()] == *short
}

/// Rebuilds the board from the table when it shows another game, or turns
/// the table does not have.
fn reconcile(online: &mut Online, game: &Game, intents: &mut MessageWriter<GameIntent>) {
    let Some(table) = &online.table else { return };
    let ours = game.played();
    let server = table.history.turns();
    let own_turn_waiting = ours.len() == server.len() + 1
        && is_prefix(server, ours)
        && online.side() == Some(game.positions()[server.len()].turn);
    let in_step = is_prefix(ours, server) || own_turn_waiting;
    // Who may move on this board: the seat's side, until the server ends
    // the game off the board (on time or by resignation).
    let off_board = table
        .view
        .result
        .is_some_and(|f| f.reason != EndReason::NoCapture);
    let me = online.side().filter(|_| !off_board);
    let player = |side: Side| {
        if me == Some(side) {
            Player::Human
        } else {
            Player::Remote
        }
    };
    let players_right =
        game.setup().white == player(Side::White) && game.setup().black == player(Side::Black);
    if online.shown.as_ref() == Some(&table.view.code) && in_step && players_right {
        return;
    }
    let start = *table.history.start();
    let size = start.size();
    let mut record = GameRecord::of(&table.rules, size);
    record.start = (start != Position::start(size)).then_some(start);
    record.turns = table.history.turns().to_vec();
    record.result = if table.rules.has_initial_capture(table.position()) {
        GameResult::Unfinished
    } else {
        GameResult::Win(table.rules.winner_when_stuck(table.position()))
    };
    intents.write(GameIntent::Load {
        record,
        white: player(Side::White),
        black: player(Side::Black),
        mode: GameMode::Online(table.view.code.clone()),
    });
    online.shown = Some(table.view.code.clone());
    online.sent = None;
}

/// The opponent's turns the board does not show yet, handed to the
/// [`PlannedTurn`] one at a time.
fn play_opponent_turns(online: Res<Online>, game: Res<Game>, mut planned: ResMut<PlannedTurn>) {
    let Some(table) = &online.table else { return };
    if online.shown.as_ref() != Some(&table.view.code) || !planned.is_idle() {
        return;
    }
    let ply = game.played().len();
    if game.turn().is_some() || !is_prefix(game.played(), table.history.turns()) {
        return;
    }
    if let Some(turn) = table.history.turns().get(ply) {
        planned.play(turn);
    }
}

/// The player's own finished turn goes to the server, once on each
/// connection: a turn played while the connection was down (or lost with
/// it) goes when the server has described the table again without it.
fn send_own_turn(mut online: ResMut<Online>, mut socket: NonSendMut<Socket>, game: Res<Game>) {
    if online.link != Link::Open || !online.described {
        return;
    }
    let (Some(table), Some((side, token)), Some(code)) =
        (&online.table, online.seat.clone(), online.code.clone())
    else {
        return;
    };
    let ply = table.view.turns.len();
    if game.played().len() != ply + 1
        || game.positions()[ply].turn != side
        || online.sent == Some(ply)
        || online.shown.as_ref() != Some(&code)
    {
        return;
    }
    if game.played()[..ply] != *table.history.turns() {
        return;
    }
    let turn = game.played()[ply].to_string();
    online.sent = Some(ply);
    socket.send(&ClientMessage::Turn {
        code,
        token,
        ply: ply as u32,
        turn,
    });
}

/// A new local game, a loaded record or a puzzle replaced the online game:
/// leave the table.
fn leave_when_replaced(
    mut online: ResMut<Online>,
    mut socket: NonSendMut<Socket>,
    game: Res<Game>,
) {
    let on_board =
        matches!(game.mode(), GameMode::Online(code) if online.shown.as_ref() == Some(code));
    if online.shown.is_some() && !on_board {
        online.leave(&mut socket);
    }
}

/// Frames while a clock runs (its time is shown) or a reconnection waits.
fn keep_frames_coming(online: Res<Online>, mut redraw: MessageWriter<RequestRedraw>) {
    let clock_running = online
        .table
        .as_ref()
        .and_then(|t| t.view.clock)
        .is_some_and(|c| c.running.is_some());
    if clock_running || matches!(online.link, Link::Lost { .. } | Link::Connecting) {
        redraw.write(RequestRedraw);
    }
}
