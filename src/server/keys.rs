//! The codes and tokens the server hands out, and the keys it keeps of
//! them: read by the tables (seating, signing in) and the store (hashing
//! the tokens an older server kept in plain text) alike.

/// Codes avoid letters and digits that read alike (0/O, 1/I/L).
const CODE_LETTERS: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// Whether `code` could be a table's code (six of the code letters); any
/// other text names no table and is never looked up.
pub(super) fn is_code(code: &str) -> bool {
    code.len() == 6 && code.bytes().all(|b| CODE_LETTERS.contains(&b))
}

pub(super) fn new_code() -> String {
    (0..6)
        .map(|_| CODE_LETTERS[rand::random_range(0..CODE_LETTERS.len())] as char)
        .collect()
}

pub(super) fn new_token() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// The prefix of a stored token key (a stored value without it is a
/// token kept in plain text by an older server, hashed at start).
pub(super) const KEY_PREFIX: &str = "sha256:";

/// What the server keeps of a token it handed out (a seat's, a sign-in's):
/// its SHA-256. A token is 128 random bits, so no slow hash is needed to
/// make the key useless to whoever reads the database.
pub(super) fn token_key(token: &str) -> String {
    use sha2::Digest;
    format!("{KEY_PREFIX}{:x}", sha2::Sha256::digest(token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_letters_that_do_not_read_alike() {
        for _ in 0..100 {
            let code = new_code();
            assert!(is_code(&code), "{code}");
            assert!(!code.contains(['0', 'O', '1', 'I', 'L']), "{code}");
        }
        assert!(!is_code("ABCDE"));
        assert!(!is_code("ABCDEFG"));
        assert!(!is_code("abcdef"), "codes are read in capitals");
        assert!(!is_code("ABCDE0"));
        assert!(!is_code("../../"));
    }

    #[test]
    fn a_token_is_kept_as_its_hash_only() {
        let token = new_token();
        assert_eq!(token.len(), 32);
        assert_ne!(new_token(), token, "random");
        let key = token_key(&token);
        assert!(key.starts_with(KEY_PREFIX), "{key}");
        assert_eq!(key.len(), KEY_PREFIX.len() + 64, "a SHA-256 in hex");
        assert!(!key.contains(&token));
        assert_eq!(token_key(&token), key, "the same token, the same key");
        assert_ne!(token_key(&new_token()), key);
    }
}
