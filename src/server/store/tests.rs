//! The store on SQLite in memory: each domain's rows written and read
//! back as the server uses them.

use crate::online::protocol::{ClockSetting, ComputerLevel, EndReason, Finish, GameSetup};
use crate::online::table::{Table, check_setup};
use crate::rules::{Side, VariantRegistry};
use crate::server::accounts::name_key;
use crate::server::keys::token_key;

use super::{Store, StoreError, StoredPlayer};

async fn store() -> Store {
    Store::open("sqlite::memory:")
        .await
        .expect("an in-memory database")
}

/// A new table of Box on 5x5 with White seated (`white`'s token), Black
/// free.
fn table(registry: &VariantRegistry, code: &str, clock: Option<ClockSetting>) -> Table {
    let mut setup = GameSetup::new(registry, "box", "5x5".parse().unwrap());
    setup.clock = clock;
    let mut table = Table::new(code.into(), check_setup(registry, &setup).unwrap(), 1_000);
    table.seats[0].key = Some(token_key("white"));
    table.seats[0].name = Some("Ada".into());
    table
}

/// `old` changed by `change` and stored over its version.
async fn change(store: &Store, old: &Table, now: i64, change: impl FnOnce(&mut Table)) -> Table {
    let mut new = old.clone();
    change(&mut new);
    new.version += 1;
    store.update(old, &new, now).await.expect("stored");
    new
}

fn first_turn(table: &Table) -> crate::rules::PlayedTurn {
    table.rules.turns(table.position()).unwrap()[0].played()
}

async fn add_player(store: &Store, name: &str) -> String {
    let player = StoredPlayer {
        key: name_key(name),
        name: name.into(),
        password: "not a hash".into(),
        bot: false,
        refuse_bots: false,
    };
    assert!(store.add_player(&player, 0).await.unwrap());
    player.key
}

#[tokio::test]
async fn a_game_is_stored_and_read_back_turn_by_turn() {
    let registry = VariantRegistry::builtin();
    let store = store().await;
    let mut table = table(&registry, "ABCDEF", ClockSetting::parse("5+3").ok());
    table.seats[1].computer = Some(ComputerLevel::Hard);
    table.start_clock_if_ready(1_000);
    assert!(store.insert(&table, 1_000).await.unwrap());
    assert!(
        !store.insert(&table, 1_000).await.unwrap(),
        "a code is stored once"
    );
    let played = change(&store, &table, 4_000, |t| {
        let turn = first_turn(t);
        t.play(Side::White, 0, turn, 4_000).unwrap();
    })
    .await;
    // The same change judged on the old version again is a conflict.
    assert!(matches!(
        store.update(&table, &played, 4_000).await,
        Err(StoreError::Conflict)
    ));
    let read = store
        .load(&registry, "ABCDEF")
        .await
        .unwrap()
        .expect("stored");
    assert_eq!(read.history, played.history);
    assert_eq!(read.seats, played.seats);
    assert_eq!(read.clocks, played.clocks);
    assert_eq!(read.version, 1);
    assert_eq!(read.result, None);
    assert!(store.load(&registry, "ZZZZZZ").await.unwrap().is_none());
    // A computer at a seat: the server holds the game from its start.
    assert_eq!(store.running_codes(0).await.unwrap(), ["ABCDEF"]);
    // Black's five minutes run from the turn at 4 s.
    let deadline = read.deadline_ms().expect("a running clock");
    assert_eq!(deadline, 4_000 + 300_000);
    assert!(store.due_codes(deadline - 1).await.unwrap().is_empty());
    assert_eq!(store.due_codes(deadline).await.unwrap(), ["ABCDEF"]);
    let over = change(&store, &read, 5_000, |t| {
        t.resign(Side::Black, 5_000).unwrap();
    })
    .await;
    let read = store.load(&registry, "ABCDEF").await.unwrap().unwrap();
    assert_eq!(
        read.result,
        Some(Finish {
            winner: Side::White,
            reason: EndReason::Resigned
        })
    );
    assert_eq!(read.clocks, over.clocks);
    assert!(store.running_codes(i64::MAX).await.unwrap().is_empty());
    assert!(store.due_codes(i64::MAX).await.unwrap().is_empty());
}

#[tokio::test]
async fn only_public_tables_are_listed_and_a_seek_goes_when_its_seat_is_taken() {
    let registry = VariantRegistry::builtin();
    let store = store().await;
    let private = table(&registry, "PRIVAT", None);
    let mut public = table(&registry, "PUBLIC", None);
    public.public = true;
    store.insert(&private, 1_000).await.unwrap();
    store.insert(&public, 2_000).await.unwrap();
    let listed = store.list(None, 10).await.unwrap();
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0].code, "PUBLIC");
    assert_eq!(listed[0].white.as_deref(), Some("Ada"));
    assert_eq!(listed[0].black, None);
    assert!(store.list(Some(true), 10).await.unwrap().is_empty());
    let seeks = store.seeks().await.unwrap();
    assert_eq!(seeks.len(), 1, "{seeks:?}");
    assert_eq!(
        (
            seeks[0].code.as_str(),
            seeks[0].name.as_str(),
            seeks[0].side
        ),
        ("PUBLIC", "Ada", Side::Black),
        "the joiner gets Black"
    );
    assert!(!seeks[0].rated && !seeks[0].account && !seeks[0].design);
    // Black sits: the seek is withdrawn, the game still listed.
    change(&store, &public, 3_000, |t| {
        t.seats[1].key = Some(token_key("black"));
        t.seats[1].name = Some("Bo".into());
    })
    .await;
    assert!(store.seeks().await.unwrap().is_empty());
    let running = store.list(Some(false), 10).await.unwrap();
    assert_eq!(running[0].black.as_deref(), Some("Bo"));
}

#[tokio::test]
async fn accounts_and_their_sessions_are_found_by_their_keys() {
    let store = store().await;
    let ada = add_player(&store, "Ada").await;
    let again = StoredPlayer {
        key: name_key("ADA"),
        name: "ADA".into(),
        password: "other".into(),
        bot: true,
        refuse_bots: false,
    };
    assert!(
        !store.add_player(&again, 0).await.unwrap(),
        "a name that reads alike is taken"
    );
    let found = store.player(&ada).await.unwrap().expect("stored");
    assert_eq!(
        (found.name.as_str(), found.password.as_str()),
        ("Ada", "not a hash")
    );
    assert!(!found.bot && !found.refuse_bots);
    assert!(store.set_refuse_bots(&ada, true).await.unwrap());
    assert!(store.player(&ada).await.unwrap().unwrap().refuse_bots);
    assert!(!store.set_refuse_bots(&name_key("Bo"), true).await.unwrap());
    assert!(store.player(&name_key("Bo")).await.unwrap().is_none());
    let session = token_key("session");
    store.add_session(&session, &ada, 0).await.unwrap();
    let signed = store.session(&session).await.unwrap().expect("a session");
    assert_eq!(signed.key, ada);
    assert!(store.session(&token_key("other")).await.unwrap().is_none());
    store.drop_session(&session).await.unwrap();
    assert!(store.session(&session).await.unwrap().is_none());
}

#[tokio::test]
async fn a_rated_result_changes_both_ratings_once() {
    let registry = VariantRegistry::builtin();
    let store = store().await;
    let ada = add_player(&store, "Ada").await;
    let bo = add_player(&store, "Bo").await;
    let mut table = table(&registry, "RATEDG", None);
    table.rated = true;
    table.seats[0].player = Some(ada.clone());
    table.seats[1].key = Some(token_key("black"));
    table.seats[1].name = Some("Bo".into());
    table.seats[1].player = Some(bo.clone());
    store.insert(&table, 1_000).await.unwrap();
    let mine = store.games_of(&bo).await.unwrap();
    assert_eq!(mine.len(), 1);
    assert_eq!((mine[0].side, mine[0].your_turn), (Side::Black, false));
    assert_eq!(mine[0].opponent.as_deref(), Some("Ada"));
    assert!(store.games_of(&ada).await.unwrap()[0].your_turn);
    assert!(store.rating(&ada, "box").await.unwrap().is_none());
    let over = change(&store, &table, 2_000, |t| {
        t.resign(Side::Black, 2_000).unwrap();
    })
    .await;
    let winner = store.rating(&ada, "box").await.unwrap().expect("rated");
    let loser = store.rating(&bo, "box").await.unwrap().expect("rated");
    assert!(winner.rating > 1500.0 && loser.rating < 1500.0);
    assert_eq!((winner.games, loser.games), (1, 1));
    // A later change of the finished game does not rate it again.
    change(&store, &over, 3_000, |t| {
        t.offer_rematch(Side::White).unwrap();
    })
    .await;
    assert_eq!(store.rating(&ada, "box").await.unwrap(), Some(winner));
    let board = store.leaderboard("box", 10).await.unwrap();
    let names: Vec<&str> = board.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["Ada", "Bo"]);
    assert!(board[0].provisional);
    let page = store.player_page("ada").await.unwrap().expect("a page");
    assert_eq!(page.name, "Ada");
    assert_eq!(page.ratings.len(), 1);
    assert_eq!(page.history.len(), 1);
    assert_eq!(page.history[0].code, "RATEDG");
    assert_eq!(page.games.len(), 1);
    assert_eq!(page.games[0].winner.as_deref(), Some("white"));
    assert_eq!(page.games[0].opponent.as_deref(), Some("Bo"));
    assert!(store.games_of(&ada).await.unwrap().is_empty(), "over");
    assert!(store.player_page("nobody").await.unwrap().is_none());
}

/// A database an older server made, before bot accounts: its accounts
/// and games gain the new columns, person's accounts all, and play on.
#[tokio::test]
async fn an_older_database_gains_the_bot_columns() {
    let path = std::env::temp_dir().join(format!("burrow-old-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let url = format!("sqlite://{}?mode=rwc", path.display());
    {
        sqlx::any::install_default_drivers();
        let pool = sqlx::AnyPool::connect(&url).await.unwrap();
        sqlx::query(
            "CREATE TABLE players (key TEXT PRIMARY KEY, name TEXT NOT NULL,
             password TEXT NOT NULL, created_ms BIGINT NOT NULL)",
        )
        .execute(&pool)
        .await
        .unwrap();
        sqlx::query("INSERT INTO players VALUES ('ada', 'Ada', 'not a hash', 0)")
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
    }
    let store = Store::open(&url)
        .await
        .expect("opens and brings it up to date");
    let ada = store.player("ada").await.unwrap().expect("kept");
    assert_eq!(ada.name, "Ada");
    assert!(!ada.bot && !ada.refuse_bots);
    assert!(store.set_refuse_bots("ada", true).await.unwrap());
    let bot = add_player(&store, "Pybot").await;
    assert!(store.player(&bot).await.unwrap().is_some());
    drop(store);
    let _ = std::fs::remove_file(&path);
}
