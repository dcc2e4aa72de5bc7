//! `burrow serve`, `burrow bot` and `burrow load`: their arguments and
//! what they print. The server is [`crate::server`], the bot
//! [`crate::bot`], the load run [`crate::load`].

use std::io::Write;
use std::time::Duration;

use crate::ai::Level;
use crate::bot::{Brain, Identity, Plan, Seating};
use crate::load::{LoadPlan, LoadRun, process_memory};
use crate::online::client::Trust;
use crate::online::mirror::websocket_url;
use crate::online::protocol::{ClockSetting, GameSetup};
use crate::rules::{BoardSize, VariantRegistry};

use super::args::{BOT_PASSWORD_VAR, CliError, think_ms};

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
    /// Serve over TLS (https:// and wss://) with this certificate chain
    /// (PEM); needs --tls-key. The files are read again when they change.
    #[arg(long = "tls-cert", value_name = "PEM")]
    tls_cert: Option<std::path::PathBuf>,
    /// The certificate's private key (PEM).
    #[arg(long = "tls-key", value_name = "PEM")]
    tls_key: Option<std::path::PathBuf>,
}

/// Why a deadline does not read.
#[derive(Debug, thiserror::Error)]
pub enum TimeoutError {
    #[error("`{0}` is not a whole number of milliseconds")]
    NotANumber(String),
    #[error("{0} ms is not between 100 ms and a day")]
    OutOfRange(u64),
}

/// A deadline in milliseconds: 100 ms to a day.
fn timeout_ms(text: &str) -> Result<Duration, TimeoutError> {
    let ms: u64 = text
        .parse()
        .map_err(|_| TimeoutError::NotANumber(text.to_string()))?;
    if !(100..=86_400_000).contains(&ms) {
        return Err(TimeoutError::OutOfRange(ms));
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
        if self.tls_cert.is_some() != self.tls_key.is_some() {
            return Err(CliError::Failed(
                "--tls-cert and --tls-key go together: give the certificate and its key".into(),
            ));
        }
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
            tls: self.tls_cert.zip(self.tls_key),
        };
        Ok(crate::server::serve(registry.clone(), options)?)
    }
}

/// Sit a computer level (or an engine from outside) at a server's table
/// and play it to the end: a table's free seat by its code, quick pairing,
/// or a table of its own in the lobby; as a guest or on a bot account.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("seat").required(true).args(["join", "pair", "seek"])))]
pub struct BotArgs {
    /// The server: host:port, http://host:port or ws://host:port/ws.
    #[arg(long)]
    server: String,
    /// Take the free seat of the table of this code.
    #[arg(long, value_name = "CODE")]
    join: Option<String>,
    /// Quick pairing: take the open table of --variant, --size and --clock
    /// whose player's rating is nearest (rated tables on an account), or
    /// open one in the lobby.
    #[arg(long)]
    pair: bool,
    /// Open a public table of --variant, --size and --clock in the lobby
    /// (rated on an account) and wait for a player.
    #[arg(long)]
    seek: bool,
    /// The game, with --pair or --seek.
    #[arg(long, default_value = "box")]
    variant: String,
    /// The board, with --pair or --seek (the game's usual one without it).
    #[arg(long)]
    size: Option<BoardSize>,
    /// The clock, with --pair or --seek, as the game's --clock writes it:
    /// minutes+seconds (`5+3`) or days per turn (`3d`); none without it.
    #[arg(long, value_parser = ClockSetting::parse)]
    clock: Option<ClockSetting>,
    #[arg(long, default_value = "hard")]
    level: Level,
    /// Play the seat with an engine from outside that speaks the engine
    /// protocol (a program and its arguments, separated by spaces) instead
    /// of a level (docs/engine-protocol.md).
    #[arg(long, value_name = "COMMAND")]
    engine: Option<String>,
    /// The guest's name (without --account).
    #[arg(long, default_value = "bot", conflicts_with = "account")]
    name: String,
    /// Play on this bot account (rated games, shown as a bot); its password
    /// is read from the environment variable BURROW_BOT_PASSWORD.
    #[arg(long, value_name = "NAME")]
    account: Option<String>,
    /// Make the bot account first, if nobody has its name yet.
    #[arg(long, requires = "account")]
    register: bool,
    /// Think time per turn, in milliseconds (100 to 10000).
    #[arg(long = "think-ms", default_value = "1000", value_parser = think_ms)]
    think: Duration,
    /// Games to play one after another, each at a new table (with --pair
    /// or --seek); 0: until the bot is stopped.
    #[arg(long, default_value_t = 1, conflicts_with = "join")]
    games: u32,
    /// A certificate authority (PEM) to trust for a `wss://` server, beside
    /// the usual roots: a self-hosted server's own.
    #[arg(long = "ca-file", value_name = "PEM")]
    ca_file: Option<std::path::PathBuf>,
}

impl BotArgs {
    /// The seat the arguments ask for.
    fn seating(&self, registry: &VariantRegistry) -> Result<Seating, CliError> {
        if let Some(code) = &self.join {
            return Ok(Seating::Join(code.clone()));
        }
        let rules = super::args::rules_for(registry, &self.variant)?;
        let size = self.size.unwrap_or_else(|| rules.usual_size());
        let clock = self.clock;
        Ok(if self.pair {
            Seating::Pair {
                variant: self.variant.clone(),
                size,
                clock,
            }
        } else {
            Seating::Seek(GameSetup {
                clock,
                ..GameSetup::new(registry, &self.variant, size)
            })
        })
    }

    /// Who the bot sits as: a bot account (its password from the
    /// environment), or a guest.
    fn identity(&self) -> Result<Identity, CliError> {
        let Some(name) = &self.account else {
            return Ok(Identity::Guest(self.name.clone()));
        };
        let password = std::env::var(BOT_PASSWORD_VAR).map_err(|_| CliError::MissingPassword)?;
        Ok(Identity::Account {
            name: name.clone(),
            password,
            register: self.register,
        })
    }

    pub fn run(self, registry: &VariantRegistry, out: &mut impl Write) -> Result<(), CliError> {
        log_to_terminal();
        let plan = Plan {
            server: self.server.clone(),
            seating: self.seating(registry)?,
            identity: self.identity()?,
            brain: match self.engine.clone() {
                Some(command) => Brain::Outside(command),
                None => Brain::Level(self.level),
            },
            think: self.think,
            trust: Trust::new(self.ca_file.as_deref())?,
        };
        let mut written = Ok(());
        crate::bot::play(registry, &plan, self.games, &mut |played| {
            if written.is_ok() {
                written = writeln!(
                    out,
                    "{}: {} won ({:?}) after {} turns; the bot played {}",
                    crate::lang::printable(&played.code),
                    played.finish.winner,
                    played.finish.reason,
                    played.turns,
                    played.side
                )
                .and_then(|()| out.flush());
            }
        })?;
        Ok(written?)
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
    /// A certificate authority (PEM) to trust for a `wss://` server.
    #[arg(long = "ca-file", value_name = "PEM")]
    ca_file: Option<std::path::PathBuf>,
}

impl LoadArgs {
    pub fn run(self, registry: &VariantRegistry, out: &mut impl Write) -> Result<(), CliError> {
        let plan = LoadPlan {
            games: self.games,
            size: self.size,
            seed: self.seed,
            correspondence: self.correspondence,
            second: self.second_server.as_deref().map(websocket_url),
            trust: Trust::new(self.ca_file.as_deref())?,
        };
        let run = LoadRun::new(&self.server, plan.trust.clone());
        let size = plan.size;
        let report = run.play(registry, &plan)?;
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
        let (idle, waited) = run.server_after()?;
        writeln!(
            out,
            "server after the games ({:.1} s later): {} tables in memory, {} connections",
            waited.as_secs_f64(),
            idle.tables,
            idle.connections
        )?;
        if let Some(pid) = self.server_pid {
            writeln!(out, "server memory: {}", process_memory(pid)?)?;
        }
        Ok(())
    }
}
