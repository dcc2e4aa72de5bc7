//! The side panel's layout: beside the board (or below it on a narrow
//! window), the menu bar and then the panel's body in a scrolling area.
//! What goes in each menu and in the body is drawn by the features' own
//! parts ([`Slot`]); this file only places them, and adds the Rules menu
//! and the Settings button, whose windows are the panels'.

use bevy::ecs::system::SystemState;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::play::SHORTCUTS_KEY;
use crate::game::ui::UiState;
use crate::game::ui::sections::{Slot, draw_slot};
use crate::tr;

/// The panel's width beside the board.
const PANEL_WIDTH: f32 = 300.0;

/// Where the panel goes in a window of this size (egui points): beside the
/// board, or below it when the window is too narrow for both side by side
/// (a phone held upright), taking this share of the height.
fn placement(window: egui::Vec2) -> Option<f32> {
    (window.x < 720.0 && window.y > window.x).then_some(0.42)
}

/// Minimum size of a control a finger must hit, in points (about 7 mm on
/// a phone), used when the panel sits below the board.
const TOUCH_TARGET: f32 = 40.0;

/// Draws the panel beside (or below) the board, and notes where it is and
/// the room it leaves for the board.
pub fn side_panel(
    world: &mut World,
    contexts: &mut SystemState<EguiContexts<'static, 'static>>,
) -> Result {
    let ctx = contexts.get_mut(world)?.ctx_mut()?.clone();
    world.resource_mut::<UiState>().players_named = false;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let rect = show(&mut root, world);
    let mut state = world.resource_mut::<UiState>();
    state.panel_rects.push(rect);
    state.board_rect = Some(root.available_rect_before_wrap());
    Ok(())
}

fn show(root: &mut egui::Ui, world: &mut World) -> egui::Rect {
    let window = root.max_rect().size();
    let below = placement(window);
    let panel = match below {
        None => egui::Panel::right("side").exact_size(PANEL_WIDTH),
        Some(share) => egui::Panel::bottom("below").exact_size((window.y * share).round()),
    };
    panel
        .resizable(false)
        .show(root, |ui| {
            if below.is_some() {
                let spacing = ui.spacing_mut();
                spacing.interact_size.y = TOUCH_TARGET;
                spacing.button_padding = egui::vec2(12.0, 8.0);
                spacing.item_spacing = egui::vec2(10.0, 8.0);
            }
            menu_bar(ui, world);
            ui.separator();
            egui::ScrollArea::vertical().show(ui, |ui| draw_slot(world, ui, Slot::Body));
        })
        .response
        .rect
}

/// The menus above the panel (the game, the view, more ways to play, the
/// rules) and the buttons after them, each filled by the features' parts.
fn menu_bar(ui: &mut egui::Ui, world: &mut World) {
    egui::MenuBar::new().ui(ui, |ui| {
        let game = ui.menu_button(tr!("menu-game"), |ui| draw_slot(world, ui, Slot::GameMenu));
        spot(world, "game-menu", &game.response);
        let view = ui.menu_button(tr!("menu-view"), |ui| draw_slot(world, ui, Slot::ViewMenu));
        spot(world, "view-menu", &view.response);
        let play = ui.menu_button(tr!("menu-play"), |ui| draw_slot(world, ui, Slot::PlayMenu));
        spot(world, "play-menu", &play.response);
        ui.menu_button(tr!("menu-rules"), |ui| {
            draw_slot(world, ui, Slot::RulesMenu)
        });
        draw_slot(world, ui, Slot::MenuBar);
    });
}

fn spot(world: &mut World, name: &'static str, response: &egui::Response) {
    world.resource_mut::<UiState>().spot(name, response);
}

/// The Rules menu: the rules of the game being played and the keyboard
/// shortcuts (both drawn by the dialogs beside this file).
pub(super) fn rules_menu(InMut(ui): InMut<egui::Ui>, mut state: ResMut<UiState>) {
    if ui.button(tr!("menu-rules-of-game")).clicked() {
        state.open.rules = true;
    }
    let keys = egui::Button::new(tr!("menu-shortcuts")).shortcut_text(SHORTCUTS_KEY);
    if ui.add(keys).clicked() {
        state.open.shortcuts = true;
    }
}

/// The Settings button after the menus.
pub(super) fn settings_button(InMut(ui): InMut<egui::Ui>, mut state: ResMut<UiState>) {
    let settings = ui.button(tr!("menu-settings"));
    state.spot("settings", &settings);
    if settings.clicked() {
        state.open.settings = true;
    }
}
