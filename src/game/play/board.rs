//! Squares and pieces as entities. The board mirrors the game: rebuilt on
//! [`BoardReset`], kept in place by the layout, moved only by animations.

use bevy::asset::RenderAssetUsages;
use bevy::image::Image;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use crate::rules::{Side, Square};

use super::{BoardReset, Game};
use crate::game::play::layout::BoardLayout;
use crate::game::play::pieces::{Animating, OnSquare, Piece};
use crate::game::screens::InGame;
use crate::game::sets::GameSet;
use crate::game::settings::{Settings, Theme};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_piece_art)
        .add_systems(OnEnter(InGame), spawn_board)
        .add_systems(
            Update,
            (
                rebuild_on_reset.in_set(GameSet::Sync),
                (recolor_on_theme, place_entities).in_set(GameSet::Present),
            )
                .run_if(in_state(InGame)),
        );
}

/// The colours of the squares and pieces in a theme.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardColors {
    pub light: Color,
    pub dark: Color,
    pub white: Color,
    pub black: Color,
    pub frame: Color,
}

impl BoardColors {
    pub fn of(theme: Theme) -> BoardColors {
        match theme {
            Theme::Classic => BoardColors {
                light: palette::LIGHT_SQUARE,
                dark: palette::DARK_SQUARE,
                white: palette::WHITE_PIECE,
                black: palette::BLACK_PIECE,
                frame: Color::srgb(0.30, 0.22, 0.16),
            },
            // Pieces at the ends of the scale, squares in between and far
            // enough apart from each other to read at a glance.
            Theme::HighContrast => BoardColors {
                light: Color::srgb(0.72, 0.72, 0.72),
                dark: Color::srgb(0.38, 0.38, 0.38),
                white: Color::srgb(1.0, 1.0, 1.0),
                black: Color::srgb(0.0, 0.0, 0.0),
                frame: Color::srgb(0.9, 0.9, 0.9),
            },
            // A tournament board's green and cream: the blue and orange
            // marks stay clear of both.
            Theme::Green => BoardColors {
                light: Color::srgb(0.91, 0.90, 0.80),
                dark: Color::srgb(0.42, 0.56, 0.36),
                white: Color::srgb(0.98, 0.97, 0.93),
                black: Color::srgb(0.12, 0.13, 0.12),
                frame: Color::srgb(0.16, 0.22, 0.15),
            },
        }
    }

    fn square(&self, sq: Square) -> Color {
        if (sq.x() + sq.y()) % 2 == 1 {
            self.light
        } else {
            self.dark
        }
    }

    fn piece(&self, side: Side) -> Color {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }
}

/// A square of the board.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSquare(pub Square);

/// The frame around the board.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardFrame;

/// The frame's width beyond the squares, in squares.
const FRAME: f32 = 0.14;

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

/// The generated images pieces are drawn with: White's plain disc, and
/// Black's with a ring cut into it, so the sides differ by shape as well as
/// by colour (whatever the theme, and for players who do not tell the
/// colours apart).
#[derive(Resource, Clone, Debug)]
pub struct PieceArt {
    pub disc: Handle<Image>,
    pub ringed: Handle<Image>,
}

impl PieceArt {
    pub fn of(&self, side: Side) -> Handle<Image> {
        match side {
            Side::White => self.disc.clone(),
            Side::Black => self.ringed.clone(),
        }
    }
}

/// The share of a square a piece's picture covers (the disc and the
/// shadow it casts); the disc itself is [`PIECE_DIAMETER`] of a square.
const PIECE_SPRITE: f32 = 1.0;
/// A piece's diameter, in squares.
const PIECE_DIAMETER: f32 = 0.8;

/// A white disc lit from the upper left, with a dark rim and a soft shadow
/// below and to the right; tinted per side by the sprite colour (the shadow
/// stays dark whatever the tint). `ringed` cuts a thin transparent ring
/// into its face.
fn disc_image(size: u32, ringed: bool) -> Image {
    let mut data = Vec::with_capacity((size * size * 4) as usize);
    let half = size as f32 / 2.0;
    // The disc's radius in pixels, and the shadow's offset.
    let r = half * PIECE_DIAMETER / PIECE_SPRITE;
    let shadow_at = Vec2::new(0.045, 0.06) * size as f32;
    let light = Vec2::new(-1.0, -1.0).normalize();
    for y in 0..size {
        for x in 0..size {
            let p = Vec2::new(x as f32 + 0.5 - half, y as f32 + 0.5 - half);
            let d = p.length() / r;
            let mut alpha = ((1.0 - d) * r).clamp(0.0, 1.0);
            if ringed {
                // The ring's edges are soft, like the rim's.
                let from_ring = ((d - 0.5).abs() - 0.06) * r;
                alpha *= from_ring.clamp(0.0, 1.0);
            }
            // Lit from the upper left, a little darker towards the edge; a
            // rim darker than the face, so both sides show an outline.
            let lit = (p / r).dot(light);
            let shade = if d > 0.86 {
                0.35
            } else {
                (0.96 + 0.07 * lit - 0.05 * d * d).min(1.0)
            };
            // The shadow, outside the disc only (a ring cut into the face
            // shows the board, not the shadow).
            let ds = (p - shadow_at).length() / r;
            let outside = ((d - 1.0) * r + 1.0).clamp(0.0, 1.0);
            let shadow = 0.4 * (1.0 - smoothstep(0.8, 1.12, ds)) * outside;
            let a = alpha + shadow * (1.0 - alpha);
            let v = if a > 0.0 { shade * alpha / a } else { 0.0 };
            let v = (v * 255.0) as u8;
            data.extend_from_slice(&[v, v, v, (a * 255.0) as u8]);
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

fn smoothstep(from: f32, to: f32, x: f32) -> f32 {
    let t = ((x - from) / (to - from)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

fn make_piece_art(mut commands: Commands, images: Option<ResMut<Assets<Image>>>) {
    let (disc, ringed) = images
        .map(|mut images| {
            (
                images.add(disc_image(128, false)),
                images.add(disc_image(128, true)),
            )
        })
        .unwrap_or_default();
    commands.insert_resource(PieceArt { disc, ringed });
}

/// Spawns every square and piece of the shown position.
fn spawn_board(
    mut commands: Commands,
    game: Res<Game>,
    art: Res<PieceArt>,
    settings: Res<Settings>,
) {
    let shown = game.shown();
    let colors = BoardColors::of(settings.theme);
    commands.spawn((
        DespawnOnExit(InGame),
        BoardFrame,
        Sprite::from_color(colors.frame, Vec2::ONE),
        Transform::from_xyz(0.0, 0.0, -0.5),
    ));
    for sq in shown.size().squares() {
        let color = colors.square(sq);
        commands.spawn((
            DespawnOnExit(InGame),
            BoardSquare(sq),
            Sprite::from_color(color, Vec2::ONE),
            Transform::default(),
        ));
        if let Some(side) = shown.board.side_at(sq) {
            commands.spawn((
                DespawnOnExit(InGame),
                Piece(side),
                OnSquare(sq),
                Sprite {
                    image: art.of(side),
                    color: colors.piece(side),
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
    entities: Query<Entity, Or<(With<BoardSquare>, With<Piece>, With<BoardFrame>)>>,
    game: Res<Game>,
    art: Res<PieceArt>,
    settings: Res<Settings>,
) {
    if resets.read().count() == 0 {
        return;
    }
    for entity in &entities {
        commands.entity(entity).despawn();
    }
    spawn_board(commands, game, art, settings);
}

/// A new theme recolours the squares and pieces where they stand.
fn recolor_on_theme(
    settings: Res<Settings>,
    mut shown: Local<Option<Theme>>,
    mut squares: Query<(&BoardSquare, &mut Sprite), Without<Piece>>,
    mut pieces: Query<(&Piece, &mut Sprite), Without<BoardSquare>>,
    mut frames: Query<&mut Sprite, (With<BoardFrame>, Without<Piece>, Without<BoardSquare>)>,
) {
    if *shown == Some(settings.theme) {
        return;
    }
    let first = shown.is_none();
    *shown = Some(settings.theme);
    if first && settings.theme == Theme::Classic {
        return;
    }
    let colors = BoardColors::of(settings.theme);
    for (square, mut sprite) in &mut squares {
        sprite.color = colors.square(square.0);
    }
    for (piece, mut sprite) in &mut pieces {
        sprite.color = colors.piece(piece.0);
    }
    for mut sprite in &mut frames {
        sprite.color = colors.frame;
    }
}

/// Keeps squares and resting pieces where the layout puts them. Writes only
/// what differs, so a still board marks nothing changed.
fn place_entities(
    layout: Res<BoardLayout>,
    mut squares: Query<(&BoardSquare, &mut Transform, &mut Sprite), Without<Piece>>,
    mut pieces: Query<(&OnSquare, &mut Transform, &mut Sprite), (With<Piece>, Without<Animating>)>,
    mut frames: Query<
        (&mut Transform, &mut Sprite),
        (With<BoardFrame>, Without<Piece>, Without<BoardSquare>),
    >,
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
            layout.square * PIECE_SPRITE,
        );
    }
    for (mut transform, mut sprite) in &mut frames {
        let size = Some(layout.extent() + Vec2::splat(2.0 * FRAME * layout.square));
        transform.set_if_neq(Transform::from_translation(layout.center.extend(-0.5)));
        if sprite.custom_size != size {
            sprite.custom_size = size;
        }
    }
}
