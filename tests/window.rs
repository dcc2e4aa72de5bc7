//! The real game in a real window under Xvfb (software Vulkan): scripted
//! clicks play two turns and select a piece, then the screenshot is checked
//! pixel by pixel for the board, both piece colours and highlighted targets.
//! The screenshot stays in `target/window-check.png` for people to look at.

use std::path::PathBuf;
use std::process::Command;

fn screenshot_path() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    dir.join("window-check.png")
}

/// Pixels as (r, g, b).
fn load_png(path: &PathBuf) -> (u32, u32, Vec<[u8; 3]>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    let pixels = buf[..info.buffer_size()]
        .chunks(channels)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    (info.width, info.height, pixels)
}

fn near(p: [u8; 3], q: [u8; 3], tolerance: i32) -> bool {
    p.iter()
        .zip(q)
        .all(|(a, b)| (*a as i32 - b as i32).abs() <= tolerance)
}

fn srgb(r: f32, g: f32, b: f32) -> [u8; 3] {
    [
        (r * 255.0).round() as u8,
        (g * 255.0).round() as u8,
        (b * 255.0).round() as u8,
    ]
}

/// Runs the game under Xvfb with `args`, to its screenshot at `path`.
fn run_game(args: &[&str], path: &PathBuf) {
    run_game_with(args, path, &[]);
}

/// [`run_game`] with these environment variables set.
fn run_game_with(args: &[&str], path: &PathBuf, env: &[(&str, &std::ffi::OsStr)]) {
    let status = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_burrow"))
        .args(args)
        .arg("--screenshot")
        .arg(path)
        .envs(env.iter().copied())
        .status()
        .expect("xvfb-run runs (bash .ci/setup installs it)");
    assert!(status.success(), "the game exited with {status}");
}

#[test]
fn the_game_draws_board_pieces_and_targets_in_a_real_window() {
    if !crate::support::xvfb() {
        return;
    }
    let path = screenshot_path();
    let _ = std::fs::remove_file(&path);
    run_game(&["--variant", "box", "--click", "b1,a1,c1,d1,f1"], &path);
    let (width, height, pixels) = load_png(&path);
    assert!(width >= 800 && height >= 600, "{width}x{height}");
    let count = |color: [u8; 3], tolerance: i32| {
        pixels
            .iter()
            .filter(|&&p| near(p, color, tolerance))
            .count()
    };
    let total = pixels.len();
    // The palette of src/game/play/board.rs.
    let light = count(srgb(0.85, 0.80, 0.70), 6);
    let dark = count(srgb(0.52, 0.43, 0.35), 6);
    let white_pieces = count(srgb(0.97, 0.96, 0.92), 10);
    let black_pieces = count(srgb(0.10, 0.10, 0.12), 8);
    let targets = count(srgb(0.95, 0.55, 0.05), 25);
    assert!(
        light > total / 50 && dark > total / 50,
        "board squares: light {light}, dark {dark} of {total}"
    );
    assert!(white_pieces > total / 100, "white pieces: {white_pieces}");
    assert!(black_pieces > total / 100, "black pieces: {black_pieces}");
    assert!(
        targets > 200,
        "highlighted targets: {targets} orange pixels"
    );
    let lines = panel_line_columns(width, height, &pixels);
    assert!(
        lines.is_empty(),
        "the side panel's contents overflow it: its edge line is drawn inside it, at x = {lines:?}"
    );
}

/// Columns inside the side panel (the right 300 px, past its own edge)
/// crossed top to bottom by a line: what egui draws at a panel's edge when
/// the panel's contents are wider than the panel.
fn panel_line_columns(width: u32, height: u32, pixels: &[[u8; 3]]) -> Vec<u32> {
    let panel_left = width - 300;
    let at = |x: u32, y: u32| pixels[(y * width + x) as usize];
    // The panel's fill: its most common colour.
    let mut counts = std::collections::HashMap::new();
    for x in panel_left..width {
        for y in 0..height {
            *counts.entry(at(x, y)).or_insert(0) += 1;
        }
    }
    let fill = counts
        .into_iter()
        .max_by_key(|&(_, n)| n)
        .expect("pixels")
        .0;
    (panel_left + 3..width)
        .filter(|&x| {
            let middle = at(x, height / 2);
            let same = (0..height).filter(|&y| near(at(x, y), middle, 3)).count();
            same as u32 > height * 9 / 10 && !near(middle, fill, 3)
        })
        .collect()
}

/// The analysis board in the real window: a 4x4 Box position White wins,
/// every White piece marked with a green badge.
#[test]
fn the_analysis_marks_winning_pieces_in_a_real_window() {
    if !crate::support::xvfb() {
        return;
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("analysis-check.png");
    let _ = std::fs::remove_file(&path);
    run_game(
        &[
            "--variant",
            "box",
            "--position",
            "W1B1/1BW1/B1WB/WB1W W",
            "--analysis",
        ],
        &path,
    );
    let (width, _, pixels) = load_png(&path);
    let board_part = |x: u32| x < width - 300;
    let green = pixels
        .iter()
        .enumerate()
        .filter(|(i, p)| board_part(*i as u32 % width) && near(**p, [30, 140, 60], 12))
        .count();
    let red = pixels
        .iter()
        .enumerate()
        .filter(|(i, p)| board_part(*i as u32 % width) && near(**p, [170, 40, 40], 12))
        .count();
    // Five badges of about 60 px across, all green: every piece has a winning turn.
    assert!(green > 5 * 1500, "green badge pixels: {green}");
    assert!(red < 200, "red badge pixels: {red}");
}

/// Pixels of `color` (within `tolerance`) left of the side panel.
fn board_pixels(width: u32, pixels: &[[u8; 3]], color: [u8; 3], tolerance: i32) -> usize {
    pixels
        .iter()
        .enumerate()
        .filter(|(i, p)| (*i as u32 % width) < width - 300 && near(**p, color, tolerance))
        .count()
}

/// Tumburrow mid-turn in the real window: the friends that count are
/// ringed in the template's blue, the enemy that ends a line is crossed in
/// red, and the count stands on the piece.
#[test]
fn tumburrow_marks_what_the_piece_counts_in_a_real_window() {
    if !crate::support::xvfb() {
        return;
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("tumburrow-count.png");
    let _ = std::fs::remove_file(&path);
    // c2xa1 sets the count to 2 (a6 and d1); b2 blocks the diagonal.
    run_game(
        &[
            "--variant",
            "tumburrow",
            "--position",
            "WW3B/1B2BW/3BWB/2BWBW/1BWBWB/B2WBW W",
            "--click",
            "c2,a1",
        ],
        &path,
    );
    let (width, _, pixels) = load_png(&path);
    let template = board_pixels(width, &pixels, srgb(0.35, 0.75, 1.0), 30);
    let blocked = board_pixels(width, &pixels, srgb(0.9, 0.25, 0.2), 30);
    let tag = board_pixels(width, &pixels, [20, 70, 120], 25);
    // Two double rings and the lines to them; one cross; one count tag.
    assert!(template > 1500, "template-blue pixels: {template}");
    assert!(blocked > 60, "blocked-red pixels: {blocked}");
    assert!(tag > 120, "count tag pixels: {tag}");
}

/// The review of a played game in the real window: the evaluation line is
/// drawn, the position on show is marked, and a mistake is marked where
/// the evaluation swung (the record: a game of `easy` against `greedy`).
#[test]
fn the_review_draws_the_evaluation_graph_in_a_real_window() {
    if !crate::support::xvfb() {
        return;
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let record = dir.join("review-game.txt");
    let played = Command::new(env!("CARGO_BIN_EXE_burrow"))
        .args([
            "play",
            "--variant",
            "box",
            "--white",
            "easy",
            "--black",
            "greedy",
            "--seed",
            "3",
        ])
        .output()
        .unwrap();
    assert!(played.status.success());
    std::fs::write(&record, &played.stdout).unwrap();
    let path = dir.join("review-check.png");
    let _ = std::fs::remove_file(&path);
    run_game(&["--review", record.to_str().unwrap()], &path);
    let (width, _, pixels) = load_png(&path);
    let line = board_pixels(width, &pixels, [120, 190, 255], 20);
    let mistakes = board_pixels(width, &pixels, [235, 80, 70], 20);
    let current = board_pixels(width, &pixels, [250, 210, 60], 20);
    assert!(line > 400, "evaluation line pixels: {line}");
    assert!(mistakes > 40, "mistake marks: {mistakes}");
    assert!(current > 30, "the position on show: {current}");
}

/// The rules help in the real window opens at the game played and draws
/// its example: the diagram's squares, the capture paths in orange and the
/// template in blue.
#[test]
fn the_rules_help_draws_the_games_diagrams_in_a_real_window() {
    if !crate::support::xvfb() {
        return;
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("rules-check.png");
    let _ = std::fs::remove_file(&path);
    run_game(&["--variant", "path", "--rules"], &path);
    let (width, _, pixels) = load_png(&path);
    let diagram_square = board_pixels(width, &pixels, [217, 204, 179], 4);
    let paths = board_pixels(width, &pixels, [242, 140, 13], 20);
    let template = board_pixels(width, &pixels, [89, 191, 255], 30);
    assert!(
        diagram_square > 4000,
        "diagram light squares: {diagram_square}"
    );
    assert!(paths > 500, "capture paths: {paths}");
    assert!(template > 40, "template: {template}");
}

/// A guided first game in the real window: after the initial capture the
/// lesson asks for a capture that does not fit; the click is refused, and
/// the lesson's panel (its own blue) and the refusal's message show.
#[test]
fn a_lesson_step_and_its_refusal_show_in_a_real_window() {
    if !crate::support::xvfb() {
        return;
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("lesson-check.png");
    let _ = std::fs::remove_file(&path);
    run_game(
        &["--variant", "sweep", "--lesson", "--click", "a4,c1,b1"],
        &path,
    );
    let (width, height, pixels) = load_png(&path);
    let panel = pixels
        .iter()
        .enumerate()
        .filter(|(i, p)| (*i as u32 % width) >= width - 300 && near(**p, [24, 48, 72], 3))
        .count();
    assert!(panel > 20_000, "the lesson's panel: {panel} pixels");
    // The toast: a window-coloured box at the foot of the side panel (it
    // covers none of the board, whose file letters sit at its foot).
    let low = |i: usize| (i as u32 / width) > height - 120 && (i as u32 % width) >= width - 300;
    let toast = pixels
        .iter()
        .enumerate()
        .filter(|(i, p)| low(*i) && near(**p, [40, 35, 31], 3))
        .count();
    assert!(toast > 3000, "the refusal's message box: {toast} pixels");
    let over_board = pixels
        .iter()
        .enumerate()
        .filter(|(i, p)| {
            (*i as u32 / width) > height - 120
                && (*i as u32 % width) < width - 300
                && near(**p, [40, 35, 31], 3)
        })
        .count();
    assert!(
        over_board < 300,
        "a message box over the board's foot: {over_board} pixels"
    );
}

/// The high-contrast theme in the real window: grey squares, black panels,
/// and none of the classic wood colours.
#[test]
fn the_high_contrast_theme_shows_in_a_real_window() {
    if !crate::support::xvfb() {
        return;
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("high-contrast-check.png");
    let _ = std::fs::remove_file(&path);
    run_game(&["--variant", "box", "--theme", "high-contrast"], &path);
    let (width, _, pixels) = load_png(&path);
    let total = pixels.len();
    let light = board_pixels(width, &pixels, [184, 184, 184], 3);
    let wood = board_pixels(width, &pixels, srgb(0.85, 0.80, 0.70), 6);
    let panel_black = pixels
        .iter()
        .enumerate()
        .filter(|(i, p)| (*i as u32 % width) >= width - 290 && **p == [0, 0, 0])
        .count();
    assert!(light > total / 20, "high-contrast light squares: {light}");
    assert!(wood < 100, "classic squares left: {wood}");
    assert!(panel_black > 100_000, "black panel: {panel_black}");
}

/// The desktop game at an online table in a real window: it opens a table
/// at a `burrow serve` of the test's own, its click plays the first turn,
/// and the server, the only judge, has that turn stored under the window's
/// player; the board is on screen beside the table's panel.
#[test]
fn the_window_plays_its_turn_at_an_online_table() {
    if !crate::support::xvfb() {
        return;
    }
    let database = crate::online::sqlite("window");
    let server = crate::online::Server::start(&database);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("online-check.png");
    let _ = std::fs::remove_file(&path);
    run_game(
        &[
            "--host",
            "box",
            "--server",
            &server.address,
            "--name",
            "Window",
            "--opponent",
            "random",
            "--click",
            "b1,a1",
        ],
        &path,
    );
    let (width, _, pixels) = load_png(&path);
    let total = pixels.len();
    let light = board_pixels(width, &pixels, srgb(0.85, 0.80, 0.70), 6);
    assert!(light > total / 50, "board squares: {light}");
    // A table for a friend is never listed: the test reads its code from
    // the server's database.
    let games = crate::online::runtime().block_on(crate::online::stored_codes(&database));
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!(games[0].1.as_deref(), Some("Window"), "{games:?}");
    let code = &games[0].0;
    let record = crate::online::runtime().block_on(async {
        burrow::load::http_get(&server.address, &format!("/games/{code}.txt"))
            .await
            .expect("GET the record")
            .1
    });
    let record: burrow::rules::GameRecord = record.parse().expect("a record");
    assert_eq!(
        record.turns.first().map(ToString::to_string).as_deref(),
        Some("b1xa1"),
        "the window's click reached the server as its turn"
    );
}

/// The game signed in at `server` as `Window_W` (the password in its
/// environment), with a config folder of its own, and `args`.
fn run_signed_in(server: &str, args: &[&str], path: &PathBuf, home: &std::path::Path) {
    let signed_in = [&["--server", server, "--sign-in", "Window_W"][..], args].concat();
    run_game_with(
        &signed_in,
        path,
        &[
            ("XDG_CONFIG_HOME", home.as_os_str()),
            ("BURROW_PASSWORD", "a long enough password".as_ref()),
        ],
    );
}

/// The squares to click for a played turn (`b1xa1xa2`).
fn clicks_of(turn: &str) -> String {
    turn.split('/').next().unwrap_or(turn).replace('x', ",")
}

/// Two players find each other from the desktop game. A player (a script)
/// opens a rated seek; the window signs in, asks to play someone now, is
/// seated at that seek and plays its turn; the seek's player resigns and
/// both ratings move; after a second rated game the window's Players tab
/// draws the account's rating line. Then a correspondence game of three
/// days a turn, found the same way: the window plays its first turn, the
/// server is killed and started again, the opponent replies, and the
/// window, started again, takes its seat back by account and plays its
/// second turn.
#[test]
fn the_window_meets_a_player_rated_and_by_correspondence() {
    use crate::online::{Server, runtime, sqlite};
    if !crate::support::xvfb() {
        return;
    }
    let database = sqlite("window-community");
    let server = Server::start(&database);
    let rt = runtime();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("window-community");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    the_window_plays_a_rated_seek(&server, &rt, &dir);
    a_second_rated_game_draws_the_rating_line(&server, &rt, &dir);
    the_window_plays_by_correspondence_across_a_restart(server, &database, &rt, &dir);
}

/// A rated seek of Box on 8x8, Black the seeker's, with `clock`.
fn rated_seek(
    clock: Option<burrow::online::protocol::ClockSetting>,
) -> burrow::online::protocol::ClientMessage {
    use burrow::online::protocol::{ClientMessage, SideChoice};
    ClientMessage::Create {
        setup: crate::online::setup("box", "8x8", clock),
        side: SideChoice::Black,
        name: None,
        computer: None,
        public: true,
        rated: true,
    }
}

/// Bo opens a rated seek; the window, signed in, is seated there and plays
/// its turn; Bo resigns and both ratings move.
fn the_window_plays_a_rated_seek(
    server: &crate::online::Server,
    rt: &tokio::runtime::Runtime,
    dir: &std::path::Path,
) {
    use crate::online::{leaderboard, resign, signed_in, take_seat_with};
    let address = server.address.clone();
    let url = server.ws();
    let path = dir.join("shot.png");
    let mut bo = rt.block_on(async {
        signed_in(&url, "Window_W").await.close().await;
        take_seat_with(signed_in(&url, "Bo_W").await, &rated_seek(None)).await
    });
    run_signed_in(&address, &["--pair", "box", "--click", "b1,a1"], &path, dir);
    rt.block_on(bo.follow_to(1));
    let view = &bo.mirror.view;
    assert_eq!(
        view.turns,
        ["b1xa1"],
        "the window's turn reached Bo's table"
    );
    assert!(view.rated && view.white.account, "{view:?}");
    assert_eq!(view.white.name.as_deref(), Some("Window_W"));
    rt.block_on(resign(&mut bo.client, &bo.code.clone(), &bo.token.clone()));
    let board = rt.block_on(leaderboard(&address, "box"));
    let rating = |name: &str| board.iter().find(|p| p.0 == name).map(|p| p.1);
    assert!(rating("Window_W") > Some(1600.0), "{board:?}");
    assert!(rating("Bo_W") < Some(1400.0), "{board:?}");
}

/// A second rated game of the account (played by a script) makes a line
/// on its page.
fn a_second_rated_game_draws_the_rating_line(
    server: &crate::online::Server,
    rt: &tokio::runtime::Runtime,
    dir: &std::path::Path,
) {
    use crate::online::{resign, signed_in_as, take_seat_with};
    use burrow::online::protocol::ClientMessage;
    let url = server.ws();
    let path = dir.join("shot.png");
    rt.block_on(async {
        let table = take_seat_with(signed_in_as(&url, "Window_W").await, &rated_seek(None)).await;
        let join = ClientMessage::Join {
            code: table.code.clone(),
            name: None,
        };
        let mut joined = take_seat_with(signed_in_as(&url, "Bo_W").await, &join).await;
        resign(
            &mut joined.client,
            &joined.code.clone(),
            &joined.token.clone(),
        )
        .await;
    });
    run_signed_in(&server.address, &["--online", "players"], &path, dir);
    let (_, _, pixels) = load_png(&path);
    // The rating line's colour (src/game/online/players_tab.rs).
    let line = pixels
        .iter()
        .filter(|&&p| near(p, [220, 120, 40], 12))
        .count();
    assert!(line > 150, "the rating line: {line} pixels");
}

/// Correspondence: three days a turn, across a restart of the server (on
/// `database`, at the same address): the window plays its first turn, the
/// opponent replies while the window is away, and the window, started
/// again, takes its seat back by account and plays its second turn.
fn the_window_plays_by_correspondence_across_a_restart(
    server: crate::online::Server,
    database: &str,
    rt: &tokio::runtime::Runtime,
    dir: &std::path::Path,
) {
    use crate::online::{Server, resume_by_account, signed_in, take_seat_with};
    use burrow::online::protocol::ClockSetting;
    let address = server.address.clone();
    let url = server.ws();
    let path = dir.join("shot.png");
    // (Bo's rating is now too far below the window's to pair them: a new
    // player of 1500 waits.)
    let mut cy = rt.block_on(async {
        take_seat_with(
            signed_in(&url, "Cy_W").await,
            &rated_seek(Some(ClockSetting::days_per_move(3))),
        )
        .await
    });
    run_signed_in(
        &address,
        &["--pair", "box", "--clock", "3d", "--click", "b1,a1"],
        &path,
        dir,
    );
    rt.block_on(cy.follow_to(1));
    let code = cy.code.clone();
    drop(cy);
    server.kill();
    let server = Server::start_on(database, &address);
    let reply = rt.block_on(async {
        let mut cy = resume_by_account(&server.ws(), "Cy_W", &code).await;
        let turn = cy.some_turn();
        cy.play(&turn).await;
        cy.follow_to(2).await;
        cy
    });
    // White's turn again, on the window's side.
    let second = reply.some_turn();
    run_signed_in(
        &address,
        &["--resume", &code, "--click", &clicks_of(&second)],
        &path,
        dir,
    );
    let mut reply = reply;
    rt.block_on(reply.follow_to(3));
    assert_eq!(reply.mirror.view.turns.len(), 3);
    assert_eq!(
        reply.mirror.view.turns[2], second,
        "the window's second turn"
    );
    assert_eq!(
        reply.mirror.view.setup.clock,
        Some(ClockSetting::days_per_move(3))
    );
}

/// The storm: 3,000 seeded random clicks (board, panels, menus), pointer
/// moves, key presses and window resizes through the real window, a few a
/// frame and so mid-animation too; then the game must not have panicked,
/// its piece entities must stand where the engine says, and every turn of
/// its move list must replay. Run in a scratch folder: a click may save a
/// record or a picture.
#[test]
fn slow_storm_of_random_input_leaves_the_game_whole() {
    if !crate::support::xvfb() {
        return;
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("storm");
    std::fs::create_dir_all(&dir).unwrap();
    let output = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_burrow"))
        .args(["--variant", "sweep", "--storm", "3000", "--storm-seed", "5"])
        .current_dir(&dir)
        .output()
        .expect("xvfb-run runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let report = stdout
        .lines()
        .find(|l| l.starts_with("storm:"))
        .unwrap_or("no storm report");
    assert!(
        output.status.success() && report.starts_with("storm: ok"),
        "{report} (exit {}; {})",
        output.status,
        String::from_utf8_lossy(&output.stderr)
            .lines()
            .filter(|l| l.contains("panicked"))
            .collect::<Vec<_>>()
            .join(" ")
    );
}

/// The squares a person clicks to play `turn`: its piece, then each
/// capture's square (a capture the game plays on by itself, being the only
/// one that fits, is clicked all the same: a click on the square the piece
/// already took changes nothing).
fn clicks_for(turn: &burrow::rules::PlayedTurn) -> String {
    let mut squares = vec![turn.origin.to_string()];
    squares.extend(turn.steps().map(|c| c.to.to_string()));
    squares.join(",")
}

/// The saved game's turns, read as a record.
fn saved_turns(file: &std::path::Path) -> Option<Vec<burrow::rules::PlayedTurn>> {
    let text = std::fs::read_to_string(file).ok()?;
    let record: burrow::rules::GameRecord = text.parse().ok()?;
    Some(record.turns)
}

/// A window's game killed (`kill -9`) once it has played a turn continues at
/// that turn in the next window (`--continue`): the next window plays on
/// from it. A save that does not read is set aside and said, the window
/// starting fresh.
#[test]
fn a_local_game_continues_in_the_next_window_and_a_damaged_save_is_set_aside() {
    if !crate::support::xvfb() {
        return;
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("window-saves");
    let _ = std::fs::remove_dir_all(&dir);
    let file = dir.join("saved-game.txt");
    let saves = dir.to_str().expect("a path");
    let registry = burrow::rules::VariantRegistry::builtin();
    let rules = registry.get("box").expect("box");
    let start = rules.start(burrow::rules::BoardSize::STANDARD);
    let turns = rules.turns(&start).expect("lists");
    let first = turns
        .iter()
        .min_by_key(|t| t.captures.len())
        .expect("a turn")
        .played();

    // The first window plays a turn and is killed once the game is kept
    // (if its script has not ended it first: either way the save is whole).
    let clicks = clicks_for(&first);
    let kept_a_turn = || saved_turns(&file).is_some_and(|t| !t.is_empty());
    start_and_kill(
        &["--variant", "box", "--save-dir", saves, "--click", &clicks],
        &dir,
        kept_a_turn,
    );
    assert!(kept_a_turn(), "the first window kept no game");
    let kept = saved_turns(&file).expect("a whole save after kill -9");
    assert_eq!(kept[0], first);

    // The next window continues it and plays on from it.
    let record: burrow::rules::GameRecord =
        std::fs::read_to_string(&file).unwrap().parse().unwrap();
    let position = *record.history(&registry).expect("replays").position();
    let next = rules.turns(&position).expect("lists")[0].played();
    let path = dir.join("continued.png");
    run_game(
        &[
            "--continue",
            "--save-dir",
            saves,
            "--click",
            &clicks_for(&next),
        ],
        &path,
    );
    let after = saved_turns(&file).expect("still kept");
    assert!(after.len() > kept.len(), "{after:?}");
    assert_eq!(after[..kept.len()], kept[..], "the continued game");
    assert_eq!(after[kept.len()], next, "played on from the saved turn");

    // A damaged save is set aside; the window starts.
    std::fs::write(&file, "[Variant \"box\"]\n1. b1xa1 *garbage").unwrap();
    run_game(&["--save-dir", saves, "--rules"], &dir.join("fresh.png"));
    assert!(dir.join("saved-game-unreadable.txt").exists());
    assert!(!file.exists());
}

/// Starts the game with `args` and its user folder in `home`, waits until
/// `ready` holds (three minutes at most), then kills its whole process
/// group (xvfb-run, Xvfb and the game) at once.
fn start_and_kill(args: &[&str], home: &std::path::Path, ready: impl Fn() -> bool) {
    use std::os::unix::process::CommandExt;
    let mut window = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_burrow"))
        .args(args)
        .env("XDG_CONFIG_HOME", home)
        .process_group(0)
        .spawn()
        .expect("xvfb-run runs");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(180);
    while !ready() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    let _ = Command::new("kill")
        .args(["-s", "KILL", "--", &format!("-{}", window.id())])
        .status();
    let _ = window.wait();
}

/// The player's settings file as the game meets it: a bad value is named,
/// replaced by its default and the rest kept, the file as it was kept
/// beside; an earlier version's file is read once and written as TOML.
#[test]
fn damaged_and_old_settings_files_are_mended_and_kept_beside() {
    if !crate::support::xvfb() {
        return;
    }
    let home = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("settings-home");
    let _ = std::fs::remove_dir_all(&home);
    let folder = home.join("burrow");
    std::fs::create_dir_all(&folder).unwrap();
    let damaged = "muted = true\nwalk_speed = \"fast\"\ntheme = \"green\"\n";
    std::fs::write(folder.join("settings.toml"), damaged).unwrap();
    let kept = folder.join("settings-unreadable.toml");
    let mended = || {
        std::fs::read_to_string(folder.join("settings.toml"))
            .is_ok_and(|t| t.contains("walk_speed = 6.0"))
    };
    start_and_kill(&[], &home, || kept.exists() && mended());
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), damaged);
    let now = std::fs::read_to_string(folder.join("settings.toml")).unwrap();
    assert!(
        now.contains("muted = true") && now.contains("theme = \"green\""),
        "{now}"
    );
    assert!(now.contains("walk_speed = 6.0"), "{now}");

    // An earlier version's file: read once, written as TOML, renamed.
    std::fs::remove_dir_all(&folder).unwrap();
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(
        folder.join("settings.txt"),
        "muted = true\ntheme = high-contrast\n",
    )
    .unwrap();
    start_and_kill(&[], &home, || folder.join("settings.toml").exists());
    let now = std::fs::read_to_string(folder.join("settings.toml")).unwrap();
    assert!(now.contains("theme = \"high-contrast\""), "{now}");
    assert!(folder.join("settings.txt.old").exists());
    assert!(!folder.join("settings.txt").exists());
}
