//! Squares and pieces as entities. The board mirrors the session: rebuilt on
//! [`BoardReset`], kept in place by the layout, moved only by animations.

use bevy::asset::RenderAssetUsages;
use bevy::image::Image;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use crate::rules::{Color as Side, Square};

use super::GameSet;
use super::animation::Animating;
use super::layout::BoardLayout;
use super::screens::InGame;
use super::session::{BoardReset, GameSession};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_piece_art)
        .add_systems(OnEnter(InGame), spawn_board)
        .add_systems(
            Update,
            (
                rebuild_on_reset.in_set(GameSet::Sync),
                place_entities.in_set(GameSet::Present),
            )
                .run_if(in_state(InGame)),
        );
}

/// A square of the board.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSquare(pub Square);

/// A piece, with the side it belongs to.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece(pub Side);

/// The square a piece stands on (between animations).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnSquare(pub Square);

/// Board colours, chosen to read well for colour-blind players: the sides
/// differ by lightness, highlights by blue and orange.
pub mod palette {
    use bevy::prelude::Color;
    pub const LIGHT_SQUARE: Color = Color::srgb(0.85, 0.80, 0.70);
    pub const DARK_SQUARE: Color = Color::srgb(0.52, 0.43, 0.35);
    pub const WHITE_PIECE: Color = Color::srgb(0.97, 0.96, 0.92);
    pub const BLACK_PIECE: Color = Color::srgb(0.10, 0.10, 0.12);
    pub const SELECTED: Color = Color::srgb(0.0, 0.45, 0.85);
    pub const TARGET: Color = Color::srgb(0.95, 0.55, 0.05);
    pub const TEMPLATE: Color = Color::srgb(0.35, 0.75, 1.0);
    /// A turn of the move list under the pointer.
    pub const PREVIEW: Color = Color::srgb(0.95, 0.85, 0.2);
    /// A piece that ends a line of sight without counting.
    pub const BLOCKED: Color = Color::srgb(0.9, 0.25, 0.2);
    pub const HINT: Color = Color::srgb(0.8, 0.3, 0.9);
    pub const TRAIL: Color = Color::srgba(0.0, 0.45, 0.85, 0.55);
}

/// The generated images pieces are drawn with.
#[derive(Resource, Clone, Debug)]
pub struct PieceArt {
    pub disc: Handle<Image>,
}

/// A white disc with a soft dark rim, tinted per side by the sprite colour.
fn disc_image(size: u32) -> Image {
    let mut data = Vec::with_capacity((size * size * 4) as usize);
    let r = size as f32 / 2.0;
    for y in 0..size {
        for x in 0..size {
            let d = Vec2::new(x as f32 + 0.5 - r, y as f32 + 0.5 - r).length() / r;
            let alpha = ((1.0 - d) * r).clamp(0.0, 1.0);
            // A rim darker than the face, so both sides show an outline.
            let shade = if d > 0.86 { 0.35 } else { 1.0 - 0.12 * d };
            let v = (shade * 255.0) as u8;
            data.extend_from_slice(&[v, v, v, (alpha * 255.0) as u8]);
        }
    }
    Image::new(
        Extent3d {
            width: size,
            height: size,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

fn make_piece_art(mut commands: Commands, images: Option<ResMut<Assets<Image>>>) {
    let disc = images
        .map(|mut images| images.add(disc_image(128)))
        .unwrap_or_default();
    commands.insert_resource(PieceArt { disc });
}

fn piece_color(side: Side) -> Color {
    match side {
        Side::White => palette::WHITE_PIECE,
        Side::Black => palette::BLACK_PIECE,
    }
}

/// Spawns every square and piece of the shown position.
fn spawn_board(mut commands: Commands, session: Res<GameSession>, art: Res<PieceArt>) {
    let shown = session.shown();
    for sq in shown.size().squares() {
        let light = (sq.x() + sq.y()) % 2 == 1;
        let color = if light {
            palette::LIGHT_SQUARE
        } else {
            palette::DARK_SQUARE
        };
        commands.spawn((
            DespawnOnExit(InGame),
            BoardSquare(sq),
            Sprite::from_color(color, Vec2::ONE),
            Transform::default(),
        ));
        if let Some(side) = shown.board.color_at(sq) {
            commands.spawn((
                DespawnOnExit(InGame),
                Piece(side),
                OnSquare(sq),
                Sprite {
                    image: art.disc.clone(),
                    color: piece_color(side),
                    custom_size: Some(Vec2::ONE),
                    ..default()
                },
                Transform::from_xyz(0.0, 0.0, 1.0),
            ));
        }
    }
}

fn rebuild_on_reset(
    mut commands: Commands,
    mut resets: MessageReader<BoardReset>,
    entities: Query<Entity, Or<(With<BoardSquare>, With<Piece>)>>,
    session: Res<GameSession>,
    art: Res<PieceArt>,
) {
    if resets.read().count() == 0 {
        return;
    }
    for entity in &entities {
        commands.entity(entity).despawn();
    }
    spawn_board(commands, session, art);
}

/// Keeps squares and resting pieces where the layout puts them. Writes only
/// what differs, so a still board marks nothing changed.
fn place_entities(
    layout: Res<BoardLayout>,
    mut squares: Query<(&BoardSquare, &mut Transform, &mut Sprite), Without<Piece>>,
    mut pieces: Query<(&OnSquare, &mut Transform, &mut Sprite), (With<Piece>, Without<Animating>)>,
) {
    let place = |transform: &mut Mut<Transform>, sprite: &mut Mut<Sprite>, at: Vec3, side: f32| {
        let target = Transform::from_translation(at);
        transform.set_if_neq(target);
        let size = Some(Vec2::splat(side));
        if sprite.custom_size != size {
            sprite.custom_size = size;
        }
    };
    for (square, mut transform, mut sprite) in &mut squares {
        place(
            &mut transform,
            &mut sprite,
            layout.square_center(square.0).extend(0.0),
            layout.square,
        );
    }
    for (on, mut transform, mut sprite) in &mut pieces {
        place(
            &mut transform,
            &mut sprite,
            layout.square_center(on.0).extend(1.0),
            layout.square * 0.8,
        );
    }
}
