//! `burrow serve`, `burrow bot` and `burrow load`: the server, a computer
//! player that takes a seat at a server's table, and a load run of many
//! scripted games at once (its figures are in docs/online.md).

use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::ai::{self, Level};
use crate::online::client::Client;
use crate::online::mirror::{Mirror, Mirrored, websocket_url};
use crate::online::protocol::{
    ClientMessage, ClockSetting, GameSetup, ServerMessage, Side, SideChoice,
};
use crate::rules::{BoardSize, GameRecord, VariantRegistry};

use super::args::{CliError, think_ms};

/// Run a server for online play (HTTP and WebSocket; see docs/online.md).
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on (port 0: any free port, printed at start).
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: std::net::SocketAddr,
    /// Where the games are kept: sqlite://FILE?mode=rwc or postgres://…
    #[arg(long, default_value = crate::server::DEFAULT_DATABASE)]
    database: String,
    /// Serve this folder (the web build, dist/web) at /.
    #[arg(long)]
    site: Option<std::path::PathBuf>,
    /// Think time per turn of the server's computer, in milliseconds
    /// (100 to 10000).
    #[arg(long = "think-ms", default_value = "1000", value_parser = think_ms)]
    think: Duration,
    /// Time a connection has to send its request, in milliseconds.
    #[arg(long = "handshake-timeout-ms", default_value = "10000", value_parser = timeout_ms)]
    handshake: Duration,
    /// Time a WebSocket may stay silent before it is closed, in
    /// milliseconds (the server pings it every third of that).
    #[arg(long = "idle-timeout-ms", default_value = "60000", value_parser = timeout_ms)]
    idle: Duration,
    /// Connections one IP address may hold open (0: no limit, for a server
    /// behind a reverse proxy, which should limit them itself).
    #[arg(long = "max-connections-per-address", default_value = "256")]
    per_address: usize,
    /// Connections the server holds open in all (default: what its
    /// open-file limit allows).
    #[arg(long = "max-connections")]
    total: Option<usize>,
}

/// A deadline in milliseconds: 100 ms to a day.
fn timeout_ms(text: &str) -> Result<Duration, String> {
    let ms: u64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a whole number of milliseconds"))?;
    if !(100..=86_400_000).contains(&ms) {
        return Err(format!("{ms} ms is not between 100 ms and a day"));
    }
    Ok(Duration::from_millis(ms))
}

/// The server's and the bot's log lines on the terminal (stderr), from
/// `info` up unless `RUST_LOG` says otherwise.
fn log_to_terminal() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

impl ServeArgs {
    pub fn run(self, registry: &VariantRegistry) -> Result<(), CliError> {
        log_to_terminal();
        let options = crate::server::ServeOptions {
            listen: self.listen,
            database: self.database,
            site: self.site,
            think: self.think,
            limits: crate::server::ConnectionLimits {
                handshake: self.handshake,
                idle: self.idle,
                per_address: self.per_address,
                total: self.total.map(|total| total.max(1)),
            },
        };
        Ok(crate::server::serve(registry.clone(), options)?)
    }
}

/// Sit a computer level at a server's table and play it to the end.
#[derive(clap::Args, Debug)]
pub struct BotArgs {
    /// The server: host:port, http://host:port or ws://host:port/ws.
    #[arg(long)]
    server: String,
    /// The table's code.
    #[arg(long)]
    join: String,
    #[arg(long, default_value = "hard")]
    level: Level,
    #[arg(long, default_value = "bot")]
    name: String,
    /// Think time per turn, in milliseconds (100 to 10000).
    #[arg(long = "think-ms", default_value = "1000", value_parser = think_ms)]
    think: Duration,
}

impl BotArgs {
    pub fn run(self, registry: &VariantRegistry, out: &mut impl Write) -> Result<(), CliError> {
        log_to_terminal();
        let (server, join, name) = (&self.server, &self.join, &self.name);
        bot(registry, server, join, self.level, name, self.think, out)
    }
}

/// Play many scripted games at once through a server and report turns
/// per second and the time from a turn sent to its broadcast.
#[derive(clap::Args, Debug)]
pub struct LoadArgs {
    #[arg(long)]
    server: String,
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Board of every game.
    #[arg(long, default_value = "6x6")]
    size: BoardSize,
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The server's process id, to report its memory.
    #[arg(long)]
    server_pid: Option<u32>,
    /// How many of the games are correspondence games (3 days a turn);
    /// the others have a live clock of 10+5.
    #[arg(long, default_value_t = 0)]
    correspondence: usize,
    /// A second server process on the same database: every game's Black
    /// plays through it (White through --server).
    #[arg(long, value_name = "HOST:PORT")]
    second_server: Option<String>,
}

impl LoadArgs {
    pub fn run(self, registry: &VariantRegistry, out: &mut impl Write) -> Result<(), CliError> {
        let plan = LoadPlan {
            games: self.games,
            size: self.size,
            seed: self.seed,
            correspondence: self.correspondence,
            second: self.second_server.as_deref().map(websocket_url),
        };
        load(registry, &self.server, &plan, self.server_pid, out)
    }
}

fn runtime() -> Result<tokio::runtime::Runtime, CliError> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}").into())
}

/// Both seats are taken, so the game is on.
fn seats_taken(mirror: &Mirror) -> bool {
    let taken = |s: &crate::online::protocol::SeatView| s.name.is_some() || s.computer.is_some();
    taken(&mirror.view.white) && taken(&mirror.view.black)
}

/// Chooses a turn off the async threads.
async fn think(
    mirror: &Mirror,
    level: Level,
    think: Duration,
    seed: u64,
) -> Result<Option<String>, CliError> {
    let rules = mirror.rules.clone();
    let position = *mirror.position();
    tokio::task::spawn_blocking(move || {
        ai::choose(
            &rules,
            &position,
            level,
            think,
            seed,
            &AtomicBool::new(false),
        )
    })
    .await
    .map_err(|e| format!("the computer's search stopped: {e}"))?
    .map(|d| d.map(|d| d.turn.played().to_string()))
    .map_err(CliError::from)
}

/// `burrow bot`: joins table `code` and plays it at `level` until it ends;
/// a lost connection is resumed with the seat's token.
pub fn bot(
    registry: &VariantRegistry,
    server: &str,
    code: &str,
    level: Level,
    name: &str,
    think_time: Duration,
    out: &mut impl Write,
) -> Result<(), CliError> {
    let url = websocket_url(server);
    let result = runtime()?.block_on(async {
        let mut client = Client::connect(&url).await?;
        client
            .send(&ClientMessage::Join {
                code: code.to_string(),
                name: Some(name.to_string()),
            })
            .await?;
        let (code, side, token) = client
            .wait_for(Duration::from_secs(30), |m| match m {
                ServerMessage::Seat { code, side, token } => {
                    Some(Ok((code.clone(), *side, token.clone())))
                }
                ServerMessage::Error { message, .. } => Some(Err(message.clone())),
                _ => None,
            })
            .await??;
        let mut mirror: Option<Mirror> = None;
        let mut seed = rand::random::<u64>();
        loop {
            if let Some(m) = &mirror {
                if let Some(finish) = m.view.result {
                    return Ok::<String, CliError>(format!(
                        "{code}: {} won ({:?}) after {} turns; the bot played {}",
                        side_name(finish.winner),
                        finish.reason,
                        m.ply(),
                        side_name(side)
                    ));
                }
                if m.to_move() == side && seats_taken(m) {
                    seed = seed.wrapping_add(1);
                    if let Some(turn) = think(m, level, think_time, seed).await? {
                        let _ = client
                            .send(&ClientMessage::Turn {
                                code: code.clone(),
                                token: token.clone(),
                                ply: m.ply(),
                                turn,
                            })
                            .await;
                    }
                }
            }
            let message = match client.recv().await {
                Ok(message) => message,
                Err(_) => {
                    client = reconnect(&url, &code, &token).await?;
                    continue;
                }
            };
            match &message {
                ServerMessage::Game { game } => {
                    mirror = Some(Mirror::new(registry, (**game).clone())?);
                }
                ServerMessage::Turn { .. } => {
                    if let Some(m) = &mut mirror
                        && m.apply(registry, &message) == Mirrored::OutOfStep
                    {
                        client
                            .send(&ClientMessage::Resume {
                                code: code.clone(),
                                token: token.clone(),
                            })
                            .await?;
                    }
                }
                ServerMessage::Error { message, .. } => tracing::warn!("server: {message}"),
                _ => {}
            }
            // Wait for the next message before thinking again unless it is
            // still this side's turn after a refusal.
            if let (ServerMessage::Error { .. }, Some(_)) = (&message, &mirror) {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    })?;
    writeln!(out, "{result}")?;
    Ok(())
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// Connects again and takes the seat back (for up to half a minute).
async fn reconnect(url: &str, code: &str, token: &str) -> Result<Client, CliError> {
    let mut last = String::new();
    for _ in 0..30 {
        match Client::connect(url).await {
            Ok(mut client) => {
                client
                    .send(&ClientMessage::Resume {
                        code: code.to_string(),
                        token: token.to_string(),
                    })
                    .await?;
                return Ok(client);
            }
            Err(e) => last = e.to_string(),
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    Err(format!("the server is gone: {last}").into())
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

/// One side of a scripted game: plays random turns until the game ends;
/// returns its turns' latencies.
async fn scripted_player(
    registry: &VariantRegistry,
    mut client: Client,
    code: String,
    side: Side,
    token: String,
    seed: u64,
) -> Result<Vec<f64>, CliError> {
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
                    return Err(format!("{code}: a turn arrived out of step").into());
                }
            }
            ServerMessage::Error { message, .. } => {
                return Err(
                    format!("{code}: the server refused a scripted turn: {message}").into(),
                );
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
        }
    }
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
) -> Result<LoadReport, CliError> {
    let ids: Vec<String> = registry.ids().iter().map(|s| s.to_string()).collect();
    let started = Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    let (games, seed) = (plan.games, plan.seed);
    for i in 0..games {
        let registry = registry.clone();
        let url = url.to_string();
        let black_url = plan.second.clone().unwrap_or_else(|| url.clone());
        let mut setup = GameSetup::new(&registry, &ids[i % ids.len()], plan.size);
        if plan.correspondence > 0 {
            setup.clock = Some(if i < plan.correspondence {
                ClockSetting::days_per_move(3)
            } else {
                ClockSetting {
                    initial_ms: 10 * 60_000,
                    increment_ms: 5_000,
                    per_move: false,
                }
            });
        }
        let seed = seed.wrapping_mul(1000).wrapping_add(i as u64);
        tasks.spawn(async move {
            let mut first = Client::connect(&url).await?;
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
            let (code, token) = first
                .wait_for(Duration::from_secs(30), |m| match m {
                    ServerMessage::Seat { code, token, .. } => {
                        Some(Ok((code.clone(), token.clone())))
                    }
                    ServerMessage::Error { message, .. } => Some(Err(message.clone())),
                    _ => None,
                })
                .await??;
            let mut second = Client::connect(&black_url).await?;
            second
                .send(&ClientMessage::Join {
                    code: code.clone(),
                    name: Some(format!("load-{i}-black")),
                })
                .await?;
            let black_token = second
                .wait_for(Duration::from_secs(30), |m| match m {
                    ServerMessage::Seat { token, .. } => Some(Ok(token.clone())),
                    ServerMessage::Error { message, .. } => Some(Err(message.clone())),
                    _ => None,
                })
                .await??;
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
            Ok::<_, CliError>((code, white, black))
        });
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
            .map_err(|_| {
                format!(
                    "{} of {games} games were not over after {limit:?}",
                    tasks.len()
                )
            })?;
        let Some(done) = next else { break };
        let (code, white, black) = done.map_err(|e| format!("a scripted game failed: {e}"))??;
        report.turns += white.len() + black.len();
        report.latencies_ms.extend(white);
        report.latencies_ms.extend(black);
        report.codes.push(code);
    }
    report.seconds = started.elapsed().as_secs_f64();
    Ok(report)
}

/// A plain HTTP GET on the server (`http://HOST:PORT` or `HOST:PORT`):
/// the status and the body. Enough for the game list and the records.
pub async fn http_get(server: &str, path: &str) -> Result<(u16, String), CliError> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let host = server
        .trim_start_matches("http://")
        .trim_start_matches("ws://")
        .split('/')
        .next()
        .unwrap_or_default()
        .to_string();
    let mut stream = tokio::net::TcpStream::connect(&host)
        .await
        .map_err(|e| format!("cannot connect to {host}: {e}"))?;
    let request = format!("GET {path} HTTP/1.0\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut response = Vec::new();
    stream
        .read_to_end(&mut response)
        .await
        .map_err(|e| e.to_string())?;
    let response = String::from_utf8_lossy(&response);
    let (head, body) = response
        .split_once("\r\n\r\n")
        .ok_or_else(|| "not an HTTP response".to_string())?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("no status in `{head}`"))?;
    Ok((status, body.to_string()))
}

/// Fetches each game's record and replays it: every one must be stored,
/// read, replay and end as the server says.
pub async fn check_stored(
    registry: &VariantRegistry,
    server: &str,
    codes: &[String],
) -> Result<(), CliError> {
    for code in codes {
        let (status, body) = http_get(server, &format!("/games/{code}.txt")).await?;
        if status != 200 {
            return Err(format!("{code}: the record answered {status}: {body}").into());
        }
        let record: GameRecord = body
            .parse()
            .map_err(|e| format!("{code}: the stored record does not read: {e}"))?;
        record
            .replay(registry)
            .map_err(|e| format!("{code}: the stored record does not replay: {e}"))?;
        if record.result == crate::rules::GameResult::Unfinished {
            return Err(format!("{code}: the stored game is not over").into());
        }
    }
    Ok(())
}

/// `burrow load`: a load run against a running server, printed.
pub fn load(
    registry: &VariantRegistry,
    server: &str,
    plan: &LoadPlan,
    server_pid: Option<u32>,
    out: &mut impl Write,
) -> Result<(), CliError> {
    // Two sockets a game here too: as many open files as the system lets.
    let _ = crate::server::limits::connections_that_fit();
    let url = websocket_url(server);
    let http = url
        .trim_start_matches("ws://")
        .trim_end_matches("/ws")
        .to_string();
    let size = plan.size;
    let report = runtime()?.block_on(async {
        let report = load_run(registry, &url, plan, Duration::from_secs(600)).await?;
        check_stored(registry, &http, &report.codes).await?;
        Ok::<_, CliError>(report)
    })?;
    writeln!(
        out,
        "{} games on {size}, all finished and stored: {} turns in {:.1} s = {:.0} turns/s",
        report.games,
        report.turns,
        report.seconds,
        report.turns as f64 / report.seconds
    )?;
    writeln!(
        out,
        "turn sent -> its broadcast back: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        report.percentile(0.5),
        report.percentile(0.99),
        report.percentile(1.0)
    )?;
    let (idle, waited) = runtime()?.block_on(server_idle(&http, Duration::from_secs(10)))?;
    writeln!(
        out,
        "server after the games ({:.1} s later): {} tables in memory, {} connections",
        waited.as_secs_f64(),
        idle.tables,
        idle.connections
    )?;
    if let Some(pid) = server_pid {
        writeln!(out, "server memory: {}", process_memory(pid)?)?;
    }
    Ok(())
}

/// What a server holds (its `GET /stats`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
pub struct ServerStats {
    pub tables: usize,
    pub connections: usize,
}

pub async fn server_stats(http: &str) -> Result<ServerStats, CliError> {
    let (status, body) = http_get(http, "/stats").await?;
    if status != 200 {
        return Err(format!("/stats answered {status}: {body}").into());
    }
    serde_json::from_str(&body).map_err(|e| format!("/stats sent `{body}`: {e}").into())
}

/// Waits (at most `limit`) for a server to let go of every table and
/// connection, and says what it held at the end and after how long.
pub async fn server_idle(http: &str, limit: Duration) -> Result<(ServerStats, Duration), CliError> {
    let started = Instant::now();
    loop {
        let stats = server_stats(http).await?;
        if (stats.tables == 0 && stats.connections == 0) || started.elapsed() >= limit {
            return Ok((stats, started.elapsed()));
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// A process's peak and current resident memory, from /proc.
pub fn process_memory(pid: u32) -> Result<String, CliError> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .map_err(|e| format!("cannot read process {pid}: {e}"))?;
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .map(|l| l[name.len()..].trim().to_string())
            .unwrap_or_else(|| "?".into())
    };
    Ok(format!(
        "peak {} (VmHWM), now {} (VmRSS)",
        field("VmHWM:"),
        field("VmRSS:")
    ))
}
