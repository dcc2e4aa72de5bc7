//! The bot's account: signing in to it, making it first where asked.

use std::time::Duration;

use crate::online::client::Client;
use crate::online::protocol::{ClientMessage, ErrorKind, ServerMessage};

use super::error::BotError;

/// Whom the bot sits as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Identity {
    /// A guest by this name (unrated games only).
    Guest(String),
    /// A bot account, signed in with its password; with `register`, made
    /// first if nobody has the name yet.
    Account {
        name: String,
        password: String,
        register: bool,
    },
}

/// The answer to an account message: whether the account is a bot's, or
/// the refusal's kind and words.
async fn account_answer(
    client: &mut Client,
    message: ClientMessage,
) -> Result<Result<bool, (ErrorKind, String)>, BotError> {
    client.send(&message).await?;
    Ok(client
        .wait_for(Duration::from_secs(30), |m| match m {
            ServerMessage::SignedIn { bot, .. } => Some(Ok(*bot)),
            ServerMessage::Error { kind, message } => Some(Err((*kind, message.clone()))),
            _ => None,
        })
        .await?)
}

/// Signs in to the bot account (making it first if asked and free); a
/// guest does nothing.
pub(super) async fn sign_in(client: &mut Client, identity: &Identity) -> Result<(), BotError> {
    let Identity::Account {
        name,
        password,
        register,
    } = identity
    else {
        return Ok(());
    };
    if *register {
        let made = ClientMessage::Register {
            name: name.clone(),
            password: password.clone(),
            bot: true,
        };
        match account_answer(client, made).await? {
            Ok(_) => {
                tracing::info!("bot account {name} made and signed in");
                return Ok(());
            }
            // Made by an earlier run: sign in to it.
            Err((ErrorKind::NameTaken, _)) => {}
            Err((_, message)) => return Err(BotError::Refused(message)),
        }
    }
    let sign_in = ClientMessage::SignIn {
        name: name.clone(),
        password: password.clone(),
    };
    match account_answer(client, sign_in).await? {
        Ok(true) => Ok(()),
        Ok(false) => {
            let _ = client.send(&ClientMessage::SignOut {}).await;
            Err(BotError::NotABot(name.clone()))
        }
        Err((_, message)) => Err(BotError::Refused(message)),
    }
}
