//! A native client of a Burrow server on tokio: the bot, the load run and
//! the tests use it. (The game itself connects with `ewebsock`, which also
//! runs in the browser.)

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::protocol::{self, ClientMessage, ServerMessage};

/// One WebSocket connection to a server.
pub struct Client {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    /// Connects to `ws://HOST:PORT/ws`.
    pub async fn connect(url: &str) -> Result<Client, String> {
        let (socket, _) = tokio_tungstenite::connect_async(url)
            .await
            .map_err(|e| format!("cannot connect to {url}: {e}"))?;
        Ok(Client { socket })
    }

    pub async fn send(&mut self, message: &ClientMessage) -> Result<(), String> {
        self.send_text(&protocol::encode(message)).await
    }

    /// Sends any text, well-formed or not (the tests send broken ones).
    pub async fn send_text(&mut self, text: &str) -> Result<(), String> {
        self.socket
            .send(Message::Text(text.into()))
            .await
            .map_err(|e| format!("cannot send: {e}"))
    }

    /// The next message from the server.
    pub async fn recv(&mut self) -> Result<ServerMessage, String> {
        loop {
            match self.socket.next().await {
                Some(Ok(Message::Text(text))) => {
                    return protocol::decode(&text)
                        .map_err(|e| format!("the server sent something unreadable: {e}"));
                }
                Some(Ok(Message::Close(_))) | None => {
                    return Err("the server closed the connection".into());
                }
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(format!("connection lost: {e}")),
            }
        }
    }

    /// The next message, or an error after `wait`.
    pub async fn recv_within(&mut self, wait: Duration) -> Result<ServerMessage, String> {
        tokio::time::timeout(wait, self.recv())
            .await
            .map_err(|_| format!("no message from the server within {wait:?}"))?
    }

    /// Reads messages until `pick` takes one (others are dropped).
    pub async fn wait_for<T>(
        &mut self,
        wait: Duration,
        mut pick: impl FnMut(&ServerMessage) -> Option<T>,
    ) -> Result<T, String> {
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
