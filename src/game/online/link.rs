//! The life of one connection to a server, which the table's seat and the
//! community each keep: opened when asked (at once, or after a pause once
//! lost), its events read, a loss answered by trying again after a pause
//! that grows to 8 s, and a failure that would only repeat (a certificate
//! that does not check) ending the tries. What the server says is handed
//! to the connection's owner, decoded, one event at a time in the order
//! it came; so is the moment it opens.

use crate::online::protocol::{self, ServerMessage};
use crate::tr;

use super::socket::{Socket, SocketEvent, retry_pause};

/// The state of a connection.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Link {
    #[default]
    Off,
    Connecting,
    Open,
    /// Lost; a new connection is tried at `retry_at` (seconds of real time).
    Lost {
        retry_at: f64,
    },
}

/// The parts of a connection's owner that its life changes: the link, the
/// losses in a row, the notice the panels show, and the server it goes to.
pub(super) struct LinkState<'a> {
    pub link: &'a mut Link,
    pub retries: &'a mut u32,
    pub notice: &'a mut Option<String>,
    pub server: &'a str,
}

/// What a frame of the connection's life brought its owner.
pub(super) enum LinkNews {
    /// The connection opened (the owner greets the server).
    Opened,
    /// The server said this.
    Message(ServerMessage),
}

impl LinkState<'_> {
    /// Opens a new connection if one is due (at once after a request, or
    /// after the pause that follows a loss).
    pub fn retry_if_due(
        &mut self,
        socket: &mut Socket,
        proxy: Option<&bevy::winit::EventLoopProxyWrapper>,
        now: f64,
    ) {
        if let Link::Lost { retry_at } = *self.link
            && now >= retry_at
            && !socket.is_open()
        {
            match socket.open(self.server, proxy) {
                Ok(()) => *self.link = Link::Connecting,
                Err(e) => self.lost(socket, now, e.to_string()),
            }
        }
    }

    /// One event of the socket: a loss or a failure dealt with here, an
    /// opening or the server's words handed back for the owner to act on
    /// before the next event.
    pub fn on_event(
        &mut self,
        socket: &mut Socket,
        event: SocketEvent,
        now: f64,
    ) -> Option<LinkNews> {
        match event {
            SocketEvent::Opened => {
                *self.link = Link::Open;
                *self.retries = 0;
                return Some(LinkNews::Opened);
            }
            SocketEvent::Text(text) => match protocol::decode::<ServerMessage>(&text) {
                Ok(message) => return Some(LinkNews::Message(message)),
                Err(e) => *self.notice = Some(tr!("online-unreadable", why = e.to_string())),
            },
            SocketEvent::Failed { why, last: true } => {
                // Trying again would fail the same way: say so and stop.
                socket.close();
                *self.link = Link::Off;
                *self.notice = Some(tr!(
                    "online-cannot-connect",
                    server = self.server,
                    why = why
                ));
            }
            SocketEvent::Failed { why, last: false } => self.lost(socket, now, why),
            SocketEvent::Closed => self.lost(socket, now, tr!("online-closed")),
        }
        None
    }

    /// The connection went: try again after a pause that grows to 8 s. A
    /// connection already given up stays off.
    pub fn lost(&mut self, socket: &mut Socket, now: f64, why: String) {
        if *self.link == Link::Off {
            return;
        }
        socket.close();
        *self.retries += 1;
        *self.link = Link::Lost {
            retry_at: now + retry_pause(*self.retries),
        };
        *self.notice = Some(tr!("online-connection-lost", why = why));
    }
}
