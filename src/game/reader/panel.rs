//! The screen reader's systems: the lines typed answered, and what is
//! said kept ([`Spoken`]), which the desktop's field (`field`) and the
//! page's live region (`page`) show; the View menu's and the title
//! screen's switch. Each capture made (a click, a typed turn, the
//! computer's) is announced as the rules plugin reports it; a typed turn
//! is played as a planned turn, a capture at a time, like the computer's.

use std::collections::VecDeque;
use std::time::Duration;

#[cfg(not(target_arch = "wasm32"))]
use bevy::a11y::AccessibilityRequested;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::lesson::Tutorial;
use crate::game::online::Online;
use crate::game::play::{
    AnalysisIntent, AnimationQueue, BoardAnalysis, BoardClicks, BoardReset, CaptureMade, Game,
    GameEnded, PlannedTurn, Player, PlaysPlannedTurn, Refused, Selection, SingleCaptureAutoplay,
    SquareClicked, analysed_position,
};
use crate::game::puzzles::Puzzles;
use crate::game::screens::InGame;
use crate::game::sets::GameSet;
use crate::game::settings::{Settings, SettingsIntent};
use crate::game::ui::sections::{PanelSectionsAppExt, Slot};
use crate::game::ui::{UiState, words};
use crate::rules::{PlayedTurn, Position, Side, Square};
use crate::tr;

use super::{Command, Scene, announce_step};

/// How many things said are kept.
const KEPT: usize = 50;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Spoken>()
        .add_message::<ReaderLine>()
        .add_systems(
            Update,
            answer_lines
                .in_set(GameSet::Input)
                .in_set(Answering)
                .before(BoardClicks)
                .before(SingleCaptureAutoplay)
                .before(PlaysPlannedTurn)
                .run_if(in_state(InGame)),
        )
        .add_systems(
            Update,
            answer_outside_game
                .in_set(GameSet::Input)
                .in_set(Answering)
                .run_if(not(in_state(InGame))),
        )
        .add_systems(
            Update,
            (
                announce,
                announce_guides,
                announce_cursor,
                announce_analysis,
            )
                .chain()
                .in_set(GameSet::Sync),
        );
    #[cfg(not(target_arch = "wasm32"))]
    app.add_systems(Update, follow_system_reader.in_set(GameSet::Input));
}

/// The reader's answering of typed lines, which whatever brings lines in
/// runs before.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Answering;

pub(crate) fn view(app: &mut App) {
    app.add_panel_section(Slot::ViewMenu, 30, view_menu);
}

/// The View menu's switch for the screen reader's field.
fn view_menu(
    InMut(ui): InMut<egui::Ui>,
    settings: Res<Settings>,
    mut state: ResMut<UiState>,
    mut intents: MessageWriter<SettingsIntent>,
) {
    switch(ui, &settings, &mut state, &mut intents);
}

/// The screen reader's switch: the View menu's, and the title screen's
/// first control, so that the first Tab of a player who cannot see the
/// screen reaches it.
pub(crate) fn switch(
    ui: &mut egui::Ui,
    settings: &Settings,
    state: &mut UiState,
    intents: &mut MessageWriter<SettingsIntent>,
) {
    let mut on = settings.screen_reader;
    let switch = ui
        .checkbox(&mut on, tr!("menu-screen-reader"))
        .on_hover_text(tr!("menu-screen-reader-hint"));
    state.spot("screen-reader", &switch);
    if switch.changed() {
        intents.write(SettingsIntent::ScreenReader(on));
    }
}

/// Turns the field on, once a run, when the system's screen reader first
/// asks the window for its controls (AccessKit reports that an assistive
/// technology is listening), unless it is on already; a player who then
/// turns it off keeps it off.
#[cfg(not(target_arch = "wasm32"))]
fn follow_system_reader(
    requested: Option<Res<AccessibilityRequested>>,
    settings: Res<Settings>,
    mut intents: MessageWriter<SettingsIntent>,
    mut done: Local<bool>,
) {
    if *done || !requested.is_some_and(|requested| requested.get()) {
        return;
    }
    *done = true;
    if !settings.screen_reader {
        intents.write(SettingsIntent::ScreenReader(true));
    }
}

/// What the screen reader has been given to say, oldest first, and the
/// line being typed.
#[derive(Resource, Debug, Default)]
pub struct Spoken {
    /// The last things said, at most `KEPT` of them.
    pub said: VecDeque<String>,
    /// How many things have been said in all.
    pub total: usize,
    pub line: String,
    /// `a` was asked while the analysis was still working: its words are
    /// said when they come.
    pub analysis_asked: bool,
}

impl Spoken {
    /// Adds words to say.
    pub fn say(&mut self, words: String) {
        if words.is_empty() {
            return;
        }
        if self.said.len() == KEPT {
            self.said.pop_front();
        }
        self.said.push_back(words);
        self.total += 1;
    }

    /// What was said after the first `seen` things (as many as are kept).
    pub fn since(&self, seen: usize) -> impl Iterator<Item = &str> {
        let new = self.total.saturating_sub(seen).min(self.said.len());
        self.said
            .iter()
            .skip(self.said.len() - new)
            .map(String::as_str)
    }

    /// The last thing said.
    pub fn last(&self) -> Option<&str> {
        self.said.back().map(String::as_str)
    }
}

/// The last `count` captures made in the game, oldest first, each with
/// the turn it belongs to (the position it started from, its captures so
/// far) and its number in that turn (from 1): the turn under way's, then
/// the turns played before it.
fn last_captures(game: &Game, count: usize) -> Vec<(Position, PlayedTurn, usize)> {
    let mut found = Vec::new();
    // Most frames make no capture: nothing to copy then.
    if count == 0 {
        return found;
    }
    let under_way = game.turn().as_ref().map(|t| (*t.start(), t.played()));
    let played = game
        .played()
        .iter()
        .zip(game.positions())
        .rev()
        .map(|(turn, start)| (*start, turn.clone()));
    for (start, turn) in under_way.into_iter().chain(played) {
        for n in (1..=turn.captures.len()).rev() {
            if found.len() == count {
                found.reverse();
                return found;
            }
            found.push((start, turn.clone(), n));
        }
    }
    found.reverse();
    found
}

/// Announces every capture the rules plugin made this frame (they may
/// end one turn and begin the next), what it refused, a board set up
/// anew, and the end of the game.
fn announce(
    settings: Res<Settings>,
    game: Res<Game>,
    mut made: MessageReader<CaptureMade>,
    mut refused: MessageReader<Refused>,
    mut resets: MessageReader<BoardReset>,
    mut ended: MessageReader<GameEnded>,
    mut spoken: ResMut<Spoken>,
) {
    let facts = made.read().count();
    if !settings.screen_reader {
        refused.clear();
        resets.clear();
        ended.clear();
        return;
    }
    for (start, played, n) in last_captures(&game, facts) {
        if let Some(words) = announce_step(game.rules(), &start, &played, n) {
            spoken.say(words);
        }
    }
    for Refused(refusal) in refused.read() {
        spoken.say(tr!("reader-refused", why = refusal.to_string()));
    }
    let ends: Vec<_> = ended.read().collect();
    // A resignation resets the board's pieces too; its end is what is said.
    if resets.read().count() > 0 && facts == 0 && ends.is_empty() {
        spoken.say(board_words(&game));
    }
    for GameEnded(outcome) in ends {
        spoken.say(words::outcome(outcome.winner, outcome.resigned));
    }
}

/// The `b` command's answer for the game as it stands.
fn board_words(game: &Game) -> String {
    let names = players(game);
    scene(game, &names, None).answer("b").words
}

/// Who plays each side, in words.
fn players(game: &Game) -> [String; 2] {
    [Side::White, Side::Black].map(|s| game.player(s).words())
}

/// The game as the answers read it; `blocked` says why no turn is taken
/// now, if none is.
fn scene<'a>(game: &'a Game, players: &'a [String; 2], blocked: Option<String>) -> Scene<'a> {
    let last = game
        .played()
        .last()
        .zip(game.positions().iter().rev().nth(1))
        .map(|(played, start)| (start, played));
    Scene {
        rules: game.rules(),
        position: game.position(),
        turn: game.turn().as_ref(),
        last,
        clocks: None,
        players: [players[0].as_str(), players[1].as_str()],
        you: person_side(game),
        blocked,
        analysis: None,
    }
}

/// The analysis of the position on show in words: its verdict and its
/// best turns with what is known of each; none until it has a report.
fn analysis_words(game: &Game, analysis: &BoardAnalysis) -> Option<String> {
    if let Some(e) = &analysis.failed {
        return Some(tr!("analysis-stopped", why = e.to_string()));
    }
    let report = analysis.report_for(&analysed_position(game))?;
    if report.turns.is_empty() {
        return Some(report.verdict());
    }
    let best = report
        .turns
        .iter()
        .take(3)
        .map(|mark| match mark.knowledge.wins() {
            Some(_) => format!("{} ({})", mark.turn, mark.label()),
            None => format!("{} ({:.0}%)", mark.turn, 100.0 * mark.chance),
        })
        .collect::<Vec<_>>()
        .join(", ");
    Some(tr!(
        "reader-analysis",
        verdict = report.verdict(),
        best = best
    ))
}

/// Why no turn is taken from the field now, if none is.
fn blocked(game: &Game, planned: &PlannedTurn, queue: &AnimationQueue) -> Option<String> {
    if game.outcome().is_some() {
        Some(tr!("reader-game-over"))
    } else if game.review().is_some() {
        Some(tr!("refusal-reviewing"))
    } else if !planned.is_idle() || !queue.is_idle() {
        Some(tr!("refusal-animating"))
    } else if !game.person_to_move() {
        Some(tr!(
            "reader-not-your-turn",
            side = words::side_key(game.to_move())
        ))
    } else {
        None
    }
}

/// Says the puzzle's and the lesson's words when they change (or a new
/// puzzle or step starts with the same words).
fn announce_guides(
    settings: Res<Settings>,
    puzzles: Res<Puzzles>,
    tutorial: Res<Tutorial>,
    online: Option<Res<Online>>,
    mut spoken: ResMut<Spoken>,
    mut last: Local<[(Option<usize>, Option<String>); 3]>,
) {
    let now = [
        (
            puzzles.active.as_ref().map(|active| active.index),
            super::guides::puzzle_words(&puzzles),
        ),
        (
            tutorial.active.as_ref().map(|active| active.at),
            super::guides::lesson_words(&tutorial),
        ),
        (
            None,
            online.as_deref().and_then(super::guides::online_end_words),
        ),
    ];
    for (now, last) in now.into_iter().zip(last.iter_mut()) {
        if now != *last {
            if settings.screen_reader
                && let Some(words) = &now.1
            {
                spoken.say(words.clone());
            }
            *last = now;
        }
    }
}

/// Says the square under the keyboard cursor as it moves (what is on it,
/// its captures, who could take it: the `s` command's answer).
fn announce_cursor(
    settings: Res<Settings>,
    game: Res<Game>,
    selection: Res<Selection>,
    mut spoken: ResMut<Spoken>,
    mut last: Local<Option<Square>>,
) {
    if selection.cursor == *last {
        return;
    }
    *last = selection.cursor;
    if let (true, Some(square)) = (settings.screen_reader, selection.cursor) {
        let names = players(&game);
        let words = scene(&game, &names, None)
            .answer(&format!("s {square}"))
            .words;
        spoken.say(words);
    }
}

/// Says the analysis's words once they come, when `a` was asked before
/// the analysis had looked at the position on show.
fn announce_analysis(game: Res<Game>, analysis: Res<BoardAnalysis>, mut spoken: ResMut<Spoken>) {
    if !spoken.analysis_asked {
        return;
    }
    if let Some(words) = analysis_words(&game, &analysis) {
        spoken.analysis_asked = false;
        spoken.say(words);
    }
}

/// Intent: a line typed into the screen reader's command field.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub struct ReaderLine(pub String);

/// The side a person plays, if exactly one side is a person's.
fn person_side(game: &Game) -> Option<Side> {
    let human = |s: Side| game.player(s) == Player::Human;
    match (human(Side::White), human(Side::Black)) {
        (true, false) => Some(Side::White),
        (false, true) => Some(Side::Black),
        _ => None,
    }
}

/// Answers each line typed: the words are said, and a turn (or its next
/// captures) is planned, to be played a capture at a time.
fn answer_lines(
    mut lines: MessageReader<ReaderLine>,
    game: Res<Game>,
    mut spoken: ResMut<Spoken>,
    mut planned: ResMut<PlannedTurn>,
    online: Option<Res<Online>>,
    time: Res<Time<Real>>,
    mut clicks: MessageWriter<SquareClicked>,
    (analysis, mut analyse): (Res<BoardAnalysis>, MessageWriter<AnalysisIntent>),
    queue: Res<AnimationQueue>,
) {
    for ReaderLine(line) in lines.read() {
        let names = players(&game);
        let mut scene = scene(&game, &names, blocked(&game, &planned, &queue));
        scene.analysis = analysis_words(&game, &analysis);
        if Command::parse(line) == Ok(Command::Analysis) {
            if !analysis.enabled {
                analyse.write(AnalysisIntent(true));
            }
            spoken.analysis_asked = scene.analysis.is_none();
        }
        // An online table's clocks, as they stand now.
        scene.clocks = online
            .as_ref()
            .filter(|_| game.is_online())
            .and_then(|online| online.clocks(time.elapsed_secs_f64()))
            .map(|(left, _)| left.map(Duration::from_millis));
        let answer = scene.answer(line);
        spoken.say(answer.words);
        if !answer.captures.is_empty() {
            planned.play_captures(answer.captures);
        }
        if let Some(square) = answer.click {
            clicks.write(SquareClicked(square));
        }
    }
}

/// Lines typed with no game on the board (the page's field is there on
/// every screen): what to do first.
fn answer_outside_game(mut lines: MessageReader<ReaderLine>, mut spoken: ResMut<Spoken>) {
    for _ in lines.read() {
        spoken.say(tr!("reader-no-game"));
    }
}
