//! The player's language: every word the game shows a player comes from one
//! message catalogue, Fluent files a language (`assets/lang/<code>/*.ftl`:
//! `game.ftl` for the game and its windows, `design.ftl` for a designed
//! game's rules in words, `online.ftl` for online play, `reader.ftl` for
//! the screen reader's answers and announcements), so
//! that plurals, numbers and word order follow the language and not the
//! code. Code names a message by its id and hands it named arguments
//! ([`tr!`](crate::tr)); the words are the catalogue's.
//!
//! One language is in force at a time for the whole program ([`set`]):
//! the game sets it from the player's setting or the system's (or the
//! browser's) languages ([`Language::from_system`]); the command line and
//! the server stay in English. A message the chosen language lacks is
//! taken from English, alone; the catalogue tests fail for it.
//!
//! The language lives in a global rather than a Bevy resource because the
//! words are asked for everywhere, deep inside the panels' drawing and in
//! the `Display` of errors, which see no world; switching is one atomic
//! store, and the next frame is drawn in the new language.
//!
//! Text that did not come from the catalogue but from outside (an engine's
//! line, a server's or a peer's words) is shown through [`printable`],
//! which writes out the characters that would act on a terminal or hide on
//! a screen.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentResource, FluentValue};

pub use fluent_bundle::FluentArgs as Args;
pub use printable::printable;

mod printable;

/// A language the game is written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Language {
    #[default]
    English,
    French,
    German,
}

impl Language {
    /// Every language, English first (the one others fall back on).
    pub const ALL: [Language; 3] = [Language::English, Language::French, Language::German];

    /// Its BCP 47 tag, as the settings file and the browser name it.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::French => "fr",
            Language::German => "de",
        }
    }

    /// Its name in its own words (how a player finds it in a list).
    pub fn own_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::French => "Français",
            Language::German => "Deutsch",
        }
    }

    /// The catalogue's files: (name, text), one a part of the game. The
    /// game carries them without their comment lines, which are notes for
    /// translators (some 17 KB of the three languages, a few of them on
    /// the web page's download).
    pub fn sources(self) -> &'static [(&'static str, &'static str)] {
        macro_rules! file {
            ($code:literal, $file:literal) => {{
                const TEXT: &str = include_str!(concat!("../../assets/lang/", $code, "/", $file));
                const BYTES: [u8; comments_left_out(TEXT).len()] = comments_left_out(TEXT).bytes();
                const KEPT: &str = match std::str::from_utf8(&BYTES) {
                    Ok(text) => text,
                    Err(_) => panic!("a catalogue file cut at a line end is still UTF-8"),
                };
                (concat!($code, "/", $file), KEPT)
            }};
        }
        macro_rules! files {
            ($code:literal) => {
                &[
                    file!($code, "game.ftl"),
                    file!($code, "design.ftl"),
                    file!($code, "online.ftl"),
                    file!($code, "reader.ftl"),
                ]
            };
        }
        match self {
            Language::English => files!("en"),
            // The web page carries English alone, the language every other
            // falls back on; the others are files of the site, fetched
            // when chosen (see `page`).
            #[cfg(not(target_arch = "wasm32"))]
            Language::French => files!("fr"),
            #[cfg(not(target_arch = "wasm32"))]
            Language::German => files!("de"),
            #[cfg(target_arch = "wasm32")]
            Language::French | Language::German => &[],
        }
    }

    /// The language with this code, or the best for a tag such as `fr-CA`
    /// or `de_AT.UTF-8` (its first subtag decides).
    pub fn from_code(tag: &str) -> Option<Language> {
        let primary = tag
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        Language::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The first of the system's languages (the desktop's settings, the
    /// browser's list on the web page) that the game is written in;
    /// English if none is.
    pub fn from_system() -> Language {
        static SYSTEM: OnceLock<Language> = OnceLock::new();
        *SYSTEM.get_or_init(|| {
            sys_locale::get_locales()
                .find_map(|tag| Language::from_code(&tag))
                .unwrap_or_default()
        })
    }

    fn index(self) -> usize {
        self as usize
    }

    fn from_index(index: u8) -> Language {
        Language::ALL
            .get(usize::from(index))
            .copied()
            .unwrap_or_default()
    }
}

type Bundle = FluentBundle<FluentResource>;

/// The language in force ([`Language`] as its index).
static CURRENT: AtomicU8 = AtomicU8::new(0);

/// Each language's catalogue, read the first time it is needed.
static BUNDLES: [OnceLock<Bundle>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];

/// The language asked for last ([`Language`] as its index): on the web
/// page it is put in force once its catalogue has come.
static WANTED: AtomicU8 = AtomicU8::new(0);

/// Puts `language` in force: every message from now on is in it (and, on
/// the web page, the page says so in its `lang`, for screen readers and
/// the browser's own words). On the web page a language other than
/// English is a file of the site: until it has come the words stay in the
/// language before, and [`settle`] puts it in force once it has.
pub fn set(language: Language) {
    WANTED.store(language as u8, Ordering::Relaxed);
    settle();
}

/// Puts the language asked for in force if its catalogue is here (on the
/// desktop it always is); true when it is in force. The web page calls
/// it again while a catalogue is on its way.
pub fn settle() -> bool {
    let wanted = Language::from_index(WANTED.load(Ordering::Relaxed));
    if current() == wanted {
        return true;
    }
    if bundle(wanted).is_none() {
        return false;
    }
    CURRENT.store(wanted as u8, Ordering::Relaxed);
    #[cfg(target_arch = "wasm32")]
    if let Some(html) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = html.set_attribute("lang", wanted.code());
    }
    true
}

/// A Fluent file's text without its comment lines (`#`, `##`, `###` at
/// the start of a line: in Fluent a line of a message's text is indented,
/// so such a line is always a comment), worked out while compiling.
struct Uncommented {
    bytes: [u8; MAX_CATALOGUE_FILE],
    len: usize,
}

impl Uncommented {
    const fn len(&self) -> usize {
        self.len
    }

    /// The kept text, in an array of exactly its length `M`.
    const fn bytes<const M: usize>(&self) -> [u8; M] {
        let mut out = [0; M];
        let mut i = 0;
        while i < M {
            out[i] = self.bytes[i];
            i += 1;
        }
        out
    }
}

/// [`Uncommented`] of `text`.
const fn comments_left_out(text: &str) -> Uncommented {
    let src = text.as_bytes();
    assert!(
        src.len() <= MAX_CATALOGUE_FILE,
        "a catalogue file over its bound"
    );
    let mut bytes = [0; MAX_CATALOGUE_FILE];
    let (mut i, mut len) = (0, 0);
    while i < src.len() {
        let start = i;
        while i < src.len() && src[i] != b'\n' {
            i += 1;
        }
        if i < src.len() {
            i += 1;
        }
        if src[start] != b'#' {
            let mut j = start;
            while j < i {
                bytes[len] = src[j];
                len += 1;
                j += 1;
            }
        }
    }
    Uncommented { bytes, len }
}

/// The longest a catalogue file may be (the compiler works on copies of
/// this size; the game carries only what each file keeps).
const MAX_CATALOGUE_FILE: usize = 64 * 1024;

/// The language in force.
pub fn current() -> Language {
    Language::from_index(CURRENT.load(Ordering::Relaxed))
}

/// The catalogue of `language`, read the first time it is asked for; on
/// the web page none until the site's file of that language has come.
fn bundle(language: Language) -> Option<&'static Bundle> {
    let lock = &BUNDLES[language.index()];
    if let Some(bundle) = lock.get() {
        return Some(bundle);
    }
    let sources: Vec<(&'static str, String)> = if language.sources().is_empty() {
        page::catalogue(language)?
    } else {
        language
            .sources()
            .iter()
            .map(|(name, text)| (*name, text.to_string()))
            .collect()
    };
    Some(lock.get_or_init(|| bundle_of(language, sources)))
}

/// The catalogues of the web page's other languages: one file a language
/// (`lang-fr.txt`: its Fluent files without their comments, written by the
/// site's build), which the page fetches alongside the game when it is
/// the player's language and otherwise when it is first chosen.
#[cfg(target_arch = "wasm32")]
mod page {
    use wasm_bindgen::prelude::*;

    use super::Language;

    #[wasm_bindgen]
    extern "C" {
        /// The file's text if it has come; otherwise the page starts
        /// fetching it (once) and wakes the game when it has.
        #[wasm_bindgen(js_namespace = burrowPage, js_name = catalogue)]
        fn page_catalogue(code: &str) -> Option<String>;
    }

    pub(super) fn catalogue(language: Language) -> Option<Vec<(&'static str, String)>> {
        let text = page_catalogue(language.code())?;
        Some(vec![("the page's catalogue", text)])
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod page {
    use super::Language;

    /// The desktop carries every language.
    pub(super) fn catalogue(_: Language) -> Option<Vec<(&'static str, String)>> {
        None
    }
}

/// A bundle of `language` with the messages of `sources` (name, text).
fn bundle_of(
    language: Language,
    sources: impl IntoIterator<Item = (&'static str, String)>,
) -> Bundle {
    let tag = language.code().parse().unwrap_or_default();
    let mut bundle = Bundle::new_concurrent(vec![tag]);
    // No Unicode isolation marks around arguments: the panels' fonts have
    // no glyph for them, and every language here runs left to right.
    bundle.set_use_isolating(false);
    bundle.set_formatter(Some(match language {
        Language::English => number::<0, _>,
        Language::French => number::<1, _>,
        Language::German => number::<2, _>,
    }));
    for (name, source) in sources {
        let resource = FluentResource::try_new(source).unwrap_or_else(|(partial, errors)| {
            tracing::warn!(
                "{name} has {} lines that do not read; the rest is used",
                errors.len()
            );
            partial
        });
        if let Err(errors) = bundle.add_resource(resource) {
            tracing::warn!("{name} defines {} messages again", errors.len());
        }
    }
    bundle
}

/// Numbers as language `L` writes them: its decimal mark, and its
/// grouping of thousands from five digits on.
fn number<const L: u8, M>(value: &FluentValue, _: &M) -> Option<String> {
    let FluentValue::Number(number) = value else {
        return None;
    };
    let (decimal, group) = match Language::from_index(L) {
        Language::English => ('.', ','),
        // A narrow no-break space, as French typography groups digits.
        Language::French => (',', '\u{202f}'),
        Language::German => (',', '.'),
    };
    Some(format_number(&number.as_string(), decimal, group))
}

/// `text` (a number as Rust writes it: `-12345.5`) with `decimal` for its
/// decimal point and its integer part's thousands grouped by `group` when
/// it has five digits or more.
pub fn format_number(text: &str, decimal: char, group: char) -> String {
    let (sign, digits) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    if !whole.bytes().all(|b| b.is_ascii_digit()) {
        // inf, NaN: as they are.
        return text.to_string();
    }
    let mut out = String::from(sign);
    for (i, digit) in whole.chars().enumerate() {
        if whole.len() >= 5 && i > 0 && (whole.len() - i) % 3 == 0 {
            out.push(group);
        }
        out.push(digit);
    }
    if !fraction.is_empty() {
        out.push(decimal);
        out.push_str(fraction);
    }
    out
}

/// The message `id` in the language in force, with `args`; from English
/// if that language lacks it; the id itself if no catalogue has it (the
/// catalogue tests find such ids first).
pub fn text(id: &str, args: Option<&Args>) -> String {
    text_in(current(), id, args)
}

/// The message `id` in `language` (English where it lacks it).
pub fn text_in(language: Language, id: &str, args: Option<&Args>) -> String {
    let bundles = [bundle(language), bundle(Language::English)];
    format(bundles.into_iter().flatten(), id, args).unwrap_or_else(|| id.to_string())
}

/// The message `id` from the first of `bundles` that has it.
fn format<'b>(
    bundles: impl IntoIterator<Item = &'b Bundle>,
    id: &str,
    args: Option<&Args>,
) -> Option<String> {
    let (bundle, pattern) = bundles
        .into_iter()
        .find_map(|b| Some((b, b.get_message(id)?.value()?)))?;
    let mut errors = Vec::new();
    let words = bundle.format_pattern(pattern, args, &mut errors);
    if !errors.is_empty() {
        tracing::warn!("message {id}: {errors:?}");
    }
    Some(words.into_owned())
}

/// The words of a message: `tr!("menu-game")`, or with named arguments,
/// `tr!("pieces-left", count = 3)` (a number, text or anything that
/// converts into a Fluent value).
#[macro_export]
macro_rules! tr {
    ($id:literal) => {
        $crate::lang::text($id, None)
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::lang::Args::new();
        $( args.set(stringify!($name), $value); )+
        $crate::lang::text($id, Some(&args))
    }};
}

#[cfg(test)]
mod tests;
