//! The window's accessibility tree for the window tests (`--accessibility
//! FILE`): egui hands AccessKit a tree of its widgets every frame (each with
//! a role and, for a control, a name), which Bevy's window passes on to
//! the system's screen reader. This check keeps the latest tree and writes
//! it out as text when the script takes its screenshot, so a test can ask
//! of every screen, in every language, that no control lacks a name.
//!
//! One line per node, depth first from the root, indented two spaces a
//! level: the role, a tab, the name (the node's label, or the text of the
//! nodes it is labelled by), a tab, its value (a label's text, a field's
//! contents), then `click` where it can be clicked and `disabled` where
//! it is, each after a tab.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::Screenshot;
use bevy_egui::egui::accesskit::{Action, TreeUpdate};
use bevy_egui::{EguiOutput, EguiPostUpdateSet, PrimaryEguiContext};

use crate::game::ui::access::Tree;

/// Writes the tree to `path` when the screenshot is taken.
pub(super) fn plugin(path: PathBuf) -> impl Fn(&mut App) {
    move |app: &mut App| {
        app.insert_resource(AccessTree {
            path: path.clone(),
            latest: None,
        });
        app.add_systems(
            PostUpdate,
            (
                keep_tree.in_set(EguiPostUpdateSet::PostProcessOutput),
                write_tree,
            )
                .chain(),
        );
    }
}

#[derive(Resource)]
struct AccessTree {
    path: PathBuf,
    latest: Option<TreeUpdate>,
}

fn keep_tree(mut tree: ResMut<AccessTree>, outputs: Query<&EguiOutput, With<PrimaryEguiContext>>) {
    for output in &outputs {
        if let Some(update) = &output.platform_output.accesskit_update {
            tree.latest = Some(update.clone());
        }
    }
}

fn write_tree(tree: Res<AccessTree>, shots: Query<(), Added<Screenshot>>) {
    if shots.is_empty() {
        return;
    }
    let text = match &tree.latest {
        Some(update) => render(update),
        None => "no accessibility tree: egui's AccessKit output is off\n".to_string(),
    };
    if let Err(error) = std::fs::write(&tree.path, text) {
        error!("could not write {}: {error}", tree.path.display());
    }
}

/// The tree as text, one node a line (see the module's documentation).
pub fn render(update: &TreeUpdate) -> String {
    let tree = Tree::new(update);
    if !tree.has_root() {
        return "no root\n".to_string();
    }
    let mut out = String::new();
    for (depth, _, node) in tree.walk() {
        let mut line = format!(
            "{}{:?}\t{}\t{}",
            "  ".repeat(depth),
            node.role(),
            one_line(&tree.name(node)),
            one_line(node.value().unwrap_or("")),
        );
        if node.supports_action(Action::Click) {
            line.push_str("\tclick");
        }
        if node.is_disabled() {
            line.push_str("\tdisabled");
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn one_line(text: &str) -> String {
    text.replace(['\n', '\t'], " ")
}
