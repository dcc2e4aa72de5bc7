//! The page's log: Bevy's log plugin brings a full tracing subscriber with
//! an environment filter (and with it a regular-expression engine, over a
//! hundred kilobytes of the page), so the web build writes its log through
//! this small subscriber instead: warnings and errors, one console line
//! each. Lines below warnings are left out of the page's build altogether
//! (`release_max_level_warn` for tracing and log in Cargo.toml): no one
//! reads them there, and their text and call sites weigh kilobytes.

use std::fmt::{self, Write};

use tracing::field::{Field, Visit};
use tracing::level_filters::LevelFilter;
use tracing::{Event, Level, Metadata, Subscriber, span};

struct ConsoleLog;

/// Gathers an event's message and fields into one line.
struct Line(String);

impl Visit for Line {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            self.0.push_str(value);
        } else {
            let _ = write!(self.0, " {}={value}", field.name());
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        if field.name() == "message" {
            let _ = write!(self.0, "{value:?}");
        } else {
            let _ = write!(self.0, " {}={value:?}", field.name());
        }
    }
}

impl Subscriber for ConsoleLog {
    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        *metadata.level() <= Level::WARN
    }

    fn max_level_hint(&self) -> Option<LevelFilter> {
        Some(LevelFilter::WARN)
    }

    fn new_span(&self, _: &span::Attributes<'_>) -> span::Id {
        span::Id::from_u64(1)
    }

    fn record(&self, _: &span::Id, _: &span::Record<'_>) {}

    fn record_follows_from(&self, _: &span::Id, _: &span::Id) {}

    fn event(&self, event: &Event<'_>) {
        let metadata = event.metadata();
        let mut line = Line(format!("{} {}: ", metadata.level(), metadata.target()));
        event.record(&mut line);
        let text = wasm_bindgen::JsValue::from_str(&line.0);
        match *metadata.level() {
            Level::ERROR => web_sys::console::error_1(&text),
            Level::WARN => web_sys::console::warn_1(&text),
            _ => web_sys::console::log_1(&text),
        }
    }

    fn enter(&self, _: &span::Id) {}

    fn exit(&self, _: &span::Id) {}
}

/// Makes the console the log's destination (once; later calls do nothing).
pub fn install() {
    let _ = tracing::subscriber::set_global_default(ConsoleLog);
}
