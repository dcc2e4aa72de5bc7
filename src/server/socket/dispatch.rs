//! The dispatcher: what each client message does. The accounts' messages
//! go to [`super::accounts`], the tables' to [`super::tables`]; the
//! questions (my games, the lobby, the leaderboards, a player's page) are
//! answered here.

use crate::online::protocol::{self, ClientMessage, ErrorKind, ServerMessage};
use crate::online::table::Refused;

use crate::server::tables::refused_storage;

use super::Connection;

impl Connection {
    /// Answers one message; a refusal is told to this client only, and
    /// nothing changed.
    pub(super) async fn handle(&mut self, message: ClientMessage) -> Result<(), Refused> {
        match message {
            ClientMessage::Ping {} => self.send(&ServerMessage::Pong).await,
            ClientMessage::MyGames {} => self.my_games().await?,
            ClientMessage::Lobby {} => self.follow_lobby().await?,
            message @ (ClientMessage::Register { .. }
            | ClientMessage::SignIn { .. }
            | ClientMessage::Hello { .. }
            | ClientMessage::SignOut {}
            | ClientMessage::Account { .. }) => self.accounts(message).await?,
            ClientMessage::Create {
                setup,
                side,
                name,
                computer,
                public,
                rated,
            } => {
                self.create(&setup, side, name, computer, public, rated)
                    .await?;
            }
            ClientMessage::Join { code, name } => self.join(&code, name).await?,
            ClientMessage::Players { game } => self.players(game).await?,
            ClientMessage::Player { name } => self.player_page(&name).await?,
            ClientMessage::Pair {
                variant,
                size,
                clock,
                bot_after_s,
            } => self.pair(variant, size, clock, bot_after_s).await?,
            ClientMessage::Watch { code } => self.watch(&code).await?,
            ClientMessage::Resume { code, token } => self.resume(&code, token).await?,
            ClientMessage::Turn {
                code,
                token,
                ply,
                turn,
            } => self.turn(&code, &token, ply, &turn).await?,
            ClientMessage::Resign { code, token } => self.resign(&code, &token).await?,
            ClientMessage::Rematch { code, token } => self.rematch(&code, &token).await?,
        }
        Ok(())
    }

    /// The signed-in player's running games.
    async fn my_games(&mut self) -> Result<(), Refused> {
        let Some(player) = &self.player else {
            return Err(Refused::new(
                ErrorKind::SignInFirst,
                "sign in to see your games",
            ));
        };
        let games = self
            .hub
            .store
            .games_of(&player.key)
            .await
            .map_err(refused_storage)?;
        self.send(&ServerMessage::MyGames { games }).await;
        Ok(())
    }

    /// Follows the lobby: the seeks now, and again at every change.
    async fn follow_lobby(&mut self) -> Result<(), Refused> {
        if self.lobby.is_none() {
            let mut rx = self.hub.lobby.subscribe();
            let out = self.out.clone();
            let hub = self.hub.clone();
            self.lobby = Some(tokio::spawn(async move {
                loop {
                    let text = match rx.recv().await {
                        Ok(text) => text,
                        // Behind: the lobby as it is now instead.
                        Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                            match hub.lobby_message().await {
                                Ok(message) => protocol::encode(&message).into(),
                                Err(_) => continue,
                            }
                        }
                        Err(tokio::sync::broadcast::error::RecvError::Closed) => break,
                    };
                    if out.send(text).await.is_err() {
                        break;
                    }
                }
            }));
        }
        let message = self.hub.lobby_message().await?;
        self.send(&message).await;
        Ok(())
    }

    /// A game's leaderboard.
    async fn players(&mut self, game: String) -> Result<(), Refused> {
        if self.hub.registry.get(&game).is_none() {
            return Err(Refused::new(
                ErrorKind::BadSetup,
                format!("no game `{game}` here"),
            ));
        }
        let players = self
            .hub
            .store
            .leaderboard(&game, 100)
            .await
            .map_err(refused_storage)?;
        self.send(&ServerMessage::Players { game, players }).await;
        Ok(())
    }

    /// An account's page.
    async fn player_page(&mut self, name: &str) -> Result<(), Refused> {
        let page = self
            .hub
            .store
            .player_page(name)
            .await
            .map_err(refused_storage)?
            .ok_or_else(|| Refused::new(ErrorKind::UnknownPlayer, format!("no player `{name}`")))?;
        self.send(&ServerMessage::Player {
            page: Box::new(page),
        })
        .await;
        Ok(())
    }
}
