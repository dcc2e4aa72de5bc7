//! The four Burrow games of the designer, each written against the same
//! [`Variant`](super::Variant) interface a mod uses, and the game a file
//! describes ([`Design`](super::Design)) played through that interface too.

mod box_burrow;
mod designed;
mod path_burrow;
mod sweep_burrow;
mod tumburrow;

pub use box_burrow::BoxBurrow;
pub use path_burrow::PathBurrow;
pub use sweep_burrow::SweepBurrow;
pub use tumburrow::Tumburrow;
