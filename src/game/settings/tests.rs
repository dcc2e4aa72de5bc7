//! The settings' tests: reading, writing, mending and wording them.

use super::*;

fn full() -> Settings {
    Settings {
        walk_speed: 0.0,
        muted: true,
        volume: 0.35,
        flipped: true,
        screen_reader: true,
        think_seconds: 2.5,
        solved_puzzles: vec!["box 4/4/1W2/B3 W".into(), "path 8/8/8/8/8/8/8/WB6 W".into()],
        ui_scale: 1.5,
        theme: Theme::HighContrast,
        window: Some(UVec2::new(1600, 900)),
        server: Some("wss://burrow.example".into()),
        ca_file: Some("/etc/burrow/ca.pem".into()),
        account: Some(("Ada".into(), "0123456789abcdef0123456789abcdef".into())),
        language: Some(Language::German),
    }
}

#[test]
fn settings_round_trip_as_toml() {
    let settings = full();
    let text = settings.to_toml().unwrap();
    assert!(text.contains("theme = \"high-contrast\""), "{text}");
    assert_eq!(Settings::from_toml(&text), Ok((settings, Vec::new())));
    assert_eq!(
        Settings::from_toml(&Settings::default().to_toml().unwrap()),
        Ok((Settings::default(), Vec::new()))
    );
    // Text with quotes, backslashes, tabs and letters beyond ASCII.
    let odd = Settings {
        server: Some("wss://a\"b\\c/ü\tz".into()),
        ca_file: Some("C:\\certs\\ca \"club\".pem".into()),
        solved_puzzles: vec!["a \"quoted\" id".into()],
        ..Settings::default()
    };
    assert_eq!(
        Settings::from_toml(&odd.to_toml().unwrap()),
        Ok((odd, Vec::new()))
    );
}

/// A language chosen in Settings is in force at once: the next words
/// asked for are in it, with no restart. The language in force is the
/// whole program's, so the switching runs in a test process of its own
/// (this test, run again alone) and the other tests keep English.
#[test]
fn the_language_chosen_is_in_force_at_once() {
    const ALONE: &str = "BURROW_TEST_LANGUAGE_ALONE";
    if std::env::var_os(ALONE).is_none() {
        let name = "game::settings::tests::the_language_chosen_is_in_force_at_once";
        let run = std::process::Command::new(std::env::current_exe().expect("the test binary"))
            .args(["--exact", name, "--test-threads=1"])
            .env(ALONE, "1")
            .output()
            .expect("the test binary runs");
        let out = String::from_utf8_lossy(&run.stdout);
        assert!(run.status.success() && out.contains("1 passed"), "{out}");
        return;
    }
    let mut app = App::new();
    app.init_resource::<Settings>()
        .add_message::<SettingsIntent>()
        .add_systems(Update, intents::apply_intents);
    for (chosen, title) in [
        (Language::German, "Einstellungen"),
        (Language::French, "Paramètres"),
        (Language::English, "Settings"),
    ] {
        app.world_mut()
            .write_message(SettingsIntent::Language(Some(chosen)));
        app.update();
        assert_eq!(app.world().resource::<Settings>().language, Some(chosen));
        assert_eq!(crate::lang::current(), chosen);
        assert_eq!(crate::tr!("settings-title"), title);
    }
}

#[test]
fn a_bad_value_is_named_and_replaced_by_its_default_the_rest_kept() {
    let (settings, problems) =
        Settings::from_toml("muted = true\nwalk_speed = \"fast\"\nvolume = 0.5\n").unwrap();
    assert!(settings.muted);
    assert_eq!(settings.volume, 0.5);
    assert_eq!(settings.walk_speed, Settings::default().walk_speed);
    assert_eq!(problems.len(), 1);
    assert_eq!(
        (problems[0].line, problems[0].key.as_str()),
        (2, "walk_speed")
    );
    let said = problems[0].to_string();
    assert_eq!(
        said,
        "settings line 2: `walk_speed` must be a number, found 'fast'; its default is used"
    );
    for bad in [
        "think_seconds = 99",
        "ui_scale = 9",
        "theme = \"neon\"",
        "language = \"tlh\"",
        "language = 3",
        "window = \"100x100\"",
        "window = \"wide\"",
        "muted = \"yes\"",
        "solved_puzzles = \"box\"",
        "account = \"Ada\"\nsession = \"not hex!\"",
    ] {
        let (settings, problems) = Settings::from_toml(bad).unwrap();
        assert_eq!(problems.len(), 1, "{bad}");
        assert_eq!(settings.account, None, "{bad}");
    }
    // A language by its code or a longer tag.
    assert_eq!(
        Settings::from_toml("language = \"fr-CA\"").map(|s| s.0.language),
        Ok(Some(Language::French))
    );
    // A name without its session is forgotten.
    assert_eq!(
        Settings::from_toml("account = \"Ada\"").map(|s| s.0.account),
        Ok(None)
    );
    // Unknown keys and comments are skipped.
    assert_eq!(
        Settings::from_toml("# kept by Burrow\ncolour = \"blue\"\n"),
        Ok((Settings::default(), Vec::new()))
    );
    // Not TOML at all.
    assert!(Settings::from_toml("no equals sign").is_err());
}

/// Each problem is worded from the catalogue when it is shown (the
/// tests run in English).
#[test]
fn a_problem_is_worded_from_the_catalogue() {
    let said = |text: &str| {
        let (_, problems) = Settings::from_toml(text).unwrap();
        assert_eq!(problems.len(), 1, "{text}");
        problems[0].to_string()
    };
    for (bad, words) in [
        (
            "think_seconds = 99",
            "settings line 1: `think_seconds` must be from 0.1 to 10, found 99; its default is used",
        ),
        ("volume = 1.5", "must be from 0 to 1, found 1.5"),
        ("muted = \"yes\"", "must be true or false, found 'yes'"),
        ("walk_speed = true", "must be a number, found true"),
        ("theme = 3", "must be text in quotes, found the number 3"),
        (
            "solved_puzzles = [1]",
            "must be a list of puzzles in quotes, found a list",
        ),
        (
            "server = 1979-05-27",
            "must be text in quotes, found a date",
        ),
        (
            "ca_file = { a = 1 }",
            "must be text in quotes, found a table",
        ),
        (
            "language = \"tlh\"",
            "must be one of en, fr, de, found `tlh`",
        ),
        (
            "theme = \"neon\"",
            "must be classic, green or high-contrast, found `neon`",
        ),
        (
            "window = \"100x100\"",
            "must be WIDTHxHEIGHT from 480x360 to 8192x8192, found `100x100`",
        ),
        (
            "account = \"Ada\"\nsession = \"not hex!\"",
            "settings line 2: `session` must be the server's hex text; its default is used",
        ),
    ] {
        let said = said(bad);
        assert!(said.contains(words), "{bad}: {said}");
        assert!(!said.contains("settings-notice-"), "{said}");
    }
    let unreadable = Settings::from_toml("no equals sign")
        .unwrap_err()
        .to_string();
    assert!(
        unreadable.starts_with("the settings do not read as TOML: ")
            && unreadable.ends_with("; the defaults are used"),
        "{unreadable}"
    );
}

#[test]
fn an_old_settings_file_reads_as_it_did() {
    let old = "walk_speed = 0\nmuted = true\nvolume = 0.35\nflipped = true\nthink_seconds = 2.5\n\
               solved_puzzles = box 4/4/1W2/B3 W; path 8/8/8/8/8/8/8/WB6 W\nui_scale = 1.5\n\
               theme = high-contrast\nwindow = 1600x900\nserver = wss://burrow.example\n\
               ca_file = /etc/burrow/ca.pem\n\
               account = Ada\nsession = 0123456789abcdef0123456789abcdef\n";
    let converted = Settings::legacy_to_toml(old);
    // Earlier versions had no language setting and no screen reader.
    let then = Settings {
        language: None,
        screen_reader: false,
        ..full()
    };
    assert_eq!(Settings::from_toml(&converted), Ok((then, Vec::new())));
}
