//! 200 games at once through one server.

use super::*;

/// 200 games played at once by scripted clients: every one finishes, is
/// stored and replays.
pub(super) async fn load(server: &Server) {
    let registry = VariantRegistry::builtin();
    let plan = LoadPlan::new(200, "6x6".parse().expect("a board size"), 7);
    let report = load_run(&registry, &server.ws(), &plan, Duration::from_secs(240))
        .await
        .expect("every game finishes in time");
    assert_eq!(report.codes.len(), 200);
    assert!(report.turns > 200 * 4);
    check_stored(&registry, &server.address, &report.codes, &Trust::roots())
        .await
        .expect("every game stored");
    // Nobody plays there any more: the server lets go of every table.
    let (idle, waited) = server_idle(&server.address, Duration::from_secs(20), &Trust::roots())
        .await
        .expect("stats");
    assert_eq!(
        idle,
        ServerStats {
            tables: 0,
            connections: 0
        },
        "the server still holds these after {waited:?}"
    );
    eprintln!(
        "load: {} turns in {:.1} s, p50 {:.1} ms, p99 {:.1} ms, server {}",
        report.turns,
        report.seconds,
        report.percentile(0.5),
        report.percentile(0.99),
        burrow::load::process_memory(server.pid()).unwrap_or_default()
    );
}

/// Slow (tens of seconds in a dev build): `cargo test -- --skip slow_`
/// leaves it out.
#[test]
fn slow_sqlite_load_of_200_games() {
    let server = Server::start_with(&sqlite("load"), "127.0.0.1:0", UNLIMITED);
    runtime().block_on(load(&server));
}
