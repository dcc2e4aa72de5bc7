//! The player's place on a server beyond one table: the account (signed
//! in and remembered), the lobby, the player's running games and the
//! "your turn" news, the leaderboards and players' pages. It keeps its own
//! connection (the table's connection comes and goes with the table),
//! opened when the Online window shows or an account is remembered, and
//! reopened after a loss like the table's.
//!
//! The signed-in session is handed to the table connection too, so a
//! table opened, paired or joined while signed in is the account's.

use bevy::prelude::*;

use crate::online::protocol::{
    ClientMessage, ErrorKind, MyGame, PlayerPage, Ranked, Seek, ServerMessage,
};

use crate::game::online::errors::error_words;
use crate::game::online::link::{Link, LinkNews, LinkState};
use crate::game::online::seat::Online;
use crate::game::online::socket::Socket;
use crate::game::sets::GameSet;
use crate::game::settings::Settings;
use crate::tr;

pub(super) fn plugin(app: &mut App) {
    #[cfg(not(target_arch = "wasm32"))]
    app.add_systems(PreUpdate, follow_trust);
    app.init_resource::<Community>()
        .insert_non_send(CommunitySocket::default())
        .add_message::<CommunityIntent>()
        .add_systems(Startup, remember_account)
        .add_systems(
            Update,
            (follow_intents, receive, share_session, forget_news_on_board)
                .chain()
                .in_set(GameSet::Input),
        );
}

/// Intent: what the player asked of the community.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum CommunityIntent {
    /// Connect to `server` (if not already) and follow its lobby.
    Connect { server: String },
    /// Send this message to the server (once the connection is open). A
    /// registration or sign-in awaits its answer; the player's games are
    /// asked for only when signed in.
    Send(ClientMessage),
    /// The "your turn" news of `code` was seen.
    Seen { code: String },
    /// Ask the browser (the page) for leave to show notifications.
    AllowNotifications,
}

/// The community's state, as the panels read it.
#[derive(Resource, Default)]
pub struct Community {
    pub server: String,
    pub link: Link,
    /// The signed-in account's name.
    pub account: Option<String>,
    /// The signed-in account is a bot's.
    pub bot: bool,
    /// The signed-in account refuses rated games against bots (as the
    /// server last said).
    pub refuse_bots: bool,
    session: Option<String>,
    /// The open seeks (once the lobby answered).
    pub lobby: Option<Vec<Seek>>,
    /// The account's running games, its turn first.
    pub my_games: Vec<MyGame>,
    /// Games where it became the account's turn, not yet looked at.
    pub your_turn: Vec<String>,
    pub leaderboard: Option<(String, Vec<Ranked>)>,
    pub page: Option<PlayerPage>,
    /// The last refusal or news, for the Online window.
    pub notice: Option<String>,
    /// A sign-in (a remembered session, a password) awaits its answer.
    pub signing_in: bool,
    /// Sent once the connection opens.
    queue: Vec<ClientMessage>,
    retries: u32,
}

impl Community {
    pub fn is_signed_in(&self) -> bool {
        self.account.is_some()
    }

    fn send(&mut self, socket: &mut Socket, message: ClientMessage) {
        if self.link == Link::Open {
            socket.send(&message);
        } else {
            self.queue.push(message);
        }
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
}

/// The certificate authority the next connection trusts follows the
/// setting (or the command line's).
#[cfg(not(target_arch = "wasm32"))]
fn follow_trust(
    settings: Res<Settings>,
    flag: Res<crate::game::online::socket::CaFileFlag>,
    mut socket: NonSendMut<CommunitySocket>,
) {
    if settings.is_changed() || flag.is_changed() {
        socket.0.ca_file = flag.chosen(&settings);
    }
}

/// The community's connection (apart: the browser's socket stays on the
/// main thread).
#[derive(Default)]
struct CommunitySocket(Socket);

/// A remembered account signs in again at start (and so hears of its
/// turns without opening a window).
fn remember_account(settings: Res<Settings>, mut intents: MessageWriter<CommunityIntent>) {
    if let (Some(server), Some(_)) = (&settings.server, &settings.account) {
        intents.write(CommunityIntent::Connect {
            server: server.clone(),
        });
    }
}

fn follow_intents(
    mut intents: MessageReader<CommunityIntent>,
    mut community: ResMut<Community>,
    mut socket: NonSendMut<CommunitySocket>,
    mut settings: ResMut<Settings>,
) {
    let socket = &mut socket.0;
    for intent in intents.read() {
        match intent.clone() {
            CommunityIntent::Connect { server } => {
                if community.server == server && community.link != Link::Off {
                    continue;
                }
                socket.close();
                *community = Community {
                    server: server.clone(),
                    link: Link::Lost { retry_at: 0.0 },
                    ..Community::default()
                };
                // The account remembered for this server.
                if settings.server.as_deref() == Some(server.as_str())
                    && let Some((_, session)) = &settings.account
                {
                    community.session = Some(session.clone());
                    community.signing_in = true;
                }
                if settings.server.as_deref() != Some(server.as_str()) {
                    settings.server = Some(server);
                    settings.account = None;
                }
            }
            CommunityIntent::Send(message) => {
                match &message {
                    ClientMessage::Register { .. } | ClientMessage::SignIn { .. } => {
                        community.signing_in = true;
                    }
                    ClientMessage::MyGames {} if !community.is_signed_in() => continue,
                    _ => {}
                }
                community.send(socket, message);
            }
            CommunityIntent::Seen { code } => community.your_turn.retain(|c| *c != code),
            CommunityIntent::AllowNotifications => notifications::ask(),
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn receive(
    mut community: ResMut<Community>,
    mut socket: NonSendMut<CommunitySocket>,
    mut settings: ResMut<Settings>,
    online: Res<Online>,
    time: Res<Time<Real>>,
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
) {
    let socket = &mut socket.0;
    let now = time.elapsed_secs_f64();
    community
        .link_state()
        .retry_if_due(socket, proxy.as_deref(), now);
    for event in socket.events() {
        match community.link_state().on_event(socket, event, now) {
            Some(LinkNews::Opened) => {
                tracing::info!(
                    "connected to {} ({})",
                    community.server,
                    if community.session.is_some() {
                        "signing in"
                    } else {
                        "as a guest"
                    }
                );
                if let Some(session) = community.session.clone() {
                    socket.send(&ClientMessage::Hello { session });
                }
                socket.send(&ClientMessage::Lobby {});
                for message in std::mem::take(&mut community.queue) {
                    socket.send(&message);
                }
            }
            Some(LinkNews::Message(message)) => {
                handle(&mut community, socket, &mut settings, &online, message);
            }
            None => {}
        }
    }
}

fn handle(
    community: &mut Community,
    socket: &mut Socket,
    settings: &mut Settings,
    online: &Online,
    message: ServerMessage,
) {
    match message {
        ServerMessage::SignedIn {
            name,
            session,
            bot,
            refuse_bots,
        } => {
            tracing::info!("signed in as {name}");
            community.account = Some(name.clone());
            community.bot = bot;
            community.refuse_bots = refuse_bots;
            community.session = Some(session.clone());
            community.signing_in = false;
            community.notice = None;
            settings.server = Some(community.server.clone());
            settings.account = Some((name, session));
            socket.send(&ClientMessage::MyGames {});
        }
        ServerMessage::SignedOut => signed_out(community, settings),
        ServerMessage::Account { refuse_bots } => community.refuse_bots = refuse_bots,
        ServerMessage::Lobby { seeks } => community.lobby = Some(seeks),
        ServerMessage::MyGames { games } => community.my_games = games,
        ServerMessage::YourTurn { code } => {
            // The table on the board tells by itself (news of it that
            // comes early is dropped by `forget_news_on_board`).
            if online.code.as_ref() != Some(&code) {
                notifications::show(&tr!("online-notification-your-turn", code = code.as_str()));
            }
            if !community.your_turn.contains(&code) {
                community.your_turn.push(code);
            }
            socket.send(&ClientMessage::MyGames {});
        }
        ServerMessage::Players { game, players } => community.leaderboard = Some((game, players)),
        ServerMessage::Player { page } => community.page = Some(*page),
        ServerMessage::Error { kind, message } => {
            tracing::info!("the server refused ({kind:?}): {message}");
            if kind == ErrorKind::BadSession {
                signed_out(community, settings);
            }
            community.signing_in = false;
            community.notice = Some(error_words(kind, &message));
        }
        ServerMessage::Seat { .. }
        | ServerMessage::Game { .. }
        | ServerMessage::Turn { .. }
        | ServerMessage::Rematch { .. }
        | ServerMessage::Pong => {}
    }
}

fn signed_out(community: &mut Community, settings: &mut Settings) {
    community.signing_in = false;
    community.account = None;
    community.bot = false;
    community.refuse_bots = false;
    community.session = None;
    community.my_games.clear();
    community.your_turn.clear();
    settings.account = None;
}

/// The table connection signs in with the community's session, and waits
/// for one being signed in (unless the server cannot be reached).
fn share_session(community: Res<Community>, mut online: ResMut<Online>) {
    if !community.is_changed() {
        return;
    }
    if online.session != community.session {
        online.session = community.session.clone();
    }
    // A server that cannot be reached twice in a row ends the wait.
    let pending = community.signing_in && community.retries < 2;
    if online.session_pending != pending {
        online.session_pending = pending;
    }
}

/// News of the table on the board is no news (it may come before the
/// table's own connection has said which table that is).
fn forget_news_on_board(online: Res<Online>, mut community: ResMut<Community>) {
    if let Some(code) = &online.code
        && community.your_turn.contains(code)
    {
        // Only when it is there: a change would redraw the panels.
        community.your_turn.retain(|c| c != code);
    }
}

/// The browser's notifications (the page); the desktop game shows its
/// own banner instead.
mod notifications {
    #[cfg(target_arch = "wasm32")]
    pub(super) fn ask() {
        if let Ok(promise) = web_sys::Notification::request_permission() {
            drop(promise);
        }
    }

    #[cfg(target_arch = "wasm32")]
    pub(super) fn show(text: &str) {
        if web_sys::Notification::permission() == web_sys::NotificationPermission::Granted {
            let _ = web_sys::Notification::new(text);
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn ask() {}

    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn show(_: &str) {}
}
