//! Lets the window sleep when nothing changes.
//!
//! bevy_egui sends egui a "modifiers changed" event on every frame, even when
//! no modifier key moved. egui treats any input event as a reason to paint
//! again at once, so the app would never go idle under Bevy's reactive
//! update mode. This plugin drops those events when the modifiers are the
//! same as the last ones egui was told about; real changes still go through.

use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy_egui::{EguiInput, EguiInputSet, EguiPreUpdateSet, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        drop_unchanged_modifiers
            .after(EguiInputSet::WriteEguiEvents)
            .before(EguiPreUpdateSet::BeginPass),
    );
}

/// Removes modifier events that repeat what each egui context already knows.
fn drop_unchanged_modifiers(
    mut inputs: Query<(Entity, &mut EguiInput)>,
    mut known: Local<HashMap<Entity, egui::Modifiers>>,
) {
    for (entity, mut input) in &mut inputs {
        // egui forgets held modifiers when focus changes; tell it again then.
        if input
            .events
            .iter()
            .any(|e| matches!(e, egui::Event::WindowFocused(_)))
        {
            known.remove(&entity);
        }
        let mut last = known.get(&entity).copied();
        input.events.retain(|event| match event {
            egui::Event::ModifiersChanged(now) => {
                let changed = last != Some(*now);
                last = Some(*now);
                changed
            }
            _ => true,
        });
        if let Some(last) = last {
            known.insert(entity, last);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_once(app: &mut App, entity: Entity, events: Vec<egui::Event>) -> Vec<egui::Event> {
        app.world_mut().get_mut::<EguiInput>(entity).unwrap().events = events;
        app.world_mut()
            .run_system_cached(drop_unchanged_modifiers)
            .unwrap();
        app.world().get::<EguiInput>(entity).unwrap().events.clone()
    }

    #[test]
    fn repeated_modifiers_are_dropped_and_changes_kept() {
        let mut app = App::new();
        let entity = app.world_mut().spawn(EguiInput::default()).id();
        let none = egui::Event::ModifiersChanged(egui::Modifiers::NONE);
        let ctrl = egui::Event::ModifiersChanged(egui::Modifiers::CTRL);
        assert_eq!(run_once(&mut app, entity, vec![none.clone()]).len(), 1);
        assert!(run_once(&mut app, entity, vec![none.clone()]).is_empty());
        assert_eq!(run_once(&mut app, entity, vec![ctrl.clone()]), vec![ctrl]);
        assert_eq!(
            run_once(&mut app, entity, vec![none.clone()]),
            vec![none.clone()]
        );
        let focus = egui::Event::WindowFocused(true);
        assert_eq!(
            run_once(&mut app, entity, vec![focus.clone(), none.clone()]),
            vec![focus, none]
        );
    }
}
