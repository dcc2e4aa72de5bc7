//! Where the board sits in the window: it fills the area the panels leave,
//! stays centred and square-celled, and maps between squares and world points.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::rules::{BoardSize, Square};

use super::Game;
use crate::game::sets::GameSet;
use crate::game::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardArea>()
        .init_resource::<BoardLayout>()
        .add_systems(Update, update_layout.in_set(GameSet::Layout));
}

/// The part of the window (logical pixels, top-left origin) left for the
/// board once the panels are drawn. `None` means the whole window.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct BoardArea(pub Option<Rect>);

/// The board's placement in world coordinates (the 2D camera's units).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardLayout {
    pub center: Vec2,
    /// Side of one square.
    pub square: f32,
    pub size: BoardSize,
    pub flipped: bool,
}

impl Default for BoardLayout {
    fn default() -> BoardLayout {
        BoardLayout {
            center: Vec2::ZERO,
            square: 80.0,
            size: BoardSize::STANDARD,
            flipped: false,
        }
    }
}

impl BoardLayout {
    /// The world point at the middle of a square.
    pub fn square_center(&self, sq: Square) -> Vec2 {
        let (files, ranks) = (self.size.files() as f32, self.size.ranks() as f32);
        let (mut x, mut y) = (sq.x() as f32, sq.y() as f32);
        if self.flipped {
            x = files - 1.0 - x;
            y = ranks - 1.0 - y;
        }
        self.center
            + Vec2::new(
                (x + 0.5 - files / 2.0) * self.square,
                (y + 0.5 - ranks / 2.0) * self.square,
            )
    }

    /// The square under a world point, if on the board.
    pub fn square_at(&self, world: Vec2) -> Option<Square> {
        let (files, ranks) = (self.size.files() as f32, self.size.ranks() as f32);
        let local = (world - self.center) / self.square + Vec2::new(files / 2.0, ranks / 2.0);
        if local.x < 0.0 || local.y < 0.0 || local.x >= files || local.y >= ranks {
            return None;
        }
        let (mut x, mut y) = (local.x as u8, local.y as u8);
        if self.flipped {
            x = self.size.files() - 1 - x;
            y = self.size.ranks() - 1 - y;
        }
        Square::new(x, y)
    }

    /// The board's full extent in world units.
    pub fn extent(&self) -> Vec2 {
        Vec2::new(self.size.files() as f32, self.size.ranks() as f32) * self.square
    }
}

/// Converts a window point (logical pixels, top-left origin) to the world of
/// a default 2D camera (origin at the window centre, y up).
pub fn window_to_world(window_size: Vec2, point: Vec2) -> Vec2 {
    Vec2::new(point.x - window_size.x / 2.0, window_size.y / 2.0 - point.y)
}

/// The other way: where a point of the world is in the window (logical
/// pixels, top-left origin).
pub fn world_to_window(window_size: Vec2, world: Vec2) -> Vec2 {
    Vec2::new(world.x + window_size.x / 2.0, window_size.y / 2.0 - world.y)
}

fn update_layout(
    window: Query<&Window, With<PrimaryWindow>>,
    area: Res<BoardArea>,
    game: Res<Game>,
    settings: Res<Settings>,
    mut layout: ResMut<BoardLayout>,
) {
    let size = game.position().size();
    let mut next = BoardLayout {
        size,
        flipped: settings.flipped,
        ..*layout
    };
    if let Ok(window) = window.single() {
        let window_size = Vec2::new(window.width(), window.height());
        let rect = area
            .0
            .unwrap_or(Rect::from_corners(Vec2::ZERO, window_size));
        // Leave half a square around the board for the coordinates.
        let cells = Vec2::new(size.files() as f32 + 1.0, size.ranks() as f32 + 1.0);
        next.square = (rect.width() / cells.x)
            .min(rect.height() / cells.y)
            .max(4.0)
            .floor();
        next.center = window_to_world(window_size, rect.center());
    }
    if next != *layout {
        *layout = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_points_map_both_ways_flipped_or_not() {
        for flipped in [false, true] {
            let size = BoardSize::new(6, 5).unwrap();
            let layout = BoardLayout {
                center: Vec2::new(30.0, -10.0),
                square: 50.0,
                size,
                flipped,
            };
            for sq in size.squares() {
                assert_eq!(layout.square_at(layout.square_center(sq)), Some(sq));
            }
            assert_eq!(layout.square_at(Vec2::new(1000.0, 0.0)), None);
        }
    }
}
