//! A connection to a Burrow server over `ewebsock` (a thread with
//! tungstenite on the desktop, the browser's WebSocket on the page), shared
//! by the table's connection and the community's.

use crate::online::mirror::websocket_url;
use crate::online::protocol::{self, ClientMessage};

/// A server that could not be reached.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot connect to {url}: {error}")]
pub struct ConnectError {
    pub url: String,
    pub error: String,
}

/// A connection to a server, kept apart from the resources: the browser's
/// socket may not leave the main thread.
#[derive(Default)]
pub struct Socket {
    connection: Option<(ewebsock::WsSender, ewebsock::WsReceiver)>,
    waker: Option<Waker>,
}

impl Socket {
    pub fn send(&mut self, message: &ClientMessage) {
        if let Some((sender, _)) = &mut self.connection {
            sender.send(ewebsock::WsMessage::Text(protocol::encode(message)));
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
        let options = ewebsock::Options::default();
        let result = match self.waker.clone() {
            Some(wake) => ewebsock::connect_with_wakeup(url.clone(), options, move || wake.wake()),
            None => ewebsock::connect(url.clone(), options),
        };
        match result {
            Ok(connection) => {
                self.connection = Some(connection);
                Ok(())
            }
            Err(error) => Err(ConnectError { url, error }),
        }
    }

    /// What came since the last call.
    pub fn events(&self) -> Vec<ewebsock::WsEvent> {
        let mut events = Vec::new();
        if let Some((_, receiver)) = &self.connection {
            while let Some(event) = receiver.try_recv() {
                events.push(event);
            }
        }
        events
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
