//! The tables in memory over a database in memory: kept, let go,
//! loaded again; a change stored and told, or refused and forgotten.

use super::*;
use crate::online::protocol::GameSetup;

/// Ada's new private table of Box on 5x5, no clock, at `side`: its live table,
/// her side and her token.
async fn open(hub: &Hub, side: SideChoice) -> (Arc<LiveTable>, Side, String) {
    let setup = GameSetup::new(&hub.registry, "box", "5x5".parse().unwrap());
    let holder = Seat {
        name: Some("Ada".to_string()),
        ..Seat::default()
    };
    hub.create(&setup, side, holder, None, false, false)
        .await
        .expect("opened")
}

#[tokio::test]
async fn a_table_nobody_uses_is_let_go_and_loaded_again() {
    let hub = test_hub().await;
    let (live, side, token) = open(&hub, SideChoice::Black).await;
    assert_eq!(side, Side::Black);
    let code = live.table.lock().await.code.clone();
    assert!(is_code(&code), "{code}");
    let again = hub.live(&code.to_ascii_lowercase()).await.expect("kept");
    assert!(Arc::ptr_eq(&live, &again), "one live per table");
    hub.forget_idle();
    assert_eq!(hub.live_tables.lock().unwrap().len(), 1, "still followed");
    drop((live, again));
    hub.forget_idle();
    assert!(hub.live_tables.lock().unwrap().is_empty(), "let go");
    let loaded = hub.live(&code).await.expect("from the database");
    let table = loaded.table.lock().await;
    assert_eq!(table.side_of(&token_key(&token)), Some(Side::Black));
    assert_eq!(table.seats[1].name.as_deref(), Some("Ada"));
    assert!(
        table.seats[1].key.as_deref() != Some(token.as_str()),
        "kept hashed"
    );
    drop(table);
    let Err(unknown) = hub.live("ZZZZZZ").await else {
        panic!("no such table")
    };
    assert_eq!(unknown.kind, ErrorKind::UnknownGame);
    let Err(not_a_code) = hub.live("../etc").await else {
        panic!("not a code")
    };
    assert!(not_a_code.message.contains("six letters"), "{not_a_code}");
}

#[tokio::test]
async fn a_change_is_stored_and_told_or_refused_and_forgotten() {
    let hub = test_hub().await;
    let (live, _, _) = open(&hub, SideChoice::White).await;
    let mut told = live.tx.subscribe();
    let refused = hub
        .change(&live, |_, _| -> Result<(), Refused> {
            Err(Refused::new(ErrorKind::GameOver, "no"))
        })
        .await
        .unwrap_err();
    assert_eq!(refused.kind, ErrorKind::GameOver);
    assert_eq!(live.table.lock().await.version, 0, "nothing stored");
    hub.change(&live, |table, now| {
        table.seats[1].key = Some(token_key("black"));
        table.seats[1].name = Some("Bo".into());
        table.start_clock_if_ready(now);
        Ok(())
    })
    .await
    .expect("seated");
    let ply = hub
        .change(&live, |table, now| {
            let turn = table.rules.turns(table.position()).unwrap()[0].played();
            table
                .play(Side::White, 0, turn, now)
                .map(|accepted| accepted.ply)
        })
        .await
        .expect("played");
    assert_eq!(ply, 0);
    // The table is told the seat taken (the whole table), then the turn.
    let mut messages = Vec::new();
    for _ in 0..2 {
        let text = told.recv().await.expect("told");
        messages.push(protocol::decode::<ServerMessage>(&text).expect("a message"));
    }
    assert!(
        matches!(&messages[0], ServerMessage::Game { game } if game.black.name.as_deref() == Some("Bo")),
        "{messages:?}"
    );
    assert!(
        matches!(&messages[1], ServerMessage::Turn { ply: 0, .. }),
        "{messages:?}"
    );
    let code = live.table.lock().await.code.clone();
    let stored = hub
        .store
        .load(&hub.registry, &code)
        .await
        .unwrap()
        .expect("stored");
    assert_eq!(stored.version, 2);
    assert_eq!(stored.ply(), 1);
    assert_eq!(stored.seats[1].key, Some(token_key("black")));
}
