//! The tables' messages on a connection: open a table, take a seat (by
//! code or by pairing), come back to one, play, resign, ask for a rematch.

use std::sync::Arc;

use crate::online::protocol::{self, ErrorKind, ServerMessage};
use crate::online::table::{Refused, Seat, Table, check_setup, read_turn};
use crate::rules::Side;

use crate::server::accounts;
use crate::server::keys::{new_code, new_token, token_key};
use crate::server::now_ms;
use crate::server::pairing;
use crate::server::tables::{LiveTable, refused_storage};

use super::Connection;

/// The name of a guest who gave none.
const GUEST: &str = "guest";

impl Connection {
    /// Who takes a seat from this connection (a seat with no token yet):
    /// the signed-in account (its name, whatever name the message gives),
    /// or a guest by the name given. A guest with no name (or `guest`)
    /// sits as `guest`; any other name passes the rules of account names
    /// (NFKC, letters and digits of one script, nothing invisible or
    /// direction-changing, not the computer's) and may not be an
    /// account's.
    async fn holder(&self, name: Option<String>) -> Result<Seat, Refused> {
        if let Some(player) = &self.player {
            return Ok(Seat {
                name: Some(player.name.clone()),
                player: Some(player.key.clone()),
                bot: player.bot,
                ..Seat::default()
            });
        }
        let asked = name.as_deref().map(str::trim).unwrap_or_default();
        if asked.is_empty() || asked == GUEST {
            return Ok(Seat {
                name: Some(GUEST.to_string()),
                ..Seat::default()
            });
        }
        let name = accounts::check_name(asked)
            .map_err(|e| Refused::new(ErrorKind::BadName, format!("a guest's name: {e}")))?;
        let account = self
            .hub
            .store
            .player(&name.key)
            .await
            .map_err(refused_storage)?;
        if account.is_some() {
            return Err(Refused::new(
                ErrorKind::NameTaken,
                format!(
                    "`{}` is an account's name: sign in to play as it, or choose another",
                    name.shown
                ),
            ));
        }
        Ok(Seat {
            name: Some(name.shown),
            ..Seat::default()
        })
    }

    /// Whether the accounts of `joining` and of the seat already taken at
    /// a rated table may play each other: not a bot account and an
    /// account that refuses bots (each as its settings stand now).
    async fn bots_allowed(&self, joining: &str, waiting: &str) -> Result<(), Refused> {
        let store = &self.hub.store;
        let (Some(joining), Some(waiting)) = (
            store.player(joining).await.map_err(refused_storage)?,
            store.player(waiting).await.map_err(refused_storage)?,
        ) else {
            return Ok(());
        };
        if waiting.bot && joining.refuse_bots {
            return Err(Refused::new(
                ErrorKind::BotsRefused,
                format!(
                    "`{}` is a bot account, and your account refuses rated games against bots",
                    waiting.name
                ),
            ));
        }
        if joining.bot && waiting.refuse_bots {
            return Err(Refused::new(
                ErrorKind::BotsRefused,
                format!("`{}` refuses rated games against bots", waiting.name),
            ));
        }
        Ok(())
    }

    /// The seat a token holds at a table, or a refusal. An empty token
    /// stands for the signed-in account: its seat, from any device.
    async fn seat(&self, code: &str, token: &str) -> Result<(Arc<LiveTable>, Side), Refused> {
        let live = self.hub.live(code).await?;
        let side = {
            let table = live.table.lock().await;
            match (token, &self.player) {
                ("", Some(player)) => [Side::White, Side::Black]
                    .into_iter()
                    .find(|s| table.seats[s.index()].player.as_ref() == Some(&player.key)),
                _ => table.side_of(&token_key(token)),
            }
        };
        let side = side.ok_or_else(|| {
            Refused::new(
                ErrorKind::NotYourSeat,
                if token.is_empty() {
                    "no seat of yours at this game (sign in, or give the seat's token)"
                } else {
                    "that token holds no seat at this game"
                },
            )
        })?;
        Ok((live, side))
    }

    /// Follows a table without a seat.
    pub(super) async fn watch(&mut self, code: &str) -> Result<(), Refused> {
        self.room_for_another(Some(code)).await?;
        let live = self.hub.live(code).await?;
        self.follow(live, None).await;
        Ok(())
    }

    /// Comes back to a seat (by its token, or the account's).
    pub(super) async fn resume(&mut self, code: &str, token: String) -> Result<(), Refused> {
        self.room_for_another(Some(code)).await?;
        let (live, side) = self.seat(code, &token).await?;
        let code = live.table.lock().await.code.clone();
        self.send(&ServerMessage::Seat { code, side, token }).await;
        self.follow(live, Some(side)).await;
        Ok(())
    }

    /// Plays a turn at the seat the token holds.
    pub(super) async fn turn(
        &mut self,
        code: &str,
        token: &str,
        ply: u32,
        turn: &str,
    ) -> Result<(), Refused> {
        let played = read_turn(turn)?;
        let (live, side) = self.seat(code, token).await?;
        self.hub
            .change(&live, |table, now| {
                table.play(side, ply, played.clone(), now)
            })
            .await?;
        Ok(())
    }

    /// Resigns the game at the seat the token holds.
    pub(super) async fn resign(&mut self, code: &str, token: &str) -> Result<(), Refused> {
        let (live, side) = self.seat(code, token).await?;
        self.hub
            .change(&live, |table, now| table.resign(side, now))
            .await?;
        Ok(())
    }

    /// Offers (or accepts) a rematch; once both want one, it opens.
    pub(super) async fn rematch(&mut self, code: &str, token: &str) -> Result<(), Refused> {
        let (live, side) = self.seat(code, token).await?;
        let agreed = self
            .hub
            .change(&live, |table, _| {
                if table.rematch_code.is_some() {
                    return Ok(false);
                }
                table.offer_rematch(side)
            })
            .await?;
        if agreed {
            // A rated rematch meets the accounts' settings as they are now.
            let (rated, players) = {
                let table = live.table.lock().await;
                (
                    table.rated,
                    [table.seats[0].player.clone(), table.seats[1].player.clone()],
                )
            };
            if rated && let [Some(white), Some(black)] = &players {
                self.bots_allowed(white, black).await?;
            }
            self.open_rematch(&live).await?;
        }
        Ok(())
    }

    /// Opens a table with the player at one seat (see `create`).
    pub(super) async fn create(
        &mut self,
        setup: &protocol::GameSetup,
        side: protocol::SideChoice,
        name: Option<String>,
        computer: Option<protocol::ComputerLevel>,
        public: bool,
        rated: bool,
    ) -> Result<Arc<LiveTable>, Refused> {
        self.room_for_another(None).await?;
        let holder = self.holder(name).await?;
        if rated {
            if holder.player.is_none() {
                return Err(Refused::new(
                    ErrorKind::SignInFirst,
                    "sign in to play a rated game",
                ));
            }
            if setup.design.is_some() {
                return Err(Refused::new(
                    ErrorKind::BadSetup,
                    "rated games are the built-in games; a design plays unrated",
                ));
            }
        }
        let (live, side, token) = self
            .hub
            .create(setup, side, holder, computer, public, rated)
            .await?;
        let code = live.table.lock().await.code.clone();
        self.send(&ServerMessage::Seat { code, side, token }).await;
        self.follow(live.clone(), Some(side)).await;
        self.hub.clone().wake_computer(live.clone());
        Ok(live)
    }

    /// Takes the free seat at `code` (see `join`).
    pub(super) async fn join(&mut self, code: &str, name: Option<String>) -> Result<(), Refused> {
        self.room_for_another(Some(code)).await?;
        let live = self.hub.live(code).await?;
        let token = new_token();
        let key = token_key(&token);
        let holder = self.holder(name).await?;
        let (rated, waiting) = {
            let table = live.table.lock().await;
            let waiting = table.seats.iter().find_map(|s| s.player.clone());
            (table.rated, waiting)
        };
        if rated && let (Some(joining), Some(waiting)) = (&holder.player, &waiting) {
            self.bots_allowed(joining, waiting).await?;
        }
        // One connection plays one side of a rated game, whichever
        // accounts it signs in to (no rating from playing oneself).
        let seated_here = self
            .following
            .get(&code.trim().to_ascii_uppercase())
            .is_some_and(|followed| followed.seat.is_some());
        let side = self
            .hub
            .change(&live, |table, now| {
                let side = [Side::White, Side::Black]
                    .into_iter()
                    .find(|s| {
                        let seat = &table.seats[s.index()];
                        seat.key.is_none() && seat.computer.is_none()
                    })
                    .ok_or_else(|| {
                        Refused::new(ErrorKind::TableFull, "both seats are taken (watch instead)")
                    })?;
                if table.rated {
                    let Some(player) = &holder.player else {
                        return Err(Refused::new(
                            ErrorKind::SignInFirst,
                            "sign in to play a rated game",
                        ));
                    };
                    if seated_here
                        || table.seats[side.opponent().index()].player.as_ref() == Some(player)
                    {
                        return Err(Refused::new(
                            ErrorKind::BadSetup,
                            "a rated game is between two players",
                        ));
                    }
                }
                table.seats[side.index()] = Seat {
                    key: Some(key.clone()),
                    ..holder.clone()
                };
                table.start_clock_if_ready(now);
                Ok(side)
            })
            .await?;
        let code = live.table.lock().await.code.clone();
        self.send(&ServerMessage::Seat {
            code,
            side,
            token: token.clone(),
        })
        .await;
        self.follow(live, Some(side)).await;
        Ok(())
    }

    /// Play someone now (see `pair`).
    pub(super) async fn pair(
        &mut self,
        variant: String,
        size: crate::rules::BoardSize,
        clock: Option<protocol::ClockSetting>,
        bot_after_s: Option<u32>,
    ) -> Result<(), Refused> {
        if let Some(wait) = bot_after_s
            && !protocol::BOT_WAIT_S.contains(&wait)
        {
            return Err(Refused::new(
                ErrorKind::BadSetup,
                format!(
                    "the wait for the computer is {} to {} s, not {wait}",
                    protocol::BOT_WAIT_S.start(),
                    protocol::BOT_WAIT_S.end()
                ),
            ));
        }
        let setup = protocol::GameSetup {
            variant: variant.clone(),
            size,
            start: None,
            clock,
            design: None,
        };
        // The game, board and clock must be ones a table takes, whatever
        // follows.
        if check_setup(&self.hub.registry, &setup)?
            .setup
            .design
            .is_some()
        {
            return Err(Refused::new(
                ErrorKind::BadSetup,
                "pairing is for the built-in games; open a table for a design",
            ));
        }
        let (rating, refuses_bots) = match &self.player {
            Some(player) => {
                let store = &self.hub.store;
                let rating = store
                    .rating(&player.key, &variant)
                    .await
                    .map_err(refused_storage)?
                    .unwrap_or_default()
                    .rating;
                let account = store.player(&player.key).await.map_err(refused_storage)?;
                (Some(rating), account.is_some_and(|a| a.refuse_bots))
            }
            None => (None, false),
        };
        let seeks = self.hub.store.seeks().await.map_err(refused_storage)?;
        let wanted = pairing::Wanted {
            variant: &variant,
            size,
            clock,
            player: self
                .player
                .as_ref()
                .zip(rating)
                .map(|(p, r)| (p.name.as_str(), r)),
            refuses_bots,
        };
        for seek in pairing::choose(&seeks, &wanted) {
            // Taken meanwhile by someone else, or its player refuses bots
            // (this is a bot account's): the next, or a table of one's own.
            match self.join(&seek.code, None).await {
                Err(e) if matches!(e.kind, ErrorKind::TableFull | ErrorKind::BotsRefused) => {}
                other => return other,
            }
        }
        let rated = self.player.is_some();
        let live = self
            .create(
                &setup,
                protocol::SideChoice::Random,
                None,
                None,
                true,
                rated,
            )
            .await?;
        if let Some(wait) = bot_after_s {
            let level = pairing::level_near(
                &self.hub,
                &variant,
                rating.unwrap_or(protocol::Rating::default().rating),
            )
            .await;
            pairing::computer_after(
                self.hub.clone(),
                live,
                std::time::Duration::from_secs(u64::from(wait)),
                level,
            );
        }
        Ok(())
    }

    /// Both players want another game: a new table with the colours (and
    /// tokens) swapped, announced at the old one.
    async fn open_rematch(&mut self, live: &Arc<LiveTable>) -> Result<(), Refused> {
        let old = live.table.lock().await.clone();
        let checked = check_setup(&self.hub.registry, &old.setup)?;
        let mut new_room = None;
        for _ in 0..20 {
            let now = now_ms();
            let mut table = Table::new(new_code(), checked.clone(), now);
            table.seats = [old.seats[1].clone(), old.seats[0].clone()];
            table.public = old.public;
            table.rated = old.rated;
            table.start_clock_if_ready(now);
            if self
                .hub
                .store
                .insert(&table, now)
                .await
                .map_err(refused_storage)?
            {
                new_room = Some(self.hub.keep(table));
                break;
            }
        }
        let new_room =
            new_room.ok_or_else(|| Refused::new(ErrorKind::Storage, "no free game code found"))?;
        let new_code = new_room.table.lock().await.code.clone();
        self.hub
            .change(live, |table, _| {
                table.rematch_code = Some(new_code.clone());
                Ok(())
            })
            .await?;
        self.hub.clone().wake_computer(new_room);
        Ok(())
    }
}
