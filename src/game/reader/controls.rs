//! The screen's controls in the form the web page's part for assistive
//! technology takes them (see `page`): read from egui's accessibility
//! tree, one a line.

use bevy_egui::egui::accesskit::{Role, Toggled};

use crate::game::ui::access::{ControlKind, Tree, controls};

/// The screen's controls, as the page shows them: one a line, its id,
/// kind (`h` a window's title, `b` a button, `c` a check box, `r` a radio
/// button, `v` a value in a range, `t` a line of text, `p` a password,
/// `w` words on the screen),
/// name, value in words, state (`on`,
/// `off`, or empty), `d` if disabled, and for a range its value, least,
/// most and step; separated by tabs.
pub(super) fn control_lines(tree: &Tree) -> String {
    let clean = |text: &str| text.replace(['\n', '\t'], " ");
    let mut out = String::new();
    for (id, kind, node) in controls(tree) {
        let kind = match kind {
            ControlKind::Heading => 'h',
            ControlKind::Button => 'b',
            ControlKind::CheckBox => 'c',
            ControlKind::Radio => 'r',
            ControlKind::Range => 'v',
            ControlKind::Text if node.role() == Role::PasswordInput => 'p',
            ControlKind::Text => 't',
            ControlKind::Words => 'w',
        };
        let state = match (node.toggled(), node.is_selected()) {
            (Some(Toggled::True), _) | (None, Some(true)) => "on",
            (Some(_), _) | (None, Some(false)) => "off",
            (None, None) => "",
        };
        let number = |n: Option<f64>| n.map_or(String::new(), |n| n.to_string());
        out.push_str(&format!(
            "{}\t{kind}\t{}\t{}\t{state}\t{}\t{}\t{}\t{}\t{}\n",
            id.0,
            clean(&tree.name(node)),
            clean(node.value().unwrap_or("")),
            if node.is_disabled() { "d" } else { "" },
            number(node.numeric_value()),
            number(node.min_numeric_value()),
            number(node.max_numeric_value()),
            number(node.numeric_value_step()),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use bevy_egui::egui::accesskit::{
        Action, Node, NodeId, Role, Toggled, Tree as Root, TreeUpdate,
    };

    use super::*;

    fn node(role: Role, label: &str) -> Node {
        let mut node = Node::new(role);
        node.set_label(label);
        node
    }

    #[test]
    fn the_page_gets_each_control_with_its_state_under_its_window() {
        let mut window = node(Role::Window, "Settings");
        window.set_children((2..=10).chain([12, 13]).map(NodeId).collect::<Vec<_>>());
        let mut play = node(Role::Button, "Play");
        play.add_action(Action::Click);
        let mut flip = node(Role::CheckBox, "Flip\tthe board");
        flip.set_toggled(Toggled::True);
        let mut volume = node(Role::Slider, "Volume");
        volume.set_value("50%");
        volume.set_numeric_value(0.5);
        volume.set_min_numeric_value(0.0);
        volume.set_max_numeric_value(1.0);
        let mut name = Node::new(Role::TextInput);
        name.set_labelled_by(vec![NodeId(9)]);
        name.set_value("Ada");
        let password = node(Role::PasswordInput, "Password");
        let mut hidden = node(Role::Button, "Hidden");
        hidden.add_action(Action::Click);
        hidden.set_hidden();
        let mut words = Node::new(Role::Label);
        words.set_value("Just words");
        let mut off = node(Role::Button, "Resign");
        off.add_action(Action::Click);
        off.set_disabled();
        let name_label = node(Role::Label, "Your name");
        let mut untitled = Node::new(Role::Window);
        untitled.add_action(Action::Click);
        let mut title_bar = Node::new(Role::Unknown);
        title_bar.add_action(Action::Click);
        let mut orphan = node(Role::Button, "Nobody's");
        orphan.add_action(Action::Click);
        let update = TreeUpdate {
            nodes: vec![
                (NodeId(1), window),
                (NodeId(2), play),
                (NodeId(3), flip),
                (NodeId(4), volume),
                (NodeId(5), name),
                (NodeId(6), password),
                (NodeId(7), hidden),
                (NodeId(8), words),
                (NodeId(10), off),
                (NodeId(9), name_label),
                (NodeId(11), orphan),
                (NodeId(12), title_bar),
                (NodeId(13), untitled),
            ],
            tree: Some(Root::new(NodeId(1))),
            tree_id: bevy_egui::egui::accesskit::TreeId::ROOT,
            focus: NodeId(1),
        };
        let lines = control_lines(&Tree::new(&update));
        let lines: Vec<&str> = lines.lines().collect();
        assert_eq!(
            lines,
            [
                "1\th\tSettings\t\t\t\t\t\t\t",
                "2\tb\tPlay\t\t\t\t\t\t\t",
                "3\tc\tFlip the board\t\ton\t\t\t\t\t",
                "4\tv\tVolume\t50%\t\t\t0.5\t0\t1\t",
                "5\tt\tYour name\tAda\t\t\t\t\t\t",
                "6\tp\tPassword\t\t\t\t\t\t\t",
                "8\tw\t\tJust words\t\t\t\t\t\t",
                "10\tb\tResign\t\t\td\t\t\t\t",
            ],
            "a hidden button, an unnamed click area (a title bar), an untitled window, a label naming a field and a node no parent holds are left out"
        );
    }
}
