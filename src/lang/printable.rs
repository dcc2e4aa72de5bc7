//! Text from outside (an engine's line, a server's refusal, a name a peer
//! sent) as it may be shown on a terminal or a screen: the characters that
//! would act instead of showing, or show nothing, are written out as
//! escapes.

use std::borrow::Cow;
use std::fmt::Write;

/// `text` with every character that acts or hides written as an escape:
/// control characters (Unicode's category Cc: NUL, ESC and so the start of
/// every terminal escape sequence, the C1 controls such as CSI, tab and
/// line breaks), format characters (Cf: zero-width spaces and joiners, the
/// bidirectional embeddings, overrides and isolates, the byte-order mark,
/// invisible tags) and the line and paragraph separators (Zl, Zp). Tab,
/// line feed and carriage return are written `\t`, `\n` and `\r`, every
/// other such character `\u{…}` with its code point in hexadecimal, as
/// Rust writes it: a NUL is `\u{0}`, a zero-width space `\u{200b}`.
/// Everything else, accented letters, CJK, emoji and backslashes included,
/// is left as it is, and text with nothing to escape is returned as it
/// came, uncopied.
///
/// Give it the text from outside itself, not a catalogue message the text
/// was put in: Fluent sets each argument between bidirectional isolation
/// marks, which this would show.
///
/// ```
/// use burrow::lang::printable;
/// assert_eq!(printable("bestmove \u{1b}[2J"), "bestmove \\u{1b}[2J");
/// assert_eq!(printable("été 東京"), "été 東京");
/// ```
pub fn printable(text: &str) -> Cow<'_, str> {
    let Some(first) = text.find(hidden) else {
        return Cow::Borrowed(text);
    };
    let mut shown = String::with_capacity(text.len() + 8);
    shown.push_str(&text[..first]);
    for c in text[first..].chars() {
        match c {
            '\t' => shown.push_str("\\t"),
            '\n' => shown.push_str("\\n"),
            '\r' => shown.push_str("\\r"),
            c if hidden(c) => {
                let _ = write!(shown, "\\u{{{:x}}}", u32::from(c));
            }
            c => shown.push(c),
        }
    }
    Cow::Owned(shown)
}

/// Whether `c` acts or hides rather than shows: a control (Cc), a format
/// character (Cf), or a line or paragraph separator (Zl, Zp).
fn hidden(c: char) -> bool {
    c.is_control()
        || FORMAT
            .binary_search_by(|&(low, high)| {
                if high < c {
                    std::cmp::Ordering::Less
                } else if low > c {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Equal
                }
            })
            .is_ok()
}

/// Unicode's format characters (general category Cf, Unicode 16) and its
/// line and paragraph separators (Zl, Zp: U+2028 and U+2029, which fall
/// between the zero-width characters and the bidirectional ones), as
/// ranges in order.
const FORMAT: &[(char, char)] = &[
    ('\u{ad}', '\u{ad}'),
    ('\u{600}', '\u{605}'),
    ('\u{61c}', '\u{61c}'),
    ('\u{6dd}', '\u{6dd}'),
    ('\u{70f}', '\u{70f}'),
    ('\u{890}', '\u{891}'),
    ('\u{8e2}', '\u{8e2}'),
    ('\u{180e}', '\u{180e}'),
    ('\u{200b}', '\u{200f}'),
    ('\u{2028}', '\u{202e}'),
    ('\u{2060}', '\u{2064}'),
    ('\u{2066}', '\u{206f}'),
    ('\u{feff}', '\u{feff}'),
    ('\u{fff9}', '\u{fffb}'),
    ('\u{110bd}', '\u{110bd}'),
    ('\u{110cd}', '\u{110cd}'),
    ('\u{13430}', '\u{1343f}'),
    ('\u{1bca0}', '\u{1bca3}'),
    ('\u{1d173}', '\u{1d17a}'),
    ('\u{e0001}', '\u{e0001}'),
    ('\u{e0020}', '\u{e007f}'),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nul_is_shown_as_its_code_point() {
        assert_eq!(printable("bestmove a1\0b2"), "bestmove a1\\u{0}b2");
    }

    #[test]
    fn an_escape_sequence_cannot_reach_the_terminal() {
        // Clear the screen, colour red, and the C1 form of CSI.
        assert_eq!(
            printable("\u{1b}[2J\u{1b}[31mred"),
            "\\u{1b}[2J\\u{1b}[31mred"
        );
        assert_eq!(printable("\u{9b}31m"), "\\u{9b}31m");
        assert_eq!(printable("ring\u{7}"), "ring\\u{7}");
    }

    #[test]
    fn zero_width_characters_are_shown() {
        assert_eq!(printable("a\u{200b}b"), "a\\u{200b}b");
        assert_eq!(printable("\u{feff}bom"), "\\u{feff}bom");
        assert_eq!(printable("soft\u{ad}hyphen"), "soft\\u{ad}hyphen");
        assert_eq!(printable("join\u{200d}er"), "join\\u{200d}er");
        assert_eq!(printable("tag\u{e0041}"), "tag\\u{e0041}");
    }

    #[test]
    fn bidirectional_controls_are_shown() {
        // A right-to-left override would show `evil` backwards.
        assert_eq!(printable("\u{202e}live"), "\\u{202e}live");
        assert_eq!(
            printable("\u{2066}x\u{2069}\u{200f}\u{61c}"),
            "\\u{2066}x\\u{2069}\\u{200f}\\u{61c}"
        );
    }

    #[test]
    fn line_breaks_and_tabs_are_shown_as_rust_writes_them() {
        assert_eq!(printable("a\tb\r\nc"), "a\\tb\\r\\nc");
        assert_eq!(printable("a\u{2028}b\u{2029}c"), "a\\u{2028}b\\u{2029}c");
        assert_eq!(printable("next\u{85}line"), "next\\u{85}line");
    }

    #[test]
    fn ordinary_text_is_left_alone_and_not_copied() {
        for text in [
            "",
            "bestmove c3xd4xd5",
            "Éloïse à Zürich, ça va ? Ñandú",
            "東京の囲碁 바둑 棋",
            "مرحبا שלום",
            "🦡 burrow",
            "C:\\engines\\burrow.exe",
        ] {
            assert!(
                matches!(printable(text), Cow::Borrowed(t) if t == text),
                "{text}"
            );
        }
    }

    #[test]
    fn the_table_is_in_order() {
        for pair in FORMAT.windows(2) {
            assert!(pair[0].0 <= pair[0].1 && pair[0].1 < pair[1].0, "{pair:?}");
        }
        assert!(hidden('\u{2028}') && hidden('\u{202a}') && hidden('\u{e007f}'));
        assert!(!hidden('\u{2027}') && !hidden('\u{2030}') && !hidden(' '));
    }
}
