//! egui's accessibility tree, read: every frame egui describes its widgets
//! to AccessKit (a role, a name, a value, what can be done to each), which
//! the desktop's window hands to the system's screen reader; the web page,
//! which AccessKit does not reach, turns the controls into buttons of its
//! own (see `reader`), and the window tests write the tree out.

use std::collections::HashMap;

use bevy_egui::egui::accesskit::{Action, Node, NodeId, Role, TreeUpdate};

/// One frame's tree, its nodes by id.
pub struct Tree<'a> {
    nodes: HashMap<NodeId, &'a Node>,
    root: Option<NodeId>,
}

impl<'a> Tree<'a> {
    pub fn new(update: &'a TreeUpdate) -> Tree<'a> {
        Tree {
            nodes: update.nodes.iter().map(|(id, node)| (*id, node)).collect(),
            root: update.tree.as_ref().map(|tree| tree.root),
        }
    }

    /// Every node with its depth (the root's is 0), depth first in the
    /// order the screen shows them; none without a root.
    pub fn walk(&self) -> Vec<(usize, NodeId, &'a Node)> {
        let mut out = Vec::new();
        let mut stack: Vec<(NodeId, usize)> = self.root.into_iter().map(|r| (r, 0)).collect();
        while let Some((id, depth)) = stack.pop() {
            let Some(node) = self.nodes.get(&id) else {
                continue;
            };
            out.push((depth, id, *node));
            for child in node.children().iter().rev() {
                stack.push((*child, depth + 1));
            }
        }
        out
    }

    pub fn has_root(&self) -> bool {
        self.root.is_some()
    }

    /// A node's name as AccessKit gives it: its label if it has one (even
    /// an empty one), else the words of the nodes it is labelled by.
    pub fn name(&self, node: &Node) -> String {
        node.label().map(str::to_string).unwrap_or_else(|| {
            node.labelled_by()
                .iter()
                .filter_map(|by| self.nodes.get(by))
                .filter_map(|by| by.label().or(by.value()))
                .collect::<Vec<_>>()
                .join(" ")
        })
    }
}

/// What a control is, for a page's element standing in for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ControlKind {
    /// A window's title, heading the controls in it.
    Heading,
    /// Pressed: a button, a link, a menu's entry, a selectable line.
    Button,
    CheckBox,
    Radio,
    /// A value in a range (a slider, a number's box).
    Range,
    /// A line of text (a name, a code, a password).
    Text,
}

/// The controls a player can act on, in the screen's order, headed by
/// the titles of the windows they are in: (id, kind, node). A window's
/// close button, a menu, a card: anything that can be clicked, the
/// sliders and the one-line text fields.
pub fn controls<'a>(tree: &Tree<'a>) -> Vec<(NodeId, ControlKind, &'a Node)> {
    tree.walk()
        .into_iter()
        .filter(|(_, _, node)| !node.is_hidden())
        .filter_map(|(_, id, node)| {
            let kind = match node.role() {
                Role::Window if !tree.name(node).is_empty() => ControlKind::Heading,
                Role::CheckBox | Role::Switch => ControlKind::CheckBox,
                Role::RadioButton => ControlKind::Radio,
                Role::Slider | Role::SpinButton => ControlKind::Range,
                Role::TextInput | Role::PasswordInput => ControlKind::Text,
                Role::MultilineTextInput => return None,
                _ if node.supports_action(Action::Click) => ControlKind::Button,
                _ => return None,
            };
            Some((id, kind, node))
        })
        .collect()
}
