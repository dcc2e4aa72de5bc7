//! What the designer's editors share: the colours of a verdict, a menu of
//! choices, and a rule's row (its name, its menu, a line on what it means).

use bevy_egui::egui;

pub const ERROR: egui::Color32 = egui::Color32::from_rgb(230, 120, 100);
pub const GOOD: egui::Color32 = egui::Color32::from_rgb(120, 200, 130);

/// A menu of `choices` for `value`, each with its words.
pub fn menu<T: PartialEq + Copy>(
    ui: &mut egui::Ui,
    id: &str,
    value: &mut T,
    choices: &[(String, T)],
) -> bool {
    let shown = choices
        .iter()
        .find(|(_, v)| v == value)
        .map_or("…", |(name, _)| name.as_str());
    let mut changed = false;
    let combo = egui::ComboBox::from_id_salt(id)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for (name, choice) in choices {
                changed |= ui.selectable_value(value, *choice, name).changed();
            }
        });
    named_by_rule(ui, combo.response);
    changed
}

/// Where `rule_cells` keeps its rule's name label while the rule's
/// controls are drawn.
const RULE_LABEL: &str = "designer-rule-label";

/// Names `control` for a screen reader by the rule it sits in, if any.
pub fn named_by_rule(ui: &egui::Ui, control: egui::Response) -> egui::Response {
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(label) = ui.data(|d| d.get_temp::<egui::Id>(egui::Id::new(RULE_LABEL))) {
        return crate::game::ui::NamedBy::named_by(control, label);
    }
    #[cfg(target_arch = "wasm32")]
    let _ = ui;
    control
}

/// A rule's name, then its menu over a line on what it means.
pub fn rule_cells(
    ui: &mut egui::Ui,
    name: &str,
    explanation: &str,
    add: impl FnOnce(&mut egui::Ui),
) {
    let label = ui.label(egui::RichText::new(name).strong());
    let key = egui::Id::new(RULE_LABEL);
    #[cfg(not(target_arch = "wasm32"))]
    ui.data_mut(|d| d.insert_temp(key, label.id));
    #[cfg(target_arch = "wasm32")]
    let _ = (key, label);
    ui.vertical(|ui| {
        add(ui);
        ui.small(explanation);
    });
    #[cfg(not(target_arch = "wasm32"))]
    ui.data_mut(|d| d.remove::<egui::Id>(key));
}

/// One rule's row: its name, its menu, and a line on what it means.
pub fn rule_row(ui: &mut egui::Ui, name: &str, explanation: &str, add: impl FnOnce(&mut egui::Ui)) {
    rule_cells(ui, name, explanation, add);
    ui.end_row();
}

/// A grid of rules, a row each: its name, its menu and its line (and in
/// the template's, its picture).
pub fn rule_grid(ui: &mut egui::Ui, id: &str, columns: usize, add: impl FnOnce(&mut egui::Ui)) {
    egui::Grid::new(id)
        .num_columns(columns)
        .spacing([10.0, 8.0])
        .show(ui, add);
}
