//! A native client of a Burrow server on tokio: the bot, the load run, the
//! desktop game (on a thread of its own, `crate::game`'s online socket) and
//! the tests use it, over `ws://` or `wss://` (TLS: [`super::tls`]). The web
//! page connects through the browser.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::protocol::{self, ClientMessage, ServerMessage};
use super::tls::{self, TlsError};
use crate::lang::printable;

/// What went wrong with a connection.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    #[error("cannot connect to {url}: {}", tls::explain(source).0)]
    Connect {
        url: String,
        source: tokio_tungstenite::tungstenite::Error,
    },
    #[error("cannot send: {0}")]
    Send(#[source] tokio_tungstenite::tungstenite::Error),
    /// The reader's words may quote the server's text: shown with its
    /// control and invisible characters written out.
    #[error(
        "the server sent something unreadable: {}",
        printable(&.0.to_string())
    )]
    Unreadable(#[source] protocol::DecodeError),
    #[error("the server closed the connection")]
    Closed,
    #[error("connection lost: {0}")]
    Lost(#[source] tokio_tungstenite::tungstenite::Error),
    #[error("no message from the server within {0:?}")]
    Timeout(Duration),
}

/// The error of a failed connection to `url`.
fn connect_error(url: &str) -> impl FnOnce(tokio_tungstenite::tungstenite::Error) -> ClientError {
    let url = url.to_string();
    move |source| ClientError::Connect { url, source }
}

impl ClientError {
    /// A failure that trying again will not mend (a certificate that does
    /// not check).
    pub fn is_final(&self) -> bool {
        match self {
            ClientError::Connect { source, .. } => tls::explain(source).1,
            _ => false,
        }
    }
}

/// Whom a client trusts with `wss://`: the Mozilla roots, and a certificate
/// authority of the player's if one is named.
#[derive(Clone, Debug)]
pub struct Trust(std::sync::Arc<rustls::ClientConfig>);

impl Trust {
    /// The Mozilla roots and the authorities in `ca_file`, if any.
    pub fn new(ca_file: Option<&std::path::Path>) -> Result<Trust, TlsError> {
        tls::client_config(ca_file).map(Trust)
    }

    /// The TLS configuration.
    pub fn config(&self) -> std::sync::Arc<rustls::ClientConfig> {
        self.0.clone()
    }

    /// The Mozilla roots alone.
    pub fn roots() -> Trust {
        static ROOTS: std::sync::OnceLock<Trust> = std::sync::OnceLock::new();
        ROOTS
            .get_or_init(|| Trust::new(None).expect("the built-in roots make a configuration"))
            .clone()
    }
}

/// One WebSocket connection to a server.
pub struct Client {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    /// Connects to `ws://HOST:PORT/ws` or `wss://…`, trusting the Mozilla
    /// roots.
    pub async fn connect(url: &str) -> Result<Client, ClientError> {
        Client::connect_trusting(url, &Trust::roots()).await
    }

    /// Connects to `ws://…` or `wss://…`, trusting `trust`.
    pub async fn connect_trusting(url: &str, trust: &Trust) -> Result<Client, ClientError> {
        let connector = tokio_tungstenite::Connector::Rustls(trust.0.clone());
        let (socket, _) =
            tokio_tungstenite::connect_async_tls_with_config(url, None, false, Some(connector))
                .await
                .map_err(connect_error(url))?;
        Ok(Client { socket })
    }

    /// Connects to `ws://HOST:PORT/ws` over a TCP connection already open
    /// to that host (one made from a chosen local address, say).
    pub async fn connect_over(url: &str, stream: TcpStream) -> Result<Client, ClientError> {
        let (socket, _) = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream))
            .await
            .map_err(connect_error(url))?;
        Ok(Client { socket })
    }

    pub async fn send(&mut self, message: &ClientMessage) -> Result<(), ClientError> {
        self.send_text(&protocol::encode(message)).await
    }

    /// Sends any text, well-formed or not (the tests send broken ones).
    pub async fn send_text(&mut self, text: &str) -> Result<(), ClientError> {
        self.socket
            .send(Message::Text(text.into()))
            .await
            .map_err(ClientError::Send)
    }

    /// Sends a binary frame (the protocol has none; the tests check that the
    /// server refuses them and counts them against the rate limit).
    pub async fn send_binary(&mut self, bytes: Vec<u8>) -> Result<(), ClientError> {
        self.socket
            .send(Message::Binary(bytes.into()))
            .await
            .map_err(ClientError::Send)
    }

    /// The next message from the server.
    pub async fn recv(&mut self) -> Result<ServerMessage, ClientError> {
        loop {
            match self.socket.next().await {
                Some(Ok(Message::Text(text))) => {
                    return protocol::decode(&text).map_err(ClientError::Unreadable);
                }
                Some(Ok(Message::Close(_))) | None => return Err(ClientError::Closed),
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(ClientError::Lost(e)),
            }
        }
    }

    /// The next message, or an error after `wait`.
    pub async fn recv_within(&mut self, wait: Duration) -> Result<ServerMessage, ClientError> {
        tokio::time::timeout(wait, self.recv())
            .await
            .map_err(|_| ClientError::Timeout(wait))?
    }

    /// Reads messages until `pick` takes one (others are dropped).
    pub async fn wait_for<T>(
        &mut self,
        wait: Duration,
        mut pick: impl FnMut(&ServerMessage) -> Option<T>,
    ) -> Result<T, ClientError> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let message = self.recv_within(left).await?;
            if let Some(found) = pick(&message) {
                return Ok(found);
            }
        }
    }

    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}
