//! What every panel shares: the state the panels remember between frames
//! ([`UiState`]), the order of one egui pass ([`PanelSet`]), the look
//! (theme, UI scale, fonts), the window size fitting and the games'
//! diagrams. The panels themselves live with their features; each is a
//! system of its own with the parameters it needs, in its [`PanelSet`].
//! They read the game's state and send intents, and the board takes
//! whatever room they leave.

pub mod access;
pub mod diagram;
mod fonts;
pub mod sections;
mod theme;
pub mod words;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::game::settings::Settings;

pub use theme::visuals;

/// The web page of the server the game plays online on (`http://host:port`),
/// kept by the online feature: links the panels offer (a design's) lead
/// there.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct ServerPage(pub String);

pub(super) fn view(app: &mut App) {
    app.init_resource::<UiState>()
        .init_resource::<ServerPage>()
        .configure_sets(
            EguiPrimaryContextPass,
            (
                PanelSet::Begin,
                PanelSet::SidePanel,
                PanelSet::BoardLabels,
                PanelSet::Title,
                PanelSet::GameOver,
                PanelSet::Puzzles,
                PanelSet::Online,
                PanelSet::Rules,
                PanelSet::Designer,
                PanelSet::Settings,
                PanelSet::Records,
                PanelSet::Review,
                PanelSet::Toast,
                PanelSet::Curtain,
                PanelSet::End,
            )
                .chain(),
        )
        .add_systems(EguiPrimaryContextPass, begin_pass.in_set(PanelSet::Begin));
    #[cfg(not(target_arch = "wasm32"))]
    app.add_systems(
        PreUpdate,
        reader_actions.in_set(bevy_egui::EguiInputSet::ReadBevyMessages),
    );
    app.add_systems(
        PostUpdate,
        egui_words
            .after(bevy_egui::EguiPostUpdateSet::ProcessOutput)
            .before(bevy_egui::EguiPostUpdateSet::PostProcessOutput),
    );
    app.add_systems(
        PreUpdate,
        fonts::install_fonts
            .after(bevy_egui::EguiPreUpdateSet::InitContexts)
            .before(bevy_egui::EguiPreUpdateSet::BeginPass),
    );
}

/// One egui pass, in order: [`PanelSet::Begin`] sets the look, the side
/// panel takes its room first, then the board's labels and the windows
/// draw (the windows run while closed too: a closed window fades out, and
/// egui draws nothing once it has), and [`PanelSet::End`] hands the board
/// its room and the input its blocked regions.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PanelSet {
    /// The look and the pass's bookkeeping.
    Begin,
    /// The side panel beside the board.
    SidePanel,
    /// The labels drawn on the board.
    BoardLabels,
    /// The title screen's new-game window.
    Title,
    /// The game-over dialog.
    GameOver,
    /// The puzzles window.
    Puzzles,
    /// The Online window, its banner and the your-turn news.
    Online,
    /// The rules help.
    Rules,
    /// The designer's window.
    Designer,
    /// The settings window.
    Settings,
    /// The records window.
    Records,
    /// The review window.
    Review,
    /// The last refusal or notice.
    Toast,
    /// The screen change's curtain over everything.
    Curtain,
    /// The board's room and the input's blocked regions.
    End,
}

/// The file a record is saved to or loaded from until the player names
/// another (on the web page, the downloaded file's name).
const DEFAULT_FILE: &str = "burrow-game.txt";

/// A window no wider than the screen (less a margin), so dialogs stay whole
/// on a phone.
pub fn fitted<'a>(window: egui::Window<'a>, ctx: &egui::Context) -> egui::Window<'a> {
    let screen = ctx.viewport_rect();
    window
        .max_width((screen.width() - 24.0).max(160.0))
        .constrain_to(screen.shrink(4.0))
}

/// What a screen reader asks of a control (press it, focus it, set its
/// value), as the window hands it over, passed to egui as input.
#[cfg(not(target_arch = "wasm32"))]
fn reader_actions(
    mut requests: MessageReader<bevy::a11y::ActionRequest>,
    context: Query<Entity, With<bevy_egui::PrimaryEguiContext>>,
    mut events: MessageWriter<bevy_egui::input::EguiInputEvent>,
) {
    let Ok(context) = context.single() else {
        requests.clear();
        return;
    };
    for request in requests.read() {
        events.write(bevy_egui::input::EguiInputEvent {
            context,
            event: egui::Event::AccessKitActionRequest(request.0.clone()),
        });
    }
}

/// egui's own words in the tree a screen reader gets (a window's close
/// button), in the player's language.
fn egui_words(mut outputs: Query<&mut bevy_egui::EguiOutput>) {
    for mut output in &mut outputs {
        let Some(update) = output.platform_output.accesskit_update.as_mut() else {
            continue;
        };
        let mut close = None;
        for (_, node) in &mut update.nodes {
            if node.label() == Some("Close window") {
                let name = close.get_or_insert_with(|| crate::tr!("window-close"));
                node.set_label(name.as_str());
            }
        }
    }
}

/// Gives `response`'s control the name a screen reader says, where the
/// control shows none of its own in words (a symbol, a field whose label
/// is elsewhere).
pub fn name_for_reader(response: &egui::Response, name: impl Into<String>) {
    let name = name.into();
    response
        .ctx
        .accesskit_node_builder(response.id, |node| node.set_label(name));
}

/// A control named for a screen reader by a label elsewhere on the
/// screen (egui's `labelled_by`).
pub trait NamedBy {
    fn named_by(self, label: egui::Id) -> Self;
}

impl NamedBy for egui::Response {
    fn named_by(self, label: egui::Id) -> Self {
        self.labelled_by(label)
    }
}

/// A slider with its value's box beside it, both named by `label` (the
/// line above them) for a screen reader: egui's own slider names its
/// value's box only by a text it draws beside the slider, which the
/// panels' long labels would not fit. `percent` shows and reads the value
/// as a percentage.
pub fn named_slider(
    ui: &mut egui::Ui,
    label: &egui::Response,
    value: &mut f32,
    range: std::ops::RangeInclusive<f32>,
    percent: bool,
) -> egui::Response {
    ui.horizontal(|ui| {
        let speed = (range.end() - range.start()) / 100.0;
        let slider = ui
            .add(egui::Slider::new(value, range.clone()).show_value(false))
            .named_by(label.id);
        let mut box_ = egui::DragValue::new(value).range(range).speed(speed);
        box_ = if percent {
            box_.custom_formatter(|v, _| format!("{:.0}%", v * 100.0))
                .custom_parser(|t| {
                    t.trim_end_matches('%')
                        .trim()
                        .parse::<f64>()
                        .ok()
                        .map(|v| v / 100.0)
                })
        } else {
            box_.fixed_decimals(2)
        };
        let value = ui.add(box_).named_by(label.id);
        slider | value
    })
    .inner
}

/// What the panels remember between frames.
#[derive(Resource, Default)]
pub struct UiState {
    /// The menus' windows that are open.
    pub open: OpenWindows,
    /// A part of the side panel above the game's own has named the
    /// players this frame (an online table's seats), so the game's part
    /// leaves them out.
    pub players_named: bool,
    /// The text box for pasting or copying positions and records.
    pub text: String,
    /// Where records are saved and loaded (on the web page: the name a
    /// downloaded record or picture gets).
    pub file_path: String,
    /// The last refusal or error, and when it was shown.
    pub toast: Option<(String, f64)>,
    pub game_over_closed: bool,
    /// The games' example turns, played once.
    pub examples: diagram::Examples,
    /// The theme and UI scale the panels were last set up with.
    pub look: Option<(crate::game::settings::Theme, f32)>,
    /// Named controls drawn this frame and their centres in window pixels
    /// (with the `checks` feature the web page publishes them, so browser
    /// tests click controls by name, not by a pixel that moves with the
    /// layout).
    pub spots: Vec<(&'static str, egui::Pos2)>,
    /// The panels drawn this pass (egui points).
    pub panel_rects: Vec<egui::Rect>,
    /// The room the panels leave for the board this pass (egui points).
    pub board_rect: Option<egui::Rect>,
}

/// Which of the menus' windows are open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpenWindows {
    pub rules: bool,
    pub puzzles: bool,
    pub online: bool,
    pub settings: bool,
    pub records: bool,
    /// The list of keyboard shortcuts.
    pub shortcuts: bool,
}

impl UiState {
    /// Notes where the control `name` was drawn this frame (only where a
    /// check reads it: in builds with the `checks` feature).
    pub fn spot(&mut self, name: &'static str, response: &egui::Response) {
        if cfg!(feature = "checks") {
            let zoom = response.ctx.zoom_factor();
            self.spots.push((name, response.rect.center() * zoom));
        }
    }
}

/// The start of a pass: the panels' look (theme, UI scale) and the
/// frame's bookkeeping.
fn begin_pass(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    mut state: ResMut<UiState>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if state.file_path.is_empty() {
        // The desktop's documents folder; the page's downloads have a
        // name only.
        #[cfg(not(target_arch = "wasm32"))]
        let path = crate::places::documents_dir().join(DEFAULT_FILE);
        #[cfg(target_arch = "wasm32")]
        let path = std::path::PathBuf::from(DEFAULT_FILE);
        state.file_path = path.display().to_string();
    }
    let look = (settings.theme, settings.ui_scale);
    if state.look != Some(look) {
        ctx.set_visuals(visuals(look.0));
        ctx.set_zoom_factor(look.1);
        state.look = Some(look);
    }
    state.spots.clear();
    state.panel_rects.clear();
    state.board_rect = None;
    Ok(())
}
