//! Player accounts: a name and a password, no e-mail.
//!
//! A name is what other players see, so the server makes sure nobody can
//! pass for somebody else:
//! - it is read in Unicode's NFKC form (full-width letters, ligatures and
//!   the like become their plain forms);
//! - every character must be allowed in identifiers by Unicode's general
//!   security profile (UTS #39): no zero-width or direction-changing
//!   characters, no symbols, no spaces; `-`, `_` and `.` may join parts;
//! - all its letters are of one script (no Latin name with a Cyrillic
//!   `а` in it);
//! - two names are the same name when their UTS #39 skeletons agree after
//!   case folding, so `Ada`, `ADA` and `Αda` with a Greek Alpha cannot
//!   all be taken, and neither can `rn` beside `m`;
//! - names that look like the server's own players (`computer`, `burrow`,
//!   `guest`, `admin`, `server`, the computer levels) are reserved.
//!
//! Passwords are stored as Argon2id hashes (PHC strings with their salt
//! and parameters). Hashing takes tens of milliseconds and 19 MiB on
//! purpose, so the server hashes on its blocking threads, a few at a
//! time ([`Hasher`]).

use std::sync::Arc;

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use unicode_normalization::UnicodeNormalization;
use unicode_security::{GeneralSecurityProfile, MixedScript};

/// The shortest and the longest name, in characters.
pub const NAME_CHARS: std::ops::RangeInclusive<usize> = 2..=24;
/// The shortest and the longest password, in characters (a passphrase is
/// welcome; the upper bound keeps the work of hashing bounded).
pub const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 8..=256;

/// A name that passed the rules: as shown, and the key under which it is
/// unique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerName {
    pub shown: String,
    pub key: String,
}

/// Why a name or a password is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AccountError {
    #[error("a name has {} to {} characters", NAME_CHARS.start(), NAME_CHARS.end())]
    NameLength,
    #[error("a name may not hold {0:?} (letters and digits, joined by - _ or .)")]
    NameCharacter(char),
    #[error("a name starts and ends with a letter or digit, and has no two joiners in a row")]
    NameJoiners,
    #[error("a name is written in one script")]
    NameScripts,
    #[error("`{0}` is kept for the server's own players")]
    NameReserved(String),
    #[error("a password has {} to {} characters", PASSWORD_CHARS.start(), PASSWORD_CHARS.end())]
    PasswordLength,
}

/// Names of the server's own players, by their keys' start.
const RESERVED: &[&str] = &[
    "computer",
    "burrow",
    "guest",
    "admin",
    "server",
    "moderator",
    "system",
    "random",
    "greedy",
    "easy",
    "medium",
    "hard",
    "strongest",
];

/// The key two names share when they read alike: the UTS #39 skeleton of
/// the case-folded name, case-folded again (a skeleton may bring capitals
/// back).
pub fn name_key(name: &str) -> String {
    let folded: String = name.nfkc().flat_map(char::to_lowercase).collect();
    unicode_security::skeleton(&folded)
        .flat_map(char::to_lowercase)
        .collect()
}

/// Reads a name a player asks for.
pub fn check_name(asked: &str) -> Result<PlayerName, AccountError> {
    let name: String = asked.trim().nfkc().collect();
    let count = name.chars().count();
    if !NAME_CHARS.contains(&count) {
        return Err(AccountError::NameLength);
    }
    let joiner = |c: char| matches!(c, '-' | '_' | '.');
    if let Some(bad) = name
        .chars()
        .find(|&c| !(joiner(c) || (c.is_alphanumeric() && c.identifier_allowed())))
    {
        return Err(AccountError::NameCharacter(bad));
    }
    let chars: Vec<char> = name.chars().collect();
    if joiner(chars[0])
        || joiner(chars[chars.len() - 1])
        || chars
            .windows(2)
            .any(|pair| joiner(pair[0]) && joiner(pair[1]))
    {
        return Err(AccountError::NameJoiners);
    }
    if !name.as_str().is_single_script() {
        return Err(AccountError::NameScripts);
    }
    let key = name_key(&name);
    if let Some(word) = RESERVED
        .iter()
        .find(|word| key.starts_with(&name_key(word)))
    {
        return Err(AccountError::NameReserved(word.to_string()));
    }
    Ok(PlayerName { shown: name, key })
}

/// Checks a password's length (anything else is the player's choice).
pub fn check_password(password: &str) -> Result<(), AccountError> {
    if PASSWORD_CHARS.contains(&password.chars().count()) {
        Ok(())
    } else {
        Err(AccountError::PasswordLength)
    }
}

/// Why a password could not be hashed (the server's trouble, not the
/// player's).
#[derive(Debug, thiserror::Error)]
pub enum HashError {
    #[error("{0}")]
    Closed(#[from] tokio::sync::AcquireError),
    #[error("{0}")]
    Stopped(#[from] tokio::task::JoinError),
    #[error("{0}")]
    Argon2(#[source] argon2::password_hash::Error),
}

/// Hashes passwords on the runtime's blocking threads, at most
/// `at_once` at a time, so sign-ins cannot take every core or much memory.
#[derive(Clone, Debug)]
pub struct Hasher {
    permits: Arc<tokio::sync::Semaphore>,
}

impl Hasher {
    pub fn new(at_once: usize) -> Hasher {
        Hasher {
            permits: Arc::new(tokio::sync::Semaphore::new(at_once.max(1))),
        }
    }

    /// The stored form of a new password.
    pub async fn hash(&self, password: String) -> Result<String, HashError> {
        let _permit = self.permits.acquire().await?;
        tokio::task::spawn_blocking(move || hash_password(&password)).await?
    }

    /// Whether `password` is the one `stored` was made from.
    pub async fn verify(&self, password: String, stored: String) -> bool {
        let Ok(_permit) = self.permits.acquire().await else {
            return false;
        };
        tokio::task::spawn_blocking(move || verify_password(&password, &stored))
            .await
            .unwrap_or(false)
    }
}

/// Argon2id with the crate's default parameters (19 MiB, two passes, one
/// lane: the OWASP recommendation) and a random salt.
pub fn hash_password(password: &str) -> Result<String, HashError> {
    let salt = SaltString::encode_b64(&rand::random::<[u8; 16]>()).map_err(HashError::Argon2)?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(HashError::Argon2)
}

pub fn verify_password(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|hash| {
        Argon2::default()
            .verify_password(password.as_bytes(), &hash)
            .is_ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_read_alike_share_a_key() {
        let ada = check_name("Ada").unwrap();
        assert_eq!(ada.shown, "Ada");
        assert_eq!(check_name("ADA").unwrap().key, ada.key);
        assert_eq!(check_name("  ada ").unwrap().key, ada.key);
        // Full-width letters are read as plain ones.
        let wide = check_name("\u{FF21}da").unwrap();
        assert_eq!(wide.shown, "Ada");
        // A Greek capital Alpha before Latin letters mixes scripts; alone
        // in Greek, its name still reads like the Latin one.
        assert_eq!(check_name("\u{391}da"), Err(AccountError::NameScripts));
        // A name all in Cyrillic letters that look Latin is the Latin name.
        let cyrillic = check_name("\u{441}\u{43E}\u{441}\u{43E}").unwrap();
        assert_eq!(cyrillic.key, check_name("coco").unwrap().key);
        assert_eq!(
            check_name("rn-1").unwrap().key,
            check_name("m-l").unwrap().key
        );
        assert_ne!(check_name("Bo").unwrap().key, ada.key);
    }

    #[test]
    fn tricks_with_invisible_or_mixed_characters_are_refused() {
        for (name, error) in [
            ("A\u{200B}da", AccountError::NameCharacter('\u{200B}')),
            ("Ada\u{202E}", AccountError::NameCharacter('\u{202E}')),
            ("A da", AccountError::NameCharacter(' ')),
            ("Ada!", AccountError::NameCharacter('!')),
            ("p\u{430}ypal", AccountError::NameScripts),
            ("-ada", AccountError::NameJoiners),
            ("a..da", AccountError::NameJoiners),
            ("a", AccountError::NameLength),
            ("", AccountError::NameLength),
        ] {
            assert_eq!(check_name(name), Err(error), "{name:?}");
        }
        assert_eq!(check_name(&"a".repeat(25)), Err(AccountError::NameLength));
        // Other scripts are welcome on their own.
        assert!(check_name("Владимир").is_ok());
        assert!(check_name("山田_2").is_ok());
    }

    #[test]
    fn the_server_players_names_are_reserved() {
        for name in [
            "computer",
            "Computer-2",
            "C0MPUTER",
            "c\u{43E}mputer",
            "guest",
            "Strongest",
        ] {
            assert!(
                matches!(
                    check_name(name),
                    Err(AccountError::NameReserved(_) | AccountError::NameScripts)
                ),
                "{name}: {:?}",
                check_name(name)
            );
        }
        assert!(check_name("Computing").is_ok());
    }

    #[test]
    fn passwords_are_hashed_with_argon2id_and_verified() {
        assert_eq!(check_password("short"), Err(AccountError::PasswordLength));
        assert!(check_password("long enough").is_ok());
        let stored = hash_password("long enough").unwrap();
        assert!(stored.starts_with("$argon2id$"), "{stored}");
        assert!(!stored.contains("long enough"));
        assert!(verify_password("long enough", &stored));
        assert!(!verify_password("long enougH", &stored));
        assert!(!verify_password("long enough", "not a hash"));
        // Each hash has its own salt.
        assert_ne!(hash_password("long enough").unwrap(), stored);
    }
}
