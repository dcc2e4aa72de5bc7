//! The side panel's extension point: each feature draws its own part of
//! the side panel and of its menus, and the panel's layout calls the parts
//! in order without knowing whose they are.
//!
//! A part is a system that takes the [`egui::Ui`] it draws into
//! (`InMut<egui::Ui>`) and whatever else it needs, registered with
//! [`PanelSectionsAppExt::add_panel_section`] under a [`Slot`] (a menu, or
//! the panel's body) and a rank within it. The layout runs the parts of a
//! slot by rank with [`draw_slot`]. A feature asks another for something
//! only through that feature's intents, so adding a part touches no other
//! feature's code.

use bevy::ecs::system::SystemId;
use bevy::prelude::*;
use bevy_egui::egui;

/// Where a part of the side panel goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    /// The Game menu: a new game, positions and records, resigning.
    GameMenu,
    /// The View menu: how the board is shown.
    ViewMenu,
    /// The Play menu: other ways to play.
    PlayMenu,
    /// The Rules menu.
    RulesMenu,
    /// The buttons of the menu bar after the menus.
    MenuBar,
    /// Buttons among the turn's actions in the body (after the hint,
    /// before a new game).
    TurnActions,
    /// The panel's body, under the menus, in a scrolling area.
    Body,
}

/// A registered part: a system run with the `Ui` of its slot.
pub type Section = SystemId<InMut<'static, egui::Ui>>;

/// The registered parts, in the order they are drawn within each slot.
#[derive(Resource, Default)]
pub struct PanelSections {
    parts: Vec<(Slot, u16, Section)>,
}

impl PanelSections {
    /// The parts of `slot`, by rank (parts of one rank in the order they
    /// were added).
    fn of(&self, slot: Slot) -> Vec<Section> {
        let mut parts: Vec<_> = self.parts.iter().filter(|p| p.0 == slot).collect();
        parts.sort_by_key(|p| p.1);
        parts.into_iter().map(|p| p.2).collect()
    }
}

/// Adding a part to the side panel.
pub trait PanelSectionsAppExt {
    /// Draws `system` in `slot`, after the parts of lower `rank`.
    fn add_panel_section<M>(
        &mut self,
        slot: Slot,
        rank: u16,
        system: impl IntoSystem<InMut<'static, egui::Ui>, (), M> + 'static,
    ) -> &mut Self;
}

impl PanelSectionsAppExt for App {
    fn add_panel_section<M>(
        &mut self,
        slot: Slot,
        rank: u16,
        system: impl IntoSystem<InMut<'static, egui::Ui>, (), M> + 'static,
    ) -> &mut Self {
        let world = self.world_mut();
        let id = world.register_system(system);
        world
            .get_resource_or_init::<PanelSections>()
            .parts
            .push((slot, rank, id));
        self
    }
}

/// Draws the parts of `slot` into `ui`, by rank. A part that cannot run
/// (its resources missing) is left out and logged, and the others draw.
pub fn draw_slot(world: &mut World, ui: &mut egui::Ui, slot: Slot) {
    let parts = world
        .get_resource::<PanelSections>()
        .map(|sections| sections.of(slot))
        .unwrap_or_default();
    for part in parts {
        if let Err(error) = world.run_system_with(part, ui) {
            tracing::warn!("a part of the side panel could not be drawn: {error}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Resource, Default)]
    struct Drawn(Vec<&'static str>);

    fn part(name: &'static str) -> impl FnMut(InMut<egui::Ui>, ResMut<Drawn>) {
        move |InMut(_ui), mut drawn| drawn.0.push(name)
    }

    #[test]
    fn parts_draw_by_slot_and_rank() {
        let mut app = App::new();
        app.init_resource::<Drawn>()
            .add_panel_section(Slot::Body, 30, part("thirty"))
            .add_panel_section(Slot::GameMenu, 10, part("menu"))
            .add_panel_section(Slot::Body, 10, part("ten"))
            .add_panel_section(Slot::Body, 30, part("thirty, later"));
        let ctx = egui::Context::default();
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            draw_slot(app.world_mut(), ui, Slot::Body);
        });
        output.textures_delta.clear();
        assert_eq!(
            app.world().resource::<Drawn>().0,
            ["ten", "thirty", "thirty, later"]
        );
    }
}
