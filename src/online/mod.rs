//! Online play, the parts every side shares: the messages
//! ([`protocol`]) and one game as the server judges it ([`table`]). The
//! server (`crate::server`), the bot (`burrow bot`) and the game's Online
//! menu all speak these.

#[cfg(not(target_arch = "wasm32"))]
pub mod client;
pub mod mirror;
pub mod protocol;
pub mod table;
#[cfg(not(target_arch = "wasm32"))]
pub mod tls;
