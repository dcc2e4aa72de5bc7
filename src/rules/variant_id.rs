//! A game's id: the short name ([`Variant::id`](super::Variant::id)) by
//! which the CLI, game records, game files and the registry know a game.

/// Whether `id` is a valid variant id: lower-case letters, digits and dashes.
pub fn is_valid_variant_id(id: &str) -> bool {
    (1..=32).contains(&id.len())
        && id.starts_with(|c: char| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}
