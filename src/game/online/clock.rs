//! Online clocks in words: the time controls offered, their labels, a
//! clock's time left, and the wall clock the deadlines are read against.

use crate::online::protocol::{ClockSetting, DAY_MS};

/// Time controls offered: none, live ones (minutes + seconds per turn),
/// correspondence ones (days per turn).
pub fn clocks() -> [Option<ClockSetting>; 8] {
    let live = |minutes: u64, seconds: u64| {
        Some(ClockSetting {
            initial_ms: minutes * 60_000,
            increment_ms: seconds * 1000,
            per_move: false,
        })
    };
    [
        None,
        live(1, 0),
        live(5, 3),
        live(10, 5),
        live(30, 10),
        Some(ClockSetting::days_per_move(1)),
        Some(ClockSetting::days_per_move(3)),
        Some(ClockSetting::days_per_move(7)),
    ]
}

pub fn clock_label(clock: Option<ClockSetting>) -> String {
    match clock {
        None => crate::tr!("clock-none"),
        Some(c) if c.per_move => crate::tr!("clock-days", count = c.initial_ms / DAY_MS),
        Some(c) => crate::tr!(
            "clock-live",
            minutes = c.initial_ms / 60_000,
            seconds = c.increment_ms / 1000
        ),
    }
}

/// `m:ss`, or `s.t` under ten seconds; hours and days for correspondence
/// (`5h 07m`, `2d 03h`), in the player's words and numbers.
pub fn clock_text(ms: u64) -> String {
    const HOUR_MS: u64 = 3_600_000;
    if ms >= DAY_MS {
        crate::tr!(
            "online-clock-left-days",
            days = ms / DAY_MS,
            hours = format!("{:02}", ms % DAY_MS / HOUR_MS)
        )
    } else if ms >= HOUR_MS {
        crate::tr!(
            "online-clock-left-hours",
            hours = ms / HOUR_MS,
            minutes = format!("{:02}", ms % HOUR_MS / 60_000)
        )
    } else if ms < 10_000 {
        // A number with its tenth even when it is 0 (`9.0`), and the
        // language's decimal mark.
        let seconds = format!("{:.1}", ms as f64 / 1000.0);
        crate::tr!(
            "online-clock-left-seconds",
            seconds = fluent_bundle::FluentValue::try_number(&seconds)
        )
    } else {
        let s = ms / 1000;
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// Milliseconds since the Unix epoch (the browser's clock on the page).
pub fn epoch_ms() -> i64 {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.performance())
            .map_or(0, |p| (p.time_origin() + p.now()) as i64)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_in_days_hours_minutes_and_seconds() {
        assert_eq!(clock_text(3 * DAY_MS), "3d 00h");
        assert_eq!(clock_text(2 * DAY_MS + 5 * 3_600_000 + 1), "2d 05h");
        assert_eq!(clock_text(5 * 3_600_000 + 7 * 60_000), "5h 07m");
        assert_eq!(clock_text(65_000), "1:05");
        assert_eq!(clock_text(9_500), "9.5");
        assert_eq!(clock_text(3_000), "3.0");
        assert_eq!(
            clock_label(Some(ClockSetting::days_per_move(1))),
            "1 day per turn"
        );
        assert_eq!(
            clock_label(Some(ClockSetting::days_per_move(7))),
            "7 days per turn"
        );
        assert_eq!(clock_label(clocks()[2]), "5 min + 3 s");
        // Every clock offered is one a server takes.
        assert!(clocks().iter().flatten().all(|c| c.check().is_ok()));
    }
}
