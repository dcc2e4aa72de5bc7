//! `burrow load`: many scripted games at once through a running server,
//! each between two clients choosing random turns; it measures turns per
//! second and the time from a turn sent to its broadcast, then checks what
//! the server stored and what it still holds (`probe`). The tests run
//! the same load against their own servers. Its figures are in
//! docs/online.md.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crate::ai::Level;
use crate::bot::{BotError, seats_taken, think};
use crate::lang::printable;
use crate::online::client::{Client, Trust};
use crate::online::mirror::{Mirror, Mirrored, websocket_url};
use crate::online::protocol::{ClientMessage, ClockSetting, GameSetup, ServerMessage, SideChoice};
use crate::rules::{BoardSize, ParseRecordError, ReplayError, Side, VariantRegistry};

mod probe;

pub use probe::{
    ServerStats, check_stored, http_get, http_get_trusting, process_memory, server_idle,
    server_stats,
};

/// Why a load run failed.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// A scripted player stopped (the server refused to open or seat its
    /// game, a connection failed, a turn was refused…).
    #[error(transparent)]
    Player(#[from] BotError),
    #[error("{left} of {games} games were not over after {limit:?}")]
    NotOverInTime {
        left: usize,
        games: usize,
        limit: Duration,
    },
    #[error("a scripted game failed: {0}")]
    Task(#[source] tokio::task::JoinError),
    #[error("cannot connect to {host}: {source}")]
    Connect {
        host: String,
        source: std::io::Error,
    },
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("not an HTTP response")]
    NotHttp,
    /// An answer's head without a status (the server's text, shown with
    /// its control and invisible characters written out, as every text
    /// the server sent).
    #[error("no status in `{}`", printable(.0))]
    NoStatus(String),
    #[error("{}: the record answered {status}: {}", printable(.code), printable(.body))]
    RecordAnswered {
        code: String,
        status: u16,
        body: String,
    },
    #[error(
        "{}: the stored record does not read: {}",
        printable(.code),
        printable(&.source.to_string())
    )]
    RecordUnread {
        code: String,
        source: Box<ParseRecordError>,
    },
    #[error(
        "{}: the stored record does not replay: {}",
        printable(.code),
        printable(&.source.to_string())
    )]
    RecordReplay {
        code: String,
        source: Box<ReplayError>,
    },
    #[error("{}: the stored game is not over", printable(.0))]
    NotOver(String),
    #[error("/stats answered {status}: {}", printable(.body))]
    StatsAnswered { status: u16, body: String },
    #[error("/stats sent `{}`: {}", printable(.body), printable(&.source.to_string()))]
    StatsUnread {
        body: String,
        source: serde_json::Error,
    },
    #[error("cannot read process {pid}: {source}")]
    Process { pid: u32, source: std::io::Error },
}

/// What a load run measured.
#[derive(Clone, Debug)]
pub struct LoadReport {
    pub games: usize,
    pub turns: usize,
    pub seconds: f64,
    /// From a turn sent to its broadcast arriving back at the sender, in ms.
    pub latencies_ms: Vec<f64>,
    /// The codes of the games played, to check what was stored.
    pub codes: Vec<String>,
}

impl LoadReport {
    pub fn percentile(&self, p: f64) -> f64 {
        let mut sorted = self.latencies_ms.clone();
        sorted.sort_by(f64::total_cmp);
        if sorted.is_empty() {
            return 0.0;
        }
        let i = ((sorted.len() - 1) as f64 * p).round() as usize;
        sorted[i]
    }
}

/// What a load run plays.
#[derive(Clone, Debug)]
pub struct LoadPlan {
    pub games: usize,
    pub size: BoardSize,
    pub seed: u64,
    /// Games with a correspondence clock (3 days a turn), the first ones;
    /// the others have a live clock (10+5) when any is correspondence, no
    /// clock otherwise.
    pub correspondence: usize,
    /// A second server's WebSocket URL: Black plays through it.
    pub second: Option<String>,
    /// Whom the players trust over `wss://`.
    pub trust: Trust,
}

impl LoadPlan {
    /// `games` games on `size`, no clocks, one server.
    pub fn new(games: usize, size: BoardSize, seed: u64) -> LoadPlan {
        LoadPlan {
            games,
            size,
            seed,
            correspondence: 0,
            second: None,
            trust: Trust::roots(),
        }
    }

    /// The setup of game `i`: the variants taken in turn on the plan's
    /// board, with the plan's clock.
    fn setup(&self, registry: &VariantRegistry, ids: &[String], i: usize) -> GameSetup {
        let mut setup = GameSetup::new(registry, &ids[i % ids.len()], self.size);
        if self.correspondence > 0 {
            setup.clock = Some(if i < self.correspondence {
                ClockSetting::days_per_move(3)
            } else {
                ClockSetting {
                    initial_ms: 10 * 60_000,
                    increment_ms: 5_000,
                    per_move: false,
                }
            });
        }
        setup
    }
}

/// One side of a scripted game: plays random turns until the game ends;
/// returns its turns' latencies.
async fn scripted_player(
    registry: &VariantRegistry,
    mut client: Client,
    code: String,
    side: Side,
    token: String,
    seed: u64,
) -> Result<Vec<f64>, BotError> {
    let mut mirror: Option<Mirror> = None;
    let mut sent: HashMap<u32, Instant> = HashMap::new();
    let mut latencies = Vec::new();
    let mut seed = seed;
    loop {
        let message = client.recv_within(Duration::from_secs(60)).await?;
        match &message {
            ServerMessage::Game { game } => mirror = Some(Mirror::new(registry, (**game).clone())?),
            ServerMessage::Turn { ply, .. } => {
                if let Some(at) = sent.remove(ply) {
                    latencies.push(at.elapsed().as_secs_f64() * 1000.0);
                }
                if let Some(m) = &mut mirror
                    && m.apply(registry, &message) == Mirrored::OutOfStep
                {
                    return Err(BotError::OutOfStep(code));
                }
            }
            ServerMessage::Error { message, .. } => {
                return Err(BotError::TurnRefused {
                    code,
                    message: message.clone(),
                });
            }
            _ => {}
        }
        let Some(m) = &mirror else { continue };
        if m.is_over() {
            client.close().await;
            return Ok(latencies);
        }
        if m.to_move() == side && seats_taken(m) && !sent.contains_key(&m.ply()) {
            seed = seed.wrapping_add(0x9e37_79b9);
            let Some(turn) = think(m, Level::Random, Duration::from_millis(100), seed).await?
            else {
                continue;
            };
            sent.insert(m.ply(), Instant::now());
            client
                .send(&ClientMessage::Turn {
                    code: code.clone(),
                    token: token.clone(),
                    ply: m.ply(),
                    turn,
                })
                .await?;
        }
    }
}

/// The seat a request gave: its table's code and its token.
async fn seat_given(client: &mut Client) -> Result<(String, String), BotError> {
    client
        .wait_for(Duration::from_secs(30), |m| match m {
            ServerMessage::Seat { code, token, .. } => Some(Ok((code.clone(), token.clone()))),
            ServerMessage::Error { message, .. } => Some(Err(BotError::Refused(message.clone()))),
            _ => None,
        })
        .await?
}

/// Game `i` of a load run: White opens the table at `url`, Black joins
/// through `black_url`, and both play it out. Its code, and White's and
/// Black's latencies.
async fn scripted_game(
    registry: VariantRegistry,
    i: usize,
    setup: GameSetup,
    (url, black_url): (String, String),
    seed: u64,
    trust: Trust,
) -> Result<(String, Vec<f64>, Vec<f64>), BotError> {
    let mut first = Client::connect_trusting(&url, &trust).await?;
    first
        .send(&ClientMessage::Create {
            setup,
            side: SideChoice::White,
            name: Some(format!("load-{i}-white")),
            computer: None,
            public: false,
            rated: false,
        })
        .await?;
    let (code, token) = seat_given(&mut first).await?;
    let mut second = Client::connect_trusting(&black_url, &trust).await?;
    second
        .send(&ClientMessage::Join {
            code: code.clone(),
            name: Some(format!("load-{i}-black")),
        })
        .await?;
    let (_, black_token) = seat_given(&mut second).await?;
    let white = scripted_player(&registry, first, code.clone(), Side::White, token, seed);
    let black = scripted_player(
        &registry,
        second,
        code.clone(),
        Side::Black,
        black_token,
        seed ^ 0x5555,
    );
    let (white, black) = tokio::try_join!(white, black)?;
    Ok((code, white, black))
}

/// Plays the plan's games at once through the server at `url`, each
/// between two scripted clients choosing random turns, the variants taken
/// in turn on the plan's boards. Fails if any game does not finish within
/// `limit`.
pub async fn load_run(
    registry: &VariantRegistry,
    url: &str,
    plan: &LoadPlan,
    limit: Duration,
) -> Result<LoadReport, LoadError> {
    let ids: Vec<String> = registry.ids().iter().map(|s| s.to_string()).collect();
    let started = Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    let (games, seed) = (plan.games, plan.seed);
    for i in 0..games {
        let urls = (
            url.to_string(),
            plan.second.clone().unwrap_or_else(|| url.to_string()),
        );
        let setup = plan.setup(registry, &ids, i);
        let seed = seed.wrapping_mul(1000).wrapping_add(i as u64);
        tasks.spawn(scripted_game(
            registry.clone(),
            i,
            setup,
            urls,
            seed,
            plan.trust.clone(),
        ));
    }
    let mut report = LoadReport {
        games,
        turns: 0,
        seconds: 0.0,
        latencies_ms: Vec::new(),
        codes: Vec::new(),
    };
    let deadline = tokio::time::Instant::now() + limit;
    while !tasks.is_empty() {
        let next = tokio::time::timeout_at(deadline, tasks.join_next())
            .await
            .map_err(|_| LoadError::NotOverInTime {
                left: tasks.len(),
                games,
                limit,
            })?;
        let Some(done) = next else { break };
        let (code, white, black) = done.map_err(LoadError::Task)??;
        report.turns += white.len() + black.len();
        report.latencies_ms.extend(white);
        report.latencies_ms.extend(black);
        report.codes.push(code);
    }
    report.seconds = started.elapsed().as_secs_f64();
    Ok(report)
}

/// A load run against a running server, in the steps `burrow load`
/// prints: the games, then what the server holds after them.
pub struct LoadRun {
    /// The server's WebSocket URL.
    url: String,
    /// The server's `HOST:PORT` (`https://HOST:PORT` over TLS), for the
    /// HTTP requests.
    http: String,
    trust: Trust,
}

impl LoadRun {
    /// A run against `server` (`HOST:PORT`, `http://…` or `ws://…/ws`).
    pub fn new(server: &str, trust: Trust) -> LoadRun {
        // Two sockets a game here too: as many open files as the system
        // lets.
        let _ = crate::server::limits::connections_that_fit();
        let url = websocket_url(server);
        let http = match url.strip_prefix("wss://") {
            Some(rest) => format!("https://{}", rest.trim_end_matches("/ws")),
            None => url
                .trim_start_matches("ws://")
                .trim_end_matches("/ws")
                .to_string(),
        };
        LoadRun { url, http, trust }
    }

    /// Plays the plan's games (ten minutes at most) and checks that every
    /// one was stored, finished.
    pub fn play(
        &self,
        registry: &VariantRegistry,
        plan: &LoadPlan,
    ) -> Result<LoadReport, LoadError> {
        runtime()?.block_on(async {
            let report = load_run(registry, &self.url, plan, Duration::from_secs(600)).await?;
            check_stored(registry, &self.http, &report.codes, &self.trust).await?;
            Ok(report)
        })
    }

    /// What the server holds once it has let go of the games (waiting ten
    /// seconds at most), and after how long.
    pub fn server_after(&self) -> Result<(ServerStats, Duration), LoadError> {
        runtime()?.block_on(server_idle(
            &self.http,
            Duration::from_secs(10),
            &self.trust,
        ))
    }
}

fn runtime() -> Result<tokio::runtime::Runtime, LoadError> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| LoadError::Player(BotError::Runtime(e)))
}
