//! The accounts' messages on a connection: register, sign in (with a
//! password or a session), sign out. Each attempt costs from the
//! connection's allowance, as each costs a password hash.

use crate::online::protocol::{ClientMessage, ErrorKind, ServerMessage};
use crate::online::table::Refused;

use super::{Connection, SignedIn};
use crate::server::accounts;
use crate::server::keys::{new_token, token_key};
use crate::server::now_ms;
use crate::server::store::StoredPlayer;
use crate::server::tables::refused_storage;

/// Sign-in and register attempts one connection may make: one every ten
/// seconds on average, five at once (each costs a password hash).
pub(super) const ATTEMPTS_PER_SECOND: f64 = 0.1;
pub(super) const ATTEMPTS_BURST: f64 = 5.0;

/// The one answer to a wrong name or a wrong password.
fn wrong() -> Refused {
    Refused::new(
        ErrorKind::WrongPassword,
        "the name or the password is wrong",
    )
}

impl Connection {
    /// Signs this connection in to `player` with a new session.
    async fn sign_in(&mut self, player: StoredPlayer) -> Result<(), Refused> {
        let session = new_token();
        let key = token_key(&session);
        self.hub
            .store
            .add_session(&key, &player.key, now_ms())
            .await
            .map_err(refused_storage)?;
        self.signed_in(player, session).await;
        Ok(())
    }

    /// Tells the client it is signed in with `session`, and plays under
    /// the account from now on.
    async fn signed_in(&mut self, player: StoredPlayer, session: String) {
        let key = token_key(&session);
        if let Some(old) = self.player.take() {
            self.hub.sign_out(&old.key, self.id);
        }
        self.hub.sign_in(&player.key, self.id, self.out.clone());
        self.send(&ServerMessage::SignedIn {
            name: player.name.clone(),
            session,
            bot: player.bot,
            refuse_bots: player.refuse_bots,
        })
        .await;
        self.player = Some(SignedIn {
            key: player.key,
            name: player.name,
            session: key,
            bot: player.bot,
        });
    }

    /// Takes one sign-in or register attempt from the connection's
    /// allowance.
    fn attempt(&mut self) -> Result<(), Refused> {
        if self.attempts.take() {
            Ok(())
        } else {
            Err(Refused::new(
                ErrorKind::RateLimited,
                "too many sign-in attempts: wait a little",
            ))
        }
    }

    /// Answers an account's message (the dispatcher hands over only
    /// these).
    pub(super) async fn accounts(&mut self, message: ClientMessage) -> Result<(), Refused> {
        match message {
            ClientMessage::Register {
                name,
                password,
                bot,
            } => self.register(&name, password, bot).await,
            ClientMessage::SignIn { name, password } => self.sign_in_with(&name, password).await,
            ClientMessage::Hello { session } => self.hello(session).await,
            ClientMessage::SignOut {} => self.sign_out().await,
            ClientMessage::Account { refuse_bots } => self.settings(refuse_bots).await,
            _ => Ok(()),
        }
    }

    /// Makes an account (a person's, or a bot's) and signs in to it.
    async fn register(&mut self, name: &str, password: String, bot: bool) -> Result<(), Refused> {
        self.attempt()?;
        let name = accounts::check_name(name)
            .map_err(|e| Refused::new(ErrorKind::BadName, e.to_string()))?;
        accounts::check_password(&password)
            .map_err(|e| Refused::new(ErrorKind::BadPassword, e.to_string()))?;
        let password = self
            .hub
            .hasher
            .hash(password)
            .await
            .map_err(|e| Refused::new(ErrorKind::Storage, e.to_string()))?;
        let player = StoredPlayer {
            key: name.key,
            name: name.shown,
            password,
            bot,
            refuse_bots: false,
        };
        if !self
            .hub
            .store
            .add_player(&player, now_ms())
            .await
            .map_err(refused_storage)?
        {
            return Err(Refused::new(
                ErrorKind::NameTaken,
                format!("`{}` (or a name that reads like it) is taken", player.name),
            ));
        }
        tracing::info!(
            "{} {} registered",
            if bot { "bot account" } else { "account" },
            player.name
        );
        self.sign_in(player).await
    }

    /// Signs in with a name and a password.
    async fn sign_in_with(&mut self, name: &str, password: String) -> Result<(), Refused> {
        self.attempt()?;
        if accounts::check_password(&password).is_err() {
            return Err(wrong());
        }
        let stored = self
            .hub
            .store
            .player(&accounts::name_key(name.trim()))
            .await
            .map_err(refused_storage)?;
        // An unknown name costs a hash too, so the time taken does
        // not tell which names exist.
        let (stored, hash) = match stored {
            Some(player) => {
                let hash = player.password.clone();
                (Some(player), hash)
            }
            None => (None, self.hub.decoy_hash.clone()),
        };
        let right = self.hub.hasher.verify(password, hash).await;
        match stored {
            Some(player) if right => self.sign_in(player).await,
            _ => Err(wrong()),
        }
    }

    /// Signs in again with a session an earlier sign-in gave.
    async fn hello(&mut self, session: String) -> Result<(), Refused> {
        self.attempt()?;
        let key = token_key(&session);
        let player = self
            .hub
            .store
            .session(&key)
            .await
            .map_err(refused_storage)?
            .ok_or_else(|| {
                Refused::new(ErrorKind::BadSession, "that session is over: sign in again")
            })?;
        self.signed_in(player, session).await;
        Ok(())
    }

    /// Stores the signed-in account's settings and answers with them.
    async fn settings(&mut self, refuse_bots: bool) -> Result<(), Refused> {
        let Some(player) = &self.player else {
            return Err(Refused::new(
                ErrorKind::SignInFirst,
                "sign in to change an account's settings",
            ));
        };
        self.hub
            .store
            .set_refuse_bots(&player.key, refuse_bots)
            .await
            .map_err(refused_storage)?;
        self.send(&ServerMessage::Account { refuse_bots }).await;
        Ok(())
    }

    /// Ends the session; the connection plays as a guest.
    async fn sign_out(&mut self) -> Result<(), Refused> {
        if let Some(player) = self.player.take() {
            self.hub.sign_out(&player.key, self.id);
            self.hub
                .store
                .drop_session(&player.session)
                .await
                .map_err(refused_storage)?;
        }
        self.send(&ServerMessage::SignedOut).await;
        Ok(())
    }
}
