//! A connection to a Burrow server, shared by the table's connection and
//! the community's: on the desktop a thread running the native client's
//! WebSocket (tokio-tungstenite, `ws://` or `wss://` with rustls), on the
//! page the browser's WebSocket (through `ewebsock`).

use crate::online::mirror::websocket_url;
use crate::online::protocol::{self, ClientMessage};

/// The certificate authority named on the command line (`--ca-file`), for
/// this run: it stands before the one in Settings.
#[derive(bevy::prelude::Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct CaFileFlag(pub Option<String>);

impl CaFileFlag {
    /// The certificate authority a new connection trusts.
    pub fn chosen(&self, settings: &crate::game::settings::Settings) -> Option<String> {
        self.0.clone().or_else(|| settings.ca_file.clone())
    }
}

/// A server that could not be reached (its `Display` is the player's
/// words).
#[derive(Debug)]
pub struct ConnectError {
    pub url: String,
    pub error: Box<OpenError>,
}

impl std::fmt::Display for ConnectError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::tr!(
            "online-cannot-connect",
            server = self.url.as_str(),
            why = self.error.to_string()
        ))
    }
}

impl std::error::Error for ConnectError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&*self.error)
    }
}

/// Why a connection could not even be started.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    /// The certificate authority to trust does not read.
    #[cfg(not(target_arch = "wasm32"))]
    #[error(transparent)]
    Trust(#[from] crate::online::tls::TlsError),
    /// No thread could be started for the connection.
    #[cfg(not(target_arch = "wasm32"))]
    #[error("{}", crate::tr!("online-no-thread", why = .0.to_string()))]
    Thread(#[source] std::io::Error),
    /// The browser refused to open the WebSocket (its own words).
    #[cfg(target_arch = "wasm32")]
    #[error("{0}")]
    Browser(String),
}

/// What happened on a connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SocketEvent {
    Opened,
    /// A text message.
    Text(String),
    /// The connection failed or broke. `last`: trying again will not help
    /// (the server's certificate does not check), so the client stops.
    Failed {
        why: String,
        last: bool,
    },
    Closed,
}

/// A connection to a server, kept apart from the resources: the browser's
/// socket may not leave the main thread.
#[derive(Default)]
pub struct Socket {
    connection: Option<Connection>,
    waker: Option<Waker>,
    /// A certificate authority (PEM file) trusted beside the usual roots
    /// (the player's setting; the desktop only).
    pub ca_file: Option<String>,
}

impl Socket {
    pub fn send(&mut self, message: &ClientMessage) {
        if let Some(connection) = &mut self.connection {
            connection.send(protocol::encode(message));
        }
    }

    pub fn is_open(&self) -> bool {
        self.connection.is_some()
    }

    pub fn close(&mut self) {
        self.connection = None;
    }

    /// Connects to `server` (as typed); messages wake the window through
    /// `proxy`.
    pub fn open(
        &mut self,
        server: &str,
        proxy: Option<&bevy::winit::EventLoopProxyWrapper>,
    ) -> Result<(), ConnectError> {
        if self.waker.is_none()
            && let Some(proxy) = proxy
        {
            self.waker = Some(Waker(std::sync::Arc::new(std::sync::Mutex::new(
                (**proxy).clone(),
            ))));
        }
        let url = websocket_url(server);
        match Connection::open(&url, self.ca_file.as_deref(), self.waker.clone()) {
            Ok(connection) => {
                self.connection = Some(connection);
                Ok(())
            }
            Err(error) => Err(ConnectError {
                url,
                error: Box::new(error),
            }),
        }
    }

    /// What came since the last call.
    pub fn events(&self) -> Vec<SocketEvent> {
        self.connection
            .as_ref()
            .map(Connection::events)
            .unwrap_or_default()
    }
}

/// The page's connection: the browser's WebSocket.
#[cfg(target_arch = "wasm32")]
struct Connection(ewebsock::WsSender, ewebsock::WsReceiver);

#[cfg(target_arch = "wasm32")]
impl Connection {
    fn open(url: &str, _ca_file: Option<&str>, waker: Option<Waker>) -> Result<Self, OpenError> {
        let options = ewebsock::Options::default();
        let (sender, receiver) = match waker {
            Some(wake) => ewebsock::connect_with_wakeup(url, options, move || wake.wake()),
            None => ewebsock::connect(url, options),
        }
        .map_err(OpenError::Browser)?;
        Ok(Connection(sender, receiver))
    }

    fn send(&mut self, text: String) {
        self.0.send(ewebsock::WsMessage::Text(text));
    }

    fn events(&self) -> Vec<SocketEvent> {
        let mut events = Vec::new();
        while let Some(event) = self.1.try_recv() {
            events.push(match event {
                ewebsock::WsEvent::Opened => SocketEvent::Opened,
                ewebsock::WsEvent::Message(ewebsock::WsMessage::Text(text)) => {
                    SocketEvent::Text(text)
                }
                ewebsock::WsEvent::Message(_) => continue,
                ewebsock::WsEvent::Error(why) => SocketEvent::Failed { why, last: false },
                ewebsock::WsEvent::Closed => SocketEvent::Closed,
            });
        }
        events
    }
}

/// The desktop's connection: a thread of its own runs the WebSocket on a
/// small tokio runtime; text goes out through a channel and events come
/// back through another, waking the window. Dropping it ends the thread.
#[cfg(not(target_arch = "wasm32"))]
struct Connection {
    outgoing: tokio::sync::mpsc::UnboundedSender<String>,
    incoming: std::sync::mpsc::Receiver<SocketEvent>,
}

#[cfg(not(target_arch = "wasm32"))]
impl Connection {
    fn open(url: &str, ca_file: Option<&str>, waker: Option<Waker>) -> Result<Self, OpenError> {
        let trust = crate::online::client::Trust::new(ca_file.map(std::path::Path::new))?;
        let (outgoing, to_send) = tokio::sync::mpsc::unbounded_channel();
        let (events, incoming) = std::sync::mpsc::channel();
        let url = url.to_string();
        std::thread::Builder::new()
            .name("burrow-connection".into())
            .spawn(move || {
                let emit = move |event: SocketEvent| {
                    let _ = events.send(event);
                    if let Some(waker) = &waker {
                        waker.wake();
                    }
                };
                match tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    Ok(runtime) => runtime.block_on(run(url, trust, to_send, emit)),
                    Err(e) => emit(SocketEvent::Failed {
                        why: crate::tr!("online-no-runtime", why = e.to_string()),
                        last: false,
                    }),
                }
            })
            .map_err(OpenError::Thread)?;
        Ok(Connection { outgoing, incoming })
    }

    fn send(&mut self, text: String) {
        let _ = self.outgoing.send(text);
    }

    fn events(&self) -> Vec<SocketEvent> {
        self.incoming.try_iter().collect()
    }
}

/// The connection's thread: connects, then passes text both ways until
/// either side ends it.
#[cfg(not(target_arch = "wasm32"))]
async fn run(
    url: String,
    trust: crate::online::client::Trust,
    mut to_send: tokio::sync::mpsc::UnboundedReceiver<String>,
    emit: impl Fn(SocketEvent),
) {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let connector = tokio_tungstenite::Connector::Rustls(trust.config());
    let mut socket =
        match tokio_tungstenite::connect_async_tls_with_config(&url, None, true, Some(connector))
            .await
        {
            Ok((socket, _)) => socket,
            Err(e) => {
                let (why, last) = crate::online::tls::explain(&e);
                return emit(SocketEvent::Failed { why, last });
            }
        };
    emit(SocketEvent::Opened);
    loop {
        tokio::select! {
            text = to_send.recv() => match text {
                Some(text) => {
                    if let Err(e) = socket.send(Message::Text(text.into())).await {
                        return emit(SocketEvent::Failed { why: e.to_string(), last: false });
                    }
                }
                // The game let go of the connection.
                None => {
                    let _ = socket.close(None).await;
                    return;
                }
            },
            message = socket.next() => match message {
                Some(Ok(Message::Text(text))) => emit(SocketEvent::Text(text.to_string())),
                Some(Ok(Message::Close(_))) | None => return emit(SocketEvent::Closed),
                Some(Ok(_)) => {}
                Some(Err(e)) => {
                    return emit(SocketEvent::Failed { why: e.to_string(), last: false });
                }
            },
        }
    }
}

/// The pause before connecting again after the `retries`-th loss: 2 s
/// growing to 8 s.
pub fn retry_pause(retries: u32) -> f64 {
    f64::from(1u32 << retries.min(3))
}

/// Wakes the window when a message arrives (the game sleeps between inputs).
#[derive(Clone)]
struct Waker(
    std::sync::Arc<std::sync::Mutex<bevy::winit::EventLoopProxy<bevy::winit::WinitUserEvent>>>,
);

impl Waker {
    fn wake(&self) {
        if let Ok(proxy) = self.0.lock() {
            let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
        }
    }
}
