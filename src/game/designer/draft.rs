//! The designer: a game made from menus, one rule at a time, without
//! writing its file by hand. This module keeps the design being made (the
//! draft), its live verdict, and does what the designer's buttons ask:
//! try the design on the board, save it to the designs folder (on the web
//! page: download its file), read a pasted file or share code, and measure
//! it with the report, off the main thread. The window itself is
//! `designer::window`; the design reaches the games through the game
//! ([`GameIntent::PutDesign`]), the one place the game list changes.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use bevy::prelude::*;
use web_time::Duration;

use crate::ai::Level;
use crate::ai::report::{Report, ReportConfig, ReportRun};
use crate::rules::{
    BUILTIN_FILES, BoardSize, Design, DesignError, Rules, VariantError, state_budget,
};

use crate::game::platform::background::{Background, Job, Step, Work};
use crate::game::platform::weights_store;
use crate::game::play::{GameIntent, GameMode, NewGame, Player, Variants};
use crate::game::sets::GameSet;
use crate::tr;

use super::training::{TrainWork, TrainingState};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Designer>()
        .add_message::<DesignerIntent>()
        .add_systems(
            Update,
            (follow_designer_intents, poll_report, poll_training)
                .chain()
                .in_set(GameSet::Input),
        );
}

/// Intent: what the designer's buttons ask for.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum DesignerIntent {
    /// Open the designer on a copy of this game (a built-in game starts a
    /// new design of the player's own; a design of theirs is edited).
    Open(String),
    /// Read a game file or a share code into the draft.
    Read(String),
    /// Put the draft among the games and play it at once.
    Try,
    /// Keep the draft: a file in the designs folder (on the web page, a
    /// download), and a place among the games.
    Save,
    /// Measure the draft (the report), in the background.
    Report,
    /// Stop the report being measured.
    StopReport,
    /// Train the computer on the draft, in the background.
    Train,
    /// Stop the training (the weights of the generations done are kept).
    StopTraining,
}

/// Why the draft is no game: its file does not read (every rule of the
/// format), or its rules break the engine's.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum DraftError {
    #[error("{0}")]
    File(#[from] DesignError),
    #[error("{0}")]
    Rules(#[from] VariantError),
}

/// What the designer has made of the draft: its rules, or why it is no
/// game; and, for a game, its first figures.
#[derive(Clone)]
pub struct Verdict {
    pub rules: Result<Rules, DraftError>,
    /// First turns and the longest first chain from the start of 6×6 and
    /// 8×8 boards, in words.
    pub figures: Vec<String>,
}

/// The report under way, or measured, for one design.
pub struct ReportState {
    pub design: Design,
    job: Option<Job<(Result<Report, VariantError>, (usize, usize))>>,
    pub latest: Option<Result<Report, VariantError>>,
    pub progress: (usize, usize),
}

impl ReportState {
    pub fn running(&self) -> bool {
        self.job.is_some()
    }
}

/// The designer's state.
#[derive(Resource)]
pub struct Designer {
    pub open: bool,
    pub draft: Design,
    /// The text box for a pasted game file or share code.
    pub paste: String,
    /// The text box for start rows (`WWBB/BBWW`, rank 1 first) while
    /// they are being typed; the draft takes them once they read.
    pub rows: String,
    /// The square board a try is played on.
    pub board: u8,
    /// Who plays Black when the design is tried (White is the player).
    pub opponent: Player,
    /// What the last action came to (saved where, read what, or why not).
    pub notice: Option<String>,
    pub report: Option<ReportState>,
    /// The computer's training on a design, under way or done.
    pub training: Option<TrainingState>,
    /// How the designer trains the computer (`None`: the design's
    /// defaults, [`crate::ai::train::TrainConfig::for_game`]) and for how
    /// many generations at most.
    pub train_config: Option<crate::ai::train::TrainConfig>,
    pub train_generations: u32,
    /// What the designer's report measures.
    pub report_config: ReportConfig,
    /// Where Save writes (the designs folder; the web page downloads).
    pub folder: Option<std::path::PathBuf>,
    /// The verdict of this draft, in this language (its figures are words).
    verdict: Option<(Design, crate::lang::Language, Verdict)>,
}

impl Default for Designer {
    fn default() -> Designer {
        Designer {
            open: false,
            draft: starting_design("box", &VariantsView::Builtin).expect("box has a file"),
            paste: String::new(),
            rows: String::new(),
            board: 6,
            opponent: Player::Computer(Level::Easy),
            notice: None,
            report: None,
            training: None,
            train_config: None,
            train_generations: super::training::GENERATIONS,
            report_config: designer_report_config(),
            #[cfg(not(target_arch = "wasm32"))]
            folder: crate::places::designs_dir(),
            #[cfg(target_arch = "wasm32")]
            folder: None,
            verdict: None,
        }
    }
}

impl Designer {
    /// The draft's verdict, worked out again only when the draft (or the
    /// language) changed.
    pub fn verdict(&mut self) -> &Verdict {
        let language = crate::lang::current();
        let changed = self
            .verdict
            .as_ref()
            .is_none_or(|(d, l, _)| *d != self.draft || *l != language);
        if changed {
            // A new name or summary does not change how the game plays:
            // the figures stay, only the file is checked again (no hitch
            // at every key typed).
            let same_rules = self.verdict.as_ref().is_some_and(|(d, l, _)| {
                *l == language
                    && d.movement == self.draft.movement
                    && d.template == self.draft.template
                    && d.start == self.draft.start
                    && d.sizes == self.draft.sizes
                    && d.end == self.draft.end
            });
            let next = match self.verdict.take() {
                Some((_, _, old)) if same_rules && !old.figures.is_empty() => Verdict {
                    rules: check(&self.draft),
                    figures: old.figures,
                },
                _ => verdict(&self.draft),
            };
            self.verdict = Some((self.draft.clone(), language, next));
        }
        &self.verdict.as_ref().expect("just set").2
    }

    /// The draft's rules, when it is a game.
    pub fn rules(&mut self) -> Option<Rules> {
        self.verdict().rules.clone().ok()
    }

    /// A link that opens the draft on the web page served at `page`
    /// (`http://host:port`), to be played against the chosen opponent.
    pub fn link(&self, page: &str) -> String {
        let mut link = format!(
            "{}/?design={}",
            page.trim_end_matches('/'),
            self.draft.code()
        );
        if let Player::Computer(level) = self.opponent {
            link.push_str(&format!("&black={}", level.name()));
        }
        link
    }
}

/// Where a new design can start from: the games of the window, or (before
/// the window has them) the built-in files.
enum VariantsView<'a> {
    Builtin,
    Window(&'a Variants),
}

/// The game `id` as a design to start from: a design of the player's own as
/// it is; a built-in game's file renamed as theirs (`my-box`, "My Box
/// Burrow" in the player's language, with the summary in it too), so
/// trying it never touches the built-in game.
fn starting_design(id: &str, variants: &VariantsView) -> Option<Design> {
    if let VariantsView::Window(variants) = variants
        && let Some(design) = variants.get(id).and_then(|r| r.variant().design())
    {
        return Some(design.clone());
    }
    let (_, text) = BUILTIN_FILES.iter().find(|(builtin, _)| *builtin == id)?;
    let mut design: Design = text.parse().ok()?;
    design.id = format!("my-{}", design.id);
    design.name = crate::tr!("designer-copy-name", name = design.name.as_str());
    if let Some(look) = crate::game::presentation::builtin(id) {
        design.summary = look.summary_words().into_owned();
    }
    Some(design)
}

/// Most turn states one start position's listing may take for the live
/// verdict: it runs on the frame, at every change.
const VERDICT_STATES: u64 = 100_000;

/// `design`'s rules, checked as its file would be read.
fn check(design: &Design) -> Result<Rules, DraftError> {
    let read = design.to_string().parse::<Design>()?;
    Ok(Rules::new(Arc::new(read))?)
}

/// Checks `design` as its file would be read (every rule of the format),
/// builds its rules, and counts its first turns on two boards.
pub fn verdict(design: &Design) -> Verdict {
    let checked = check(design);
    let mut figures = Vec::new();
    if let Ok(rules) = &checked {
        let sizes = rules.sizes();
        let mut boards = vec![sizes.nearest(BoardSize::new(6, 6).unwrap_or(sizes.smallest))];
        if !boards.contains(&rules.usual_size()) {
            boards.push(rules.usual_size());
        }
        for size in boards {
            let start = rules.start(size);
            figures.push(
                match rules.turns_until(&start, &mut state_budget(VERDICT_STATES)) {
                    Ok(Some(turns)) => {
                        let longest = turns.iter().map(|t| t.captures.len()).max().unwrap_or(0);
                        tr!(
                            "designer-figures",
                            size = size.to_string(),
                            turns = turns.len(),
                            count = longest
                        )
                    }
                    Ok(None) => tr!(
                        "designer-figures-explode",
                        size = size.to_string(),
                        states = VERDICT_STATES
                    ),
                    Err(e) => format!("{size}: {e}"),
                },
            );
        }
    }
    Verdict {
        rules: checked,
        figures,
    }
}

/// The report the designer measures: smaller than the command line's, so
/// it comes within a minute on a laptop (and on the web page, with no
/// threads, within a few).
fn designer_report_config() -> ReportConfig {
    let size = |f, r| BoardSize::new(f, r).expect("a board size");
    let web = cfg!(target_arch = "wasm32");
    ReportConfig {
        perft_boards: vec![size(6, 6), size(5, 4)],
        perft_depth: if web { 2 } else { 3 },
        perft_max: 1_000_000,
        levels: vec![Level::Greedy, Level::Easy],
        games: if web { 24 } else { 80 },
        board: size(5, 5),
        solve_boards: vec![size(4, 4)],
        solve_time: Duration::from_secs(if web { 3 } else { 10 }),
        threads: if web {
            1
        } else {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        },
        seed: 1,
    }
}

/// The report as background work: a piece a step.
struct ReportWork(ReportRun);

impl Work for ReportWork {
    type Output = (Result<Report, VariantError>, (usize, usize));

    fn step(&mut self, _slice: Option<Duration>, cancel: &AtomicBool) -> Step<Self::Output> {
        match self.0.step(cancel) {
            Ok(Some(report)) => Step::Done((Ok(report), self.0.progress())),
            Ok(None) => Step::Partial((Ok(self.0.so_far()), self.0.progress())),
            Err(e) => Step::Done((Err(e), self.0.progress())),
        }
    }
}

/// What a saved design's file is called: its id, in the designs folder.
pub fn file_name(design: &Design) -> String {
    format!("{}.toml", design.id)
}

fn follow_designer_intents(
    mut intents: MessageReader<DesignerIntent>,
    mut designer: ResMut<Designer>,
    variants: Res<Variants>,
    background: Res<Background>,
    mut game: MessageWriter<GameIntent>,
) {
    for intent in intents.read() {
        match intent {
            DesignerIntent::Open(id) => {
                match starting_design(id, &VariantsView::Window(&variants)) {
                    Some(design) => {
                        designer.draft = design;
                        designer.notice = None;
                    }
                    None => {
                        designer.notice = Some(tr!("designer-written-in-rust", game = id.as_str()))
                    }
                }
                designer.open = true;
            }
            DesignerIntent::Read(text) => {
                let text = text.trim();
                let read = if text.starts_with(crate::rules::CODE_PREFIX) && !text.contains('\n') {
                    Design::from_code(text)
                } else {
                    text.parse::<Design>()
                };
                designer.notice = Some(match read {
                    Ok(design) => {
                        let note = tr!("designer-opened", name = design.name.as_str());
                        designer.draft = design;
                        note
                    }
                    Err(e) => tr!("designer-not-opened", why = e.to_string()),
                });
            }
            DesignerIntent::Try => {
                let Some(rules) = designer.rules() else {
                    designer.notice = Some(tr!("designer-not-yet"));
                    continue;
                };
                // The board asked for, or the nearest the design is played on.
                let size = rules
                    .sizes()
                    .nearest(BoardSize::new(designer.board, designer.board).unwrap_or_default());
                game.write(GameIntent::PutDesign {
                    design: Box::new(designer.draft.clone()),
                    play: Some(NewGame {
                        variant: designer.draft.id.clone(),
                        size,
                        white: Player::Human,
                        black: designer.opponent,
                        start: None,
                        mode: GameMode::Local,
                    }),
                });
                designer.open = false;
            }
            DesignerIntent::Save => {
                if designer.rules().is_none() {
                    designer.notice = Some(tr!("designer-not-yet"));
                    continue;
                }
                let note = save(&designer.draft, designer.folder.as_deref());
                designer.notice = Some(note);
                game.write(GameIntent::PutDesign {
                    design: Box::new(designer.draft.clone()),
                    play: None,
                });
            }
            DesignerIntent::Report => {
                let Some(rules) = designer.rules() else {
                    designer.notice = Some(tr!("designer-not-yet"));
                    continue;
                };
                let run = ReportRun::new(&rules, designer.report_config.clone());
                let progress = run.progress();
                designer.report = Some(ReportState {
                    design: designer.draft.clone(),
                    job: Some(background.start(ReportWork(run))),
                    latest: None,
                    progress,
                });
            }
            DesignerIntent::StopReport => {
                if let Some(report) = &mut designer.report {
                    report.job = None;
                }
            }
            DesignerIntent::Train => start_training(&mut designer, &background, &mut game),
            DesignerIntent::StopTraining => {
                if let Some(training) = &mut designer.training {
                    training.job = None;
                }
            }
        }
    }
}

/// Writes the design's file into the designs folder; says where, or why not.
#[cfg(not(target_arch = "wasm32"))]
fn save(design: &Design, folder: Option<&std::path::Path>) -> String {
    let Some(dir) = folder else {
        return tr!("designer-no-home");
    };
    let path = dir.join(file_name(design));
    match std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, design.to_string())) {
        Ok(()) => tr!("toast-saved", path = path.display().to_string()),
        Err(e) => tr!(
            "designer-not-saved",
            path = path.display().to_string(),
            why = e.to_string()
        ),
    }
}

/// Hands the design's file to the browser as a download.
#[cfg(target_arch = "wasm32")]
fn save(design: &Design, _folder: Option<&std::path::Path>) -> String {
    let name = file_name(design);
    crate::game::platform::web_files::download(
        &name,
        "application/toml",
        design.to_string().as_bytes(),
    );
    tr!("designer-downloaded", file = name)
}

/// Starts training the computer on the draft, once it is a game.
fn start_training(
    designer: &mut Designer,
    background: &Background,
    game: &mut MessageWriter<GameIntent>,
) {
    let Some(rules) = designer.rules() else {
        designer.notice = Some(tr!("designer-not-yet"));
        return;
    };
    // The game must be among the games for its weights to join it.
    game.write(GameIntent::PutDesign {
        design: Box::new(designer.draft.clone()),
        play: None,
    });
    let config = designer
        .train_config
        .clone()
        .unwrap_or_else(|| crate::ai::train::TrainConfig::for_game(&rules));
    match TrainWork::new(&rules, config, designer.train_generations) {
        Ok(work) => {
            let job = background.start(work);
            designer.training = Some(TrainingState::new(designer.draft.clone(), job));
        }
        Err(e) => designer.notice = Some(e.to_string()),
    }
}

/// Takes the training's news: each generation's weights join the game and
/// are kept beside the design.
fn poll_training(mut designer: ResMut<Designer>, mut game: MessageWriter<GameIntent>) {
    let designer = &mut *designer;
    let Some(training) = &mut designer.training else {
        return;
    };
    let Some(weights) = training.poll() else {
        return;
    };
    designer.notice = Some(
        match weights_store::keep(
            &weights.game,
            &weights.to_bytes(),
            designer.folder.as_deref(),
        ) {
            Ok(place) => tr!("designer-weights-kept", place = place),
            Err(e) => tr!("designer-weights-not-kept", why = e.to_string()),
        },
    );
    game.write(GameIntent::PutWeights(Box::new(weights)));
}

fn poll_report(mut designer: ResMut<Designer>) {
    let Some(state) = &mut designer.report else {
        return;
    };
    let Some(job) = &mut state.job else {
        return;
    };
    match job.poll() {
        Step::Working => {}
        Step::Partial((report, progress)) => {
            state.latest = Some(report);
            state.progress = progress;
        }
        Step::Done((report, progress)) => {
            state.latest = Some(report);
            state.progress = progress;
            state.job = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Why the draft is no game, in words.
    fn refusal(designer: &mut Designer) -> String {
        designer
            .verdict()
            .rules
            .clone()
            .expect_err("refused")
            .to_string()
    }

    #[test]
    fn a_builtin_game_starts_a_design_of_ones_own_and_the_verdict_follows_changes() {
        let mut designer = Designer::default();
        assert_eq!(designer.draft.id, "my-box");
        assert!(designer.verdict().rules.is_ok());
        assert_eq!(designer.verdict().figures.len(), 2);
        assert!(
            designer.verdict().figures[0].starts_with("6x6: "),
            "{:?}",
            designer.verdict().figures
        );
        // A bad id is named; put right, the game and its figures are back.
        designer.draft.id = "My Box".into();
        let error = refusal(&mut designer);
        assert!(error.contains("id"), "{error}");
        designer.draft.id = "my-box".into();
        designer.draft.name = "Another name".into();
        assert!(designer.verdict().rules.is_ok());
        assert_eq!(designer.verdict().figures.len(), 2);
        // A route template on within-box paths breaks a rule of the format.
        designer.draft.template.route = Some(crate::rules::design::Symmetry::All);
        let error = refusal(&mut designer);
        assert!(error.contains("within-box"), "{error}");
        // No measure at all is no game either.
        designer.draft.template = Default::default();
        let error = refusal(&mut designer);
        assert!(error.contains("at least one measure"), "{error}");
    }

    #[test]
    fn the_verdict_follows_the_start_the_boards_and_the_end() {
        use crate::rules::{EndRule, SizeRange, Start};
        let mut designer = Designer::default();
        let six = BoardSize::new(6, 6).unwrap();
        // Boards from 7x7: the figures move to the boards the game has.
        designer.draft.sizes =
            SizeRange::new(BoardSize::new(7, 7).unwrap(), BoardSize::STANDARD).unwrap();
        let figures = designer.verdict().figures.clone();
        assert!(figures[0].starts_with("7x7: "), "{figures:?}");
        assert_eq!(figures.len(), 2, "7x7 and 8x8: {figures:?}");
        // Rows that leave Black nothing on a narrow board are refused by name.
        designer.draft.sizes = SizeRange::ALL;
        designer.draft.start = Start::Rows("WWWWWB".parse().unwrap());
        let error = refusal(&mut designer);
        assert!(error.contains("without pieces on 4x4"), "{error}");
        designer.draft.sizes = SizeRange::new(six, six).unwrap();
        assert!(designer.verdict().rules.is_ok());
        // The end rule is part of the game: the file and the words say it.
        designer.draft.end = EndRule::LastCaptureLoses;
        let rules = designer.verdict().rules.clone().expect("a game");
        assert_eq!(rules.end(), EndRule::LastCaptureLoses);
        let text = designer.draft.rules_text();
        assert!(text.contains("last capture loses"), "{text}");
        assert!(text.contains("Boards: 6x6."), "{text}");
        assert!(text.contains("WWWWWB"), "{text}");
    }

    #[test]
    fn the_link_carries_the_design_and_the_opponent() {
        let designer = Designer::default();
        let link = designer.link("http://127.0.0.1:8080/");
        let code = link
            .strip_prefix("http://127.0.0.1:8080/?design=")
            .and_then(|rest| rest.strip_suffix("&black=easy"))
            .expect("the page, the code and the opponent");
        assert_eq!(Design::from_code(code).unwrap(), designer.draft);
    }
}
