//! The look of every screen: the real game under Xvfb opens each screen,
//! and its screenshot is compared with a committed reference picture
//! (`tests/look/NAME.png`, at half the window's size). A change in the look
//! fails here until it is accepted on purpose:
//!
//! ```text
//! BURROW_ACCEPT_LOOK=1 cargo test --features checks look
//! ```
//!
//! writes the new pictures over the references (look at them, then commit
//! them). On a failure the new picture and a picture of the differences
//! are left in the test's target folder, and the message names them.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One screen: its name and the arguments that open it.
struct Screen {
    name: String,
    args: Vec<String>,
}

fn screen(name: &'static str, args: &[&str]) -> Screen {
    Screen {
        name: name.to_string(),
        args: args.iter().map(|s| s.to_string()).collect(),
    }
}

/// Every screen of the suite (`server`: a `burrow serve` for the online
/// table).
fn screens(review_record: &Path, server: &str) -> Vec<Screen> {
    [
        title_screens(),
        board_screens(),
        window_screens(review_record),
        german_screens(),
        designer_and_online_screens(server),
        theme_screens(),
    ]
    .into_iter()
    .flatten()
    .chain(languages(server))
    .collect()
}

/// The title screen, at the usual size, at the smallest window the
/// layouts are made for, and a phone's.
fn title_screens() -> Vec<Screen> {
    vec![
        screen("title", &[]),
        // The smallest window the layouts are made for, and a phone's.
        screen("title-800x600", &["--window-size", "800x600"]),
        screen(
            "phone",
            &[
                "--window-size",
                "390x780",
                "--variant",
                "sweep",
                "--click",
                "a2,a1",
            ],
        ),
    ]
}

/// Each game mid-turn (or its first turn just played, where one capture
/// was all that fitted).
fn board_screens() -> Vec<Screen> {
    vec![
        screen(
            "board-box",
            &[
                "--variant",
                "box",
                "--position",
                "8/8/5B2/4B3/3W1B2/8/8/8 W",
                "--click",
                "d4,e5",
            ],
        ),
        screen(
            "board-path",
            &[
                "--variant",
                "path",
                "--position",
                "2W2W/B5/B5/4WW/4WB/2W1BW B",
                "--click",
                "f2,e2",
            ],
        ),
        screen(
            "board-sweep",
            &[
                "--variant",
                "sweep",
                "--position",
                "8/5WW1/6WB/7B/7B/7W/7W/8 B",
                "--click",
                "h5,g6",
            ],
        ),
        screen(
            "board-tumburrow",
            &["--variant", "tumburrow", "--click", "b3,b2"],
        ),
    ]
}

/// The rules, a lesson, a puzzle, the analysis, the review of
/// `review_record` and the settings.
fn window_screens(review_record: &Path) -> Vec<Screen> {
    vec![
        screen("rules", &["--variant", "path", "--rules"]),
        screen(
            "lesson",
            &["--variant", "sweep", "--lesson", "--click", "a4,c1"],
        ),
        // A puzzle turn that loses: the opponent's winning reply drawn.
        screen("puzzle", &["--puzzle", "1", "--click", "g7,g6"]),
        screen(
            "analysis",
            &[
                "--variant",
                "box",
                "--position",
                "WBWB/BWBW/WBWB/BWBW W",
                "--analysis",
            ],
        ),
        screen(
            "review",
            &["--review", review_record.to_str().expect("a UTF-8 path")],
        ),
        screen("settings", &["--variant", "box", "--settings"]),
    ]
}

/// The player's language: the title screen in German at the smallest
/// window and the settings in German (the screens with the most words
/// follow, in every language: `languages`).
fn german_screens() -> Vec<Screen> {
    vec![
        screen(
            "title-de-800x600",
            &["--window-size", "800x600", "--language", "de"],
        ),
        screen(
            "settings-de",
            &["--variant", "box", "--settings", "--language", "de"],
        ),
    ]
}

/// The designer on a copy of Tumburrow (its menus, verdict and example),
/// and the Online window at a table of `server`.
fn designer_and_online_screens(server: &str) -> Vec<Screen> {
    vec![
        // The designer on a copy of Tumburrow: its menus, verdict and example.
        screen("designer", &["--designer", "tumburrow"]),
        screen(
            "online",
            &[
                "--host",
                "box",
                "--server",
                server,
                "--name",
                "Look",
                "--opponent",
                "random",
            ],
        ),
    ]
}

/// The themes other than the usual one.
fn theme_screens() -> Vec<Screen> {
    vec![
        screen(
            "green",
            &["--variant", "path", "--theme", "green", "--click", "b1,a1"],
        ),
        screen(
            "high-contrast",
            &[
                "--variant",
                "tumburrow",
                "--theme",
                "high-contrast",
                "--click",
                "b3,b2",
            ],
        ),
    ]
}

/// The screens with the most words (a board mid-turn, the rules window, the
/// designer and the Online window) in each language, at the smallest
/// window the layouts are made for and at the usual size: French and
/// German words are longer, and that is where text is clipped or runs
/// into its neighbour.
fn languages(server: &str) -> Vec<Screen> {
    let board = [
        "--variant",
        "box",
        "--position",
        "8/8/5B2/4B3/3W1B2/8/8/8 W",
        "--click",
        "d4,e5",
    ];
    let rules = ["--variant", "path", "--rules"];
    let designer = ["--designer", "tumburrow"];
    let online = ["--online", "play", "--server", server];
    let mut screens = Vec::new();
    for (what, args) in [
        ("board", &board[..]),
        ("rules", &rules[..]),
        ("designer", &designer[..]),
        ("online-window", &online[..]),
    ] {
        for language in ["en", "fr", "de"] {
            for small in [false, true] {
                // The English screens at the usual size are above.
                if language == "en" && !small && what != "online-window" {
                    continue;
                }
                let mut name = what.to_string();
                if language != "en" {
                    name.push('-');
                    name.push_str(language);
                }
                let mut all: Vec<String> = args.iter().map(|s| s.to_string()).collect();
                all.extend(["--language".into(), language.into()]);
                if small {
                    name.push_str("-800x600");
                    all.extend(["--window-size".into(), "800x600".into()]);
                }
                screens.push(Screen { name, args: all });
            }
        }
    }
    screens
}

/// A picture as (width, height, RGB pixels).
struct Picture {
    width: u32,
    height: u32,
    pixels: Vec<[u8; 3]>,
}

fn read_png(path: &Path) -> Picture {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let decoder = png::Decoder::new(std::io::BufReader::new(file));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let channels = info.color_type.samples();
    Picture {
        width: info.width,
        height: info.height,
        pixels: buf[..info.buffer_size()]
            .chunks(channels)
            .map(|c| [c[0], c[1], c[2]])
            .collect(),
    }
}

fn write_png(path: &Path, picture: &Picture) {
    let file = std::fs::File::create(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut encoder =
        png::Encoder::new(std::io::BufWriter::new(file), picture.width, picture.height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().expect("a header");
    let bytes: Vec<u8> = picture.pixels.iter().flatten().copied().collect();
    writer.write_image_data(&bytes).expect("written");
}

/// Half the size: each pixel the mean of a 2x2 block (what is compared and
/// kept, so the references stay small).
fn half(picture: &Picture) -> Picture {
    let (width, height) = (picture.width / 2, picture.height / 2);
    let at = |x: u32, y: u32| picture.pixels[(y * picture.width + x) as usize];
    let mut pixels = Vec::with_capacity((width * height) as usize);
    for y in 0..height {
        for x in 0..width {
            let block = [
                at(2 * x, 2 * y),
                at(2 * x + 1, 2 * y),
                at(2 * x, 2 * y + 1),
                at(2 * x + 1, 2 * y + 1),
            ];
            let mut mean = [0u8; 3];
            for (c, value) in mean.iter_mut().enumerate() {
                let sum: u32 = block.iter().map(|p| p[c] as u32).sum();
                *value = ((sum + 2) / 4) as u8;
            }
            pixels.push(mean);
        }
    }
    Picture {
        width,
        height,
        pixels,
    }
}

/// A channel difference past this marks a pixel as changed (software
/// rendering is the same from run to run; this leaves room for a rounding).
const CHANGED: i32 = 40;
/// The share of changed pixels a screen may have and still match: a
/// label's change is over it, a line's antialiasing under it.
const MAX_CHANGED: f64 = 0.002;

/// The pixels that differ between two pictures of the same size, and a
/// picture of them (changed pixels red over a dimmed copy of the new one).
fn difference(new: &Picture, reference: &Picture) -> (usize, Picture) {
    let mut changed = 0;
    let pixels = new
        .pixels
        .iter()
        .zip(&reference.pixels)
        .map(|(a, b)| {
            let moved = a
                .iter()
                .zip(b)
                .any(|(x, y)| (*x as i32 - *y as i32).abs() > CHANGED);
            if moved {
                changed += 1;
                [255, 0, 0]
            } else {
                a.map(|v| v / 3)
            }
        })
        .collect();
    (
        changed,
        Picture {
            width: new.width,
            height: new.height,
            pixels,
        },
    )
}

/// Opens `screen` under Xvfb, to its screenshot at `shot` and its
/// accessibility tree at `tree`.
fn run(screen: &Screen, shot: &Path, tree: &Path) {
    let status = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_burrow"))
        .args(&screen.args)
        .arg("--screenshot")
        .arg(shot)
        .arg("--accessibility")
        .arg(tree)
        .status()
        .expect("xvfb-run runs (bash .ci/setup installs it)");
    assert!(
        status.success(),
        "{}: the game exited with {status}",
        screen.name
    );
}

/// What a screen reader is given on `screen` (its tree written at
/// `tree`): the controls without a name in its language.
fn unnamed_controls(screen: &Screen, tree: &Path) -> Vec<String> {
    let language = screen
        .args
        .iter()
        .position(|arg| arg == "--language")
        .map_or("en", |at| screen.args[at + 1].as_str());
    let tree = std::fs::read_to_string(tree)
        .unwrap_or_else(|e| panic!("{}: no accessibility tree: {e}", screen.name));
    crate::access::problems(&screen.name, language, &tree)
}

#[test]
fn every_screen_looks_as_its_reference() {
    if !crate::support::xvfb() {
        return;
    }
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("look");
    std::fs::create_dir_all(&out).expect("the target folder");
    let references = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/look");
    let accept = std::env::var_os("BURROW_ACCEPT_LOOK").is_some();
    // A short finished 4x4 Box game for the review.
    let rules = burrow::rules::builtin_rules("box").unwrap();
    let start: burrow::rules::Position = "WBWB/BWBW/WBWB/BWBW W".parse().unwrap();
    let record = burrow::ai::play_random_game(&rules, start, 5).unwrap();
    let record_path = out.join("review-game.txt");
    std::fs::write(&record_path, record.to_string()).expect("the record is written");

    let server = crate::online::Server::start(&crate::online::sqlite("look"));
    let mut failures = Vec::new();
    let screens = screens(&record_path, &server.address);
    // A reference no screen makes is a screen dropped by mistake.
    for entry in std::fs::read_dir(&references).expect("tests/look") {
        let name = entry.expect("a file").file_name();
        let name = name.to_string_lossy();
        if let Some(stem) = name.strip_suffix(".png")
            && !screens.iter().any(|s| s.name == stem)
        {
            failures.push(format!("{name}: a reference picture no screen makes"));
        }
    }
    let mut unnamed = Vec::new();
    for screen in screens {
        let shot = out.join(format!("{}-full.png", screen.name));
        let tree = out.join(format!("{}-access.txt", screen.name));
        let _ = std::fs::remove_file(&shot);
        let _ = std::fs::remove_file(&tree);
        run(&screen, &shot, &tree);
        unnamed.extend(unnamed_controls(&screen, &tree));
        let new = half(&read_png(&shot));
        let reference_path = references.join(format!("{}.png", screen.name));
        if accept {
            std::fs::create_dir_all(&references).expect("tests/look");
            write_png(&reference_path, &new);
            continue;
        }
        let new_path = out.join(format!("{}.png", screen.name));
        write_png(&new_path, &new);
        if !reference_path.exists() {
            failures.push(format!(
                "{}: no reference picture at {} (the new one: {})",
                screen.name,
                reference_path.display(),
                new_path.display()
            ));
            continue;
        }
        let reference = read_png(&reference_path);
        if (reference.width, reference.height) != (new.width, new.height) {
            failures.push(format!(
                "{}: {}x{}, the reference is {}x{} ({})",
                screen.name,
                new.width,
                new.height,
                reference.width,
                reference.height,
                new_path.display()
            ));
            continue;
        }
        let (changed, diff) = difference(&new, &reference);
        let share = changed as f64 / new.pixels.len() as f64;
        if share > MAX_CHANGED {
            let diff_path = out.join(format!("{}-diff.png", screen.name));
            write_png(&diff_path, &diff);
            failures.push(format!(
                "{}: {changed} pixels ({:.2}%) differ from the reference; the new picture: {}, \
                 the differences in red: {}",
                screen.name,
                share * 100.0,
                new_path.display(),
                diff_path.display()
            ));
        }
    }
    assert!(
        unnamed.is_empty(),
        "controls a screen reader cannot name:\n{}",
        unnamed.join("\n")
    );
    assert!(
        failures.is_empty(),
        "the look changed (accept it on purpose with BURROW_ACCEPT_LOOK=1, see tests/look.rs):\n{}",
        failures.join("\n")
    );
}
