//! The server's refusals in the player's words. The wire carries a kind
//! ([`ErrorKind`]) and an English message for logs and tools; the game
//! words each kind itself from the catalogue (`online-error-*`), and a
//! refused name's reason from the server's fixed set of reasons (the
//! rules of account names), read from its message.

use crate::online::protocol::ErrorKind;
use crate::tr;

/// What the server refused, in the player's language. `detail` is the
/// server's English message: a refused name's reason is read from it and
/// worded; for a refused setup, turn or password, where it holds what to
/// change (which game, which turn, how long a password, who refuses
/// bots) and the kind alone does not, it follows the player's words as the server's note.
pub fn error_words(kind: ErrorKind, detail: &str) -> String {
    if kind == ErrorKind::BadName
        && let Some(why) = name_rule(detail)
    {
        return tr!("online-error-bad-name-because", why = why);
    }
    let words = crate::lang::text(error_id(kind), None);
    let noted = matches!(
        kind,
        ErrorKind::BadSetup
            | ErrorKind::IllegalTurn
            | ErrorKind::BadPassword
            | ErrorKind::BotsRefused
    );
    if noted && !detail.trim().is_empty() {
        // The note is the server's text: shown, never obeyed.
        let note = crate::lang::printable(detail.trim());
        return tr!(
            "online-error-with-note",
            words = words,
            note = note.as_ref()
        );
    }
    words
}

/// The catalogue's message for a kind of refusal (a new kind does not
/// compile until it has one).
fn error_id(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::BadMessage => "online-error-bad-message",
        ErrorKind::UnsupportedVersion => "online-error-unsupported-version",
        ErrorKind::TooLarge => "online-error-too-large",
        ErrorKind::RateLimited => "online-error-rate-limited",
        ErrorKind::UnknownGame => "online-error-unknown-game",
        ErrorKind::NotYourSeat => "online-error-not-your-seat",
        ErrorKind::TableFull => "online-error-table-full",
        ErrorKind::NotYourTurn => "online-error-not-your-turn",
        ErrorKind::StaleTurn => "online-error-stale-turn",
        ErrorKind::IllegalTurn => "online-error-illegal-turn",
        ErrorKind::GameOver => "online-error-game-over",
        ErrorKind::BadSetup => "online-error-bad-setup",
        ErrorKind::TooManyTables => "online-error-too-many-tables",
        ErrorKind::Storage => "online-error-storage",
        ErrorKind::Idle => "online-error-idle",
        ErrorKind::BadName => "online-error-bad-name",
        ErrorKind::NameTaken => "online-error-name-taken",
        ErrorKind::WrongPassword => "online-error-wrong-password",
        ErrorKind::BadPassword => "online-error-bad-password",
        ErrorKind::BadSession => "online-error-bad-session",
        ErrorKind::SignInFirst => "online-error-sign-in-first",
        ErrorKind::UnknownPlayer => "online-error-unknown-player",
        ErrorKind::BotsRefused => "online-error-bots-refused",
    }
}

/// Why the server refused a name, in the player's words, from its message:
/// one of the reasons of the server's `AccountError` (as its `Display`
/// writes them, after "a guest's name: " for a guest). None for any other
/// message: the refusal is then said in general.
fn name_rule(detail: &str) -> Option<String> {
    if let Some((_, rest)) = detail.split_once("a name has ") {
        // "a name has 2 to 24 characters"
        let mut numbers = rest
            .split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .map(str::parse::<u32>);
        let min = numbers.next()?.ok()?;
        let max = numbers.next()?.ok()?;
        return Some(tr!("online-name-rule-length", min = min, max = max));
    }
    if let Some((_, rest)) = detail.split_once("a name may not hold ") {
        // "a name may not hold '!' (letters and digits, joined by - _ or .)":
        // the character as Rust quotes it.
        let character = rest.rsplit_once(" (").map_or(rest, |(c, _)| c);
        return Some(tr!("online-name-rule-character", character = character));
    }
    if detail.contains("a name starts and ends with") {
        return Some(tr!("online-name-rule-joiners"));
    }
    if detail.contains("a name is written in one script") {
        return Some(tr!("online-name-rule-script"));
    }
    if detail.contains("is kept for the server's own players") {
        // "`computer` is kept for the server's own players"
        let word = detail.split('`').nth(1)?;
        return Some(tr!("online-name-rule-reserved", word = word));
    }
    None
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::lang::{Language, text_in};

    /// Every kind of refusal (`error_id` lists them all: a kind added to
    /// the protocol does not compile there until it is worded, and then
    /// belongs here too).
    const KINDS: [ErrorKind; 23] = [
        ErrorKind::BadMessage,
        ErrorKind::UnsupportedVersion,
        ErrorKind::TooLarge,
        ErrorKind::RateLimited,
        ErrorKind::UnknownGame,
        ErrorKind::NotYourSeat,
        ErrorKind::TableFull,
        ErrorKind::NotYourTurn,
        ErrorKind::StaleTurn,
        ErrorKind::IllegalTurn,
        ErrorKind::GameOver,
        ErrorKind::BadSetup,
        ErrorKind::TooManyTables,
        ErrorKind::Storage,
        ErrorKind::Idle,
        ErrorKind::BadName,
        ErrorKind::NameTaken,
        ErrorKind::WrongPassword,
        ErrorKind::BadPassword,
        ErrorKind::BadSession,
        ErrorKind::SignInFirst,
        ErrorKind::UnknownPlayer,
        ErrorKind::BotsRefused,
    ];

    #[test]
    fn every_kind_of_refusal_has_its_own_words_in_the_catalogue() {
        let mut ids = BTreeSet::new();
        for kind in KINDS {
            let id = error_id(kind);
            assert!(ids.insert(id), "{kind:?}: {id} words another kind too");
            assert_ne!(
                text_in(Language::English, id, None),
                id,
                "{kind:?}: no message {id} in English"
            );
        }
    }

    #[test]
    fn a_refused_setup_keeps_the_server_s_note_after_the_words() {
        let words = error_words(
            ErrorKind::BadSetup,
            "`my-box` is another game here; give the design an id of its own",
        );
        assert!(
            words.starts_with(&error_words(ErrorKind::BadSetup, "")),
            "{words}"
        );
        assert!(words.contains("`my-box` is another game here"), "{words}");
    }

    #[test]
    fn the_server_s_english_is_never_shown() {
        let detail = "it is White's turn";
        assert_eq!(
            error_words(ErrorKind::NotYourTurn, detail),
            "It is not your turn."
        );
        assert_eq!(
            error_words(ErrorKind::BadName, "a reason this game does not know"),
            "That name is not allowed."
        );
    }

    #[test]
    fn a_refused_name_says_why() {
        assert_eq!(
            error_words(
                ErrorKind::BadName,
                "a guest's name: a name has 2 to 24 characters"
            ),
            "That name is not allowed: a name has 2 to 24 characters."
        );
        assert_eq!(
            error_words(
                ErrorKind::BadName,
                "a name may not hold ' ' (letters and digits, joined by - _ or .)"
            ),
            "That name is not allowed: a name holds only letters and digits \
             (joined by - _ or .), not ' '."
        );
        assert_eq!(
            error_words(
                ErrorKind::BadName,
                "`computer` is kept for the server's own players"
            ),
            "That name is not allowed: names beginning with “computer” are kept \
             for the server's own players."
        );
    }

    /// The reasons as the server gives them (its module is not on the web
    /// page, so the game reads its words rather than its type).
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn every_reason_the_server_gives_for_a_name_is_worded() {
        use crate::server::accounts::{AccountError, NAME_CHARS};
        let general = error_words(ErrorKind::BadName, "");
        let reasons = [
            AccountError::NameLength,
            AccountError::NameCharacter('!'),
            AccountError::NameCharacter('('),
            AccountError::NameJoiners,
            AccountError::NameScripts,
            AccountError::NameReserved("computer".into()),
        ];
        for reason in reasons {
            // An account's name, and a guest's (the seat's holder).
            for detail in [reason.to_string(), format!("a guest's name: {reason}")] {
                assert_ne!(
                    error_words(ErrorKind::BadName, &detail),
                    general,
                    "{detail}"
                );
            }
        }
        let length = error_words(ErrorKind::BadName, &AccountError::NameLength.to_string());
        let bounds = format!("{} to {}", NAME_CHARS.start(), NAME_CHARS.end());
        assert!(length.contains(&bounds), "{length}");
        let character = error_words(
            ErrorKind::BadName,
            &AccountError::NameCharacter('(').to_string(),
        );
        assert!(character.ends_with(", not '('."), "{character}");
    }
}
