//! egui's accessibility tree, read: every frame egui describes its widgets
//! to AccessKit (a role, a name, a value, what can be done to each), which
//! the desktop's window hands to the system's screen reader; the web page,
//! which AccessKit does not reach, turns the controls into buttons of its
//! own (see `reader`), and the window tests write the tree out.

use bevy_egui::egui::accesskit::{Action, Node, NodeId, Role, TreeUpdate};

/// One frame's tree: its nodes (a few hundred, looked up by id in a list:
/// a map's code would weigh more on the page than the lookups cost) and
/// its root.
pub struct Tree<'a> {
    nodes: &'a [(NodeId, Node)],
    root: Option<NodeId>,
}

impl<'a> Tree<'a> {
    pub fn new(update: &'a TreeUpdate) -> Tree<'a> {
        Tree {
            nodes: &update.nodes,
            root: update.tree.as_ref().map(|tree| tree.root),
        }
    }

    fn get(&self, id: NodeId) -> Option<&'a Node> {
        self.nodes
            .iter()
            .find(|(at, _)| *at == id)
            .map(|(_, node)| node)
    }

    /// Every node with its depth (the root's is 0), depth first in the
    /// order the screen shows them; none without a root.
    pub fn walk(&self) -> Vec<(usize, NodeId, &'a Node)> {
        let mut out = Vec::new();
        let mut stack: Vec<(NodeId, usize)> = self.root.into_iter().map(|r| (r, 0)).collect();
        while let Some((id, depth)) = stack.pop() {
            let Some(node) = self.get(id) else {
                continue;
            };
            out.push((depth, id, node));
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
                .filter_map(|by| self.get(*by))
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
    /// Words on the screen (a label: a status, a count, a step), read and
    /// not acted on, even where egui lets its text be selected.
    Words,
}

/// The controls a player can act on, in the screen's order, headed by
/// the titles of the windows they are in and with the screen's words
/// between them (but for those that name a control): (id, kind, node). A window's close button, a menu, a
/// card: anything that can be clicked, the sliders and the one-line text
/// fields.
pub fn controls<'a>(tree: &Tree<'a>) -> Vec<(NodeId, ControlKind, &'a Node)> {
    let nodes = tree.walk();
    // A label that names a control is said as its name, not again as words.
    let names: Vec<NodeId> = nodes
        .iter()
        .flat_map(|(_, _, node)| node.labelled_by().iter().copied())
        .collect();
    nodes
        .into_iter()
        .filter(|(_, _, node)| !node.is_hidden())
        .filter_map(|(_, id, node)| {
            let kind = match node.role() {
                // A window is headed by its title, and is no button (egui
                // lets it be clicked and dragged), titled or not.
                Role::Window if !tree.name(node).is_empty() => ControlKind::Heading,
                Role::Window => return None,
                Role::CheckBox | Role::Switch => ControlKind::CheckBox,
                Role::RadioButton => ControlKind::Radio,
                Role::Slider | Role::SpinButton => ControlKind::Range,
                Role::TextInput | Role::PasswordInput => ControlKind::Text,
                Role::MultilineTextInput => return None,
                // A label's words are its value (or its name).
                Role::Label if !names.contains(&id) && has_words(&tree.name(node), node) => {
                    ControlKind::Words
                }
                Role::Label => return None,
                // A click area of no role and no name is egui's own (a
                // window's title bar), not one of the game's controls
                // (the window tests ask each of those for a name).
                Role::Unknown if tree.name(node).trim().is_empty() => return None,
                _ if node.supports_action(Action::Click) => ControlKind::Button,
                _ => return None,
            };
            Some((id, kind, node))
        })
        .collect()
}

/// Whether a node says anything: its name or its value.
fn has_words(name: &str, node: &Node) -> bool {
    !name.trim().is_empty() || !node.value().unwrap_or("").trim().is_empty()
}
