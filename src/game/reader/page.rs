//! The screen reader on the web page, which AccessKit does not reach: the
//! page keeps a part of its DOM for assistive technology beside the canvas
//! (assets/web/index.html: the switch, the first Tab of the page; the
//! command field, a real text input; a live region, where each thing said
//! is a new line for the screen reader to speak; and the screen's
//! controls as buttons). The game hands it what it says and the controls
//! egui describes in its accessibility tree, and takes from it the lines
//! typed, the switch's presses and the buttons pressed (passed to egui as
//! a screen reader's requests, as the desktop's window passes them); the
//! page wakes the game when one comes.

use bevy::prelude::*;
use bevy_egui::egui::accesskit::{Action, ActionData, ActionRequest, NodeId, TreeId};
use bevy_egui::input::EguiInputEvent;
use bevy_egui::{EguiContext, EguiOutput, PrimaryEguiContext, egui};
use wasm_bindgen::prelude::*;

use crate::game::sets::GameSet;
use crate::game::settings::{Settings, SettingsIntent};
use crate::game::ui::access::Tree;
use crate::tr;

use super::controls::control_lines;
use super::panel::Answering;
use super::{ReaderLine, Spoken};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            take_page_input.in_set(GameSet::Input).before(Answering),
            mirror_on_page.after(GameSet::Sync),
        ),
    );
}

/// The screen's controls as the page's own elements.
pub(super) fn view(app: &mut App) {
    app.add_systems(Update, follow_switch)
        .add_systems(
            PreUpdate,
            take_page_actions.in_set(bevy_egui::EguiInputSet::ReadBevyMessages),
        )
        .add_systems(
            PostUpdate,
            mirror_controls.in_set(bevy_egui::EguiPostUpdateSet::PostProcessOutput),
        );
}

#[wasm_bindgen]
extern "C" {
    /// The next line typed into the page's field, if any.
    #[wasm_bindgen(js_namespace = ["burrowPage", "reader"], js_name = take)]
    fn take_line() -> Option<String>;
    /// How many times the page's switch was pressed since the last call.
    #[wasm_bindgen(js_namespace = ["burrowPage", "reader"], js_name = presses)]
    fn switch_presses() -> u32;
    /// Shows the field and the live region or hides them, and puts the
    /// words of the switch, the field and the region in the page.
    #[wasm_bindgen(js_namespace = ["burrowPage", "reader"])]
    fn show(on: bool, switch: &str, field: &str, hint: &str, said: &str);
    /// Adds a line for the screen reader to speak.
    #[wasm_bindgen(js_namespace = ["burrowPage", "reader"])]
    fn say(words: &str);
    /// Puts the screen's controls on the page, one a line (see
    /// `control_lines`).
    #[wasm_bindgen(js_namespace = ["burrowPage", "reader"], js_name = controls)]
    fn show_controls(lines: &str);
    /// The next of the page's buttons pressed (`click ID`), ranges set
    /// (`set ID VALUE`) or texts changed (`text ID TEXT`), if any.
    #[wasm_bindgen(js_namespace = ["burrowPage", "reader"], js_name = act)]
    fn take_action() -> Option<String>;
}

/// Lines typed and the switch pressed on the page, as the game's intents.
fn take_page_input(
    settings: Res<Settings>,
    mut lines: MessageWriter<ReaderLine>,
    mut intents: MessageWriter<SettingsIntent>,
) {
    if switch_presses() % 2 == 1 {
        intents.write(SettingsIntent::ScreenReader(!settings.screen_reader));
    }
    while let Some(line) = take_line() {
        lines.write(ReaderLine(line));
    }
}

/// What the game says, into the page's live region; the switch's state
/// and the words of the page's part in the player's language.
fn mirror_on_page(
    settings: Res<Settings>,
    spoken: Res<Spoken>,
    mut seen: Local<usize>,
    mut shown: Local<Option<(bool, crate::lang::Language)>>,
) {
    let now = (settings.screen_reader, crate::lang::current());
    if *shown != Some(now) {
        *shown = Some(now);
        show(
            now.0,
            &tr!("menu-screen-reader"),
            &tr!("reader-field"),
            &tr!("reader-field-hint"),
            &tr!("reader-said"),
        );
    }
    if spoken.total != *seen {
        if settings.screen_reader {
            for words in spoken.since(*seen) {
                say(words);
            }
        }
        *seen = spoken.total;
    }
}

/// egui describes its widgets (the accessibility tree) while the reader is
/// on; it costs nothing otherwise.
fn follow_switch(
    settings: Res<Settings>,
    mut contexts: Query<&mut EguiContext, With<PrimaryEguiContext>>,
    mut on: Local<bool>,
) {
    if *on == settings.screen_reader {
        return;
    }
    for mut context in &mut contexts {
        let ctx = context.get_mut();
        if settings.screen_reader {
            ctx.enable_accesskit();
        } else {
            ctx.disable_accesskit();
        }
        *on = settings.screen_reader;
    }
    if !settings.screen_reader {
        show_controls("");
    }
}

/// The screen's controls onto the page, when they change, while the
/// reader is on.
fn mirror_controls(
    settings: Res<Settings>,
    outputs: Query<&EguiOutput, With<PrimaryEguiContext>>,
    mut shown: Local<String>,
) {
    if !settings.screen_reader {
        shown.clear();
        return;
    }
    for output in &outputs {
        let Some(update) = &output.platform_output.accesskit_update else {
            continue;
        };
        let lines = control_lines(&Tree::new(update));
        if lines != *shown {
            show_controls(&lines);
            *shown = lines;
        }
    }
}

/// The page's buttons pressed, ranges set and texts changed, passed to
/// egui as a screen reader's requests. A text is typed into egui's field
/// on the frame after the one that gives the field the keyboard, as its
/// whole content (egui's select-all, a delete, then the text), and what
/// the page asked after it waits for the frame after that, so that a
/// button pressed next finds the text in the field.
fn take_page_actions(
    context: Query<Entity, With<PrimaryEguiContext>>,
    mut events: MessageWriter<EguiInputEvent>,
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
    mut typing: Local<Option<String>>,
) {
    let Ok(context) = context.single() else {
        return;
    };
    let mut send = |event| {
        events.write(EguiInputEvent { context, event });
    };
    let key = |key| egui::Event::Key {
        key,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: if key == egui::Key::A {
            egui::Modifiers::COMMAND
        } else {
            egui::Modifiers::NONE
        },
    };
    let wake = || {
        if let Some(proxy) = &proxy {
            let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
        }
    };
    if let Some(text) = typing.take() {
        send(key(egui::Key::A));
        send(key(egui::Key::Backspace));
        if !text.is_empty() {
            send(egui::Event::Text(text));
        }
        wake();
        return;
    }
    while let Some(line) = take_action() {
        let mut words = line.splitn(3, ' ');
        let (verb, id, value) = (words.next(), words.next(), words.next().unwrap_or(""));
        let Some(node) = id.and_then(|id| id.parse().ok()).map(NodeId) else {
            continue;
        };
        let (action, data) = match verb {
            Some("click") => (Action::Click, None),
            Some("set") => match value.parse::<f64>() {
                Ok(value) => (Action::SetValue, Some(ActionData::NumericValue(value))),
                Err(_) => continue,
            },
            Some("text") => (Action::Focus, None),
            _ => continue,
        };
        send(egui::Event::AccessKitActionRequest(ActionRequest {
            action,
            target_tree: TreeId::ROOT,
            target_node: node,
            data,
        }));
        if verb == Some("text") {
            *typing = Some(value.to_string());
            wake();
            return;
        }
    }
}
