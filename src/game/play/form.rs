//! The new game being chosen on the title screen ([`NewGameForm`]), and
//! the game the menus' windows are about.

use bevy::prelude::*;

use super::{Game, GameMode, NewGame, Player};
use crate::game::screens::Screen;
use crate::rules::{BoardSize, Position, StartLayout};

/// The choices being made in the menu.
#[derive(Resource, Clone, Debug)]
pub struct NewGameForm {
    pub variant: String,
    pub files: u8,
    pub ranks: u8,
    pub white: Player,
    pub black: Player,
    /// A layout chosen instead of the game's own start (`None`: the game's).
    pub layout: Option<StartLayout>,
}

impl Default for NewGameForm {
    fn default() -> NewGameForm {
        let setup = NewGame::default();
        NewGameForm {
            variant: setup.variant,
            files: 8,
            ranks: 8,
            white: setup.white,
            black: setup.black,
            layout: None,
        }
    }
}

impl NewGameForm {
    pub fn setup(&self) -> NewGame {
        let size = BoardSize::new(self.files, self.ranks).unwrap_or_default();
        NewGame {
            variant: self.variant.clone(),
            size,
            white: self.white,
            black: self.black,
            // A layout other than the game's own start is a start position
            // (and so goes into the record).
            start: self.layout.map(|layout| Position::start_with(size, layout)),
            mode: GameMode::Local,
        }
    }
}

/// The game the rules help and the puzzles are about: the one on the
/// board, or the one chosen in the New game window.
pub fn chosen_game(screen: &State<Screen>, game: &Game, form: &NewGameForm) -> String {
    if *screen.get() == Screen::Title {
        form.variant.clone()
    } else {
        game.rules().id().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_choice_becomes_the_start_position() {
        let mut form = NewGameForm {
            files: 6,
            ranks: 5,
            ..NewGameForm::default()
        };
        assert_eq!(
            form.setup().start,
            None,
            "the checkerboard is the game's own start"
        );
        form.layout = Some(StartLayout::Pairs);
        let size = BoardSize::new(6, 5).unwrap();
        assert_eq!(
            form.setup().start,
            Some(Position::start_with(size, StartLayout::Pairs))
        );
        assert_eq!(form.setup().size, size);
    }
}
