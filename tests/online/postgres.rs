//! PostgreSQL: a private server started here (initdb in a temp dir), every
//! case against it, then stopped; and two server processes sharing a game.

use super::accounts::accounts;
use super::correspondence::correspondence;
use super::limits::{connection_limits, tokens_are_stored_hashed};
use super::load::load;
use super::lobby::{lobby, pairing};
use super::ratings::rated_games;
use super::refusals::refusals;
use super::restart::reconnect_and_restart;
use super::tables::{
    bot_plays, clock_runs_out, computer_and_rematch, designed_tables, full_games,
    private_tables_are_never_listed,
};
use super::*;

/// Two server processes on one PostgreSQL database: White plays through
/// one, Black through the other.
async fn two_processes_share_a_game(database: &str) {
    let a = Server::start(database);
    let b = Server::start(database);
    let mut white = create(&a.ws(), setup("box", "5x5", None), None).await;
    let mut black = join(&b.ws(), &white.code).await;
    play_out(&mut white, &mut black).await;
    let record = record_of(&b.address, &white.code).await;
    record.replay(&VariantRegistry::builtin()).expect("replays");
    assert_eq!(record.turns.len(), white.mirror.view.turns.len());

    // A notice lost (the listening connections cut): a sits at a table
    // whose seat b just filled without a knowing; its first turn there is
    // judged on the stored table, not refused as "waiting for a player".
    let mut white = create(&a.ws(), setup("box", "4x4", None), None).await;
    let pool = open_database(database).await;
    let cutting = Arc::new(AtomicBool::new(true));
    let cutter = tokio::spawn({
        let cutting = cutting.clone();
        async move {
            let mut cuts = 0u32;
            while cutting.load(Ordering::Relaxed) {
                let cut = sqlx::query(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                     WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()",
                )
                .fetch_all(&pool)
                .await
                .expect("cuts the listeners");
                cuts += cut.len() as u32;
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
            cuts
        }
    });
    tokio::time::sleep(Duration::from_millis(50)).await;
    let mut black = join(&b.ws(), &white.code).await;
    let turn = white.some_turn();
    white.play(&turn).await;
    white.follow_to(1).await;
    black.follow_to(1).await;
    cutting.store(false, Ordering::Relaxed);
    assert!(
        cutter.await.expect("the cutter ends") > 0,
        "no listener was cut"
    );
    play_out(&mut white, &mut black).await;
    assert!(white.mirror.is_over());
}

struct Postgres {
    bin: PathBuf,
    data: PathBuf,
    port: u16,
    as_postgres: bool,
}

impl Postgres {
    fn command(&self, program: &str) -> Command {
        let path = self.bin.join(program);
        if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(path);
            c
        } else {
            Command::new(path)
        }
    }

    /// A private cluster, or none (and the reason said) where PostgreSQL's
    /// programs are missing.
    fn start(name: &str) -> Option<Postgres> {
        let bin = std::env::var_os("BURROW_PG_BIN")
            .map(PathBuf::from)
            .or_else(|| {
                let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
                    .ok()?
                    .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
                    .filter(|p| p.join("initdb").exists())
                    .collect();
                found.sort();
                found.pop()
            });
        let how = "bash .ci/setup installs them (apt package postgresql), or set BURROW_PG_BIN \
                   to their folder";
        if !crate::support::needs("PostgreSQL's programs (initdb, pg_ctl)", bin.is_some(), how) {
            return None;
        }
        let bin = bin.expect("checked above");
        // PostgreSQL refuses to run as root: run it as the postgres user.
        let root = Command::new("id")
            .arg("-u")
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
            .unwrap_or(false);
        let dir = temp_dir(name);
        let data = dir.join("data");
        if root {
            let status = Command::new("chown")
                .args(["-R", "postgres:postgres"])
                .arg(&dir)
                .status()
                .expect("chown");
            assert!(status.success());
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let pg = Postgres {
            bin,
            data,
            port,
            as_postgres: root,
        };
        let out = pg
            .command("initdb")
            .args(["-A", "trust", "-U", "postgres", "-E", "UTF8", "-D"])
            .arg(&pg.data)
            .output()
            .expect("initdb runs");
        assert!(
            out.status.success(),
            "initdb: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let options = format!(
            "-p {port} -c listen_addresses=127.0.0.1 -k {} -c fsync=off",
            dir.display()
        );
        let out = pg
            .command("pg_ctl")
            .args(["-w", "-D"])
            .arg(&pg.data)
            .args(["-o", &options, "-l"])
            .arg(dir.join("log"))
            .arg("start")
            .output()
            .expect("pg_ctl runs");
        assert!(
            out.status.success(),
            "pg_ctl: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        Some(pg)
    }

    /// A fresh database's URL.
    fn database(&self, name: &str) -> String {
        let out = self
            .command("createdb")
            .args([
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                "postgres",
                name,
            ])
            .output()
            .expect("createdb runs");
        assert!(
            out.status.success(),
            "createdb: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let _ = self
            .command("pg_ctl")
            .args(["-D"])
            .arg(&self.data)
            .args(["-m", "immediate", "stop"])
            .output();
    }
}

#[test]
fn postgres_runs_the_same_suite() {
    let Some(pg) = Postgres::start("postgres-suite") else {
        return;
    };
    let rt = runtime();
    {
        let server = Server::start(&pg.database("full"));
        rt.block_on(full_games(&server));
    }
    {
        let server = Server::start(&pg.database("refusals"));
        rt.block_on(async {
            refusals(&server).await;
            connection_limits(&server).await;
            private_tables_are_never_listed(&server).await;
        });
    }
    rt.block_on(reconnect_and_restart(&pg.database("restart")));
    rt.block_on(tokens_are_stored_hashed(&pg.database("tokens")));
    {
        let database = pg.database("accounts");
        let server = Server::start(&database);
        rt.block_on(accounts(&server, &database));
    }
    rt.block_on(rated_games(&Server::start(&pg.database("rated"))));
    rt.block_on(lobby(&Server::start(&pg.database("lobby"))));
    rt.block_on(pairing(&Server::start(&pg.database("pairing"))));
    rt.block_on(correspondence(&pg.database("correspondence")));
    rt.block_on(designed_tables(&pg.database("designed")));
    {
        let server = Server::start(&pg.database("clock"));
        rt.block_on(async {
            clock_runs_out(&server).await;
            computer_and_rematch(&server).await;
            bot_plays(&server).await;
        });
    }
    rt.block_on(two_processes_share_a_game(&pg.database("shared")));
}

/// The 200 games against PostgreSQL; slow, as its SQLite twin.
#[test]
fn slow_postgres_load_of_200_games() {
    let Some(pg) = Postgres::start("postgres-load") else {
        return;
    };
    let server = Server::start_with(&pg.database("load"), "127.0.0.1:0", UNLIMITED);
    runtime().block_on(load(&server));
}
