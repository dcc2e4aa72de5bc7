//! Draws the web page's icons (`assets/web/icon-*.png`): a corner of a
//! Burrow board at its start, White's and Black's pieces alternating (Black's
//! ringed, as on the board), and a capture's template box around two of
//! them. The maskable icon keeps the drawing inside the middle 80%, the part
//! every launcher shows.
//!
//!   cargo run --no-default-features --example web_icons -- assets/web

use std::path::{Path, PathBuf};

type Rgba = [f32; 4];

const BACKGROUND: Rgba = [0.16, 0.12, 0.09, 1.0];
const LIGHT: Rgba = [0.85, 0.80, 0.70, 1.0];
const DARK: Rgba = [0.52, 0.43, 0.35, 1.0];
const WHITE: Rgba = [0.97, 0.96, 0.92, 1.0];
const BLACK: Rgba = [0.10, 0.10, 0.12, 1.0];
const TEMPLATE: Rgba = [0.35, 0.75, 1.0, 1.0];

/// The colour at a point of the unit square (y down), or `None` outside the
/// drawing. `inset` is the margin left around the board.
fn colour_at(x: f32, y: f32, inset: f32) -> Option<Rgba> {
    let span = 1.0 - 2.0 * inset;
    let (u, v) = ((x - inset) / span, (y - inset) / span);
    if !(0.0..1.0).contains(&u) || !(0.0..1.0).contains(&v) {
        return None;
    }
    const CELLS: f32 = 3.0;
    let (file, rank) = ((u * CELLS).floor(), (v * CELLS).floor());
    let (cu, cv) = (u * CELLS - file - 0.5, v * CELLS - rank - 0.5);
    // The template: a box around the middle row's first two squares.
    let edge = 0.035;
    let in_box = |a: f32, lo: f32, hi: f32| a >= lo && a <= hi;
    let box_lo = (1.0 / CELLS + 0.02, 0.045);
    let box_hi = (2.0 / CELLS - 0.02, 2.0 / CELLS - 0.02);
    let on_box = in_box(v, box_lo.0 - edge, box_hi.0 + edge)
        && in_box(u, box_lo.1 - edge, box_hi.1 + edge)
        && !(in_box(v, box_lo.0, box_hi.0) && in_box(u, box_lo.1, box_hi.1));
    if on_box {
        return Some(TEMPLATE);
    }
    let white_square = (file + rank) as i32 % 2 == 0;
    let r = (cu * cu + cv * cv).sqrt();
    if r < 0.36 {
        let white_piece = white_square;
        if white_piece {
            return Some(WHITE);
        }
        // Black's ring cut into the disc.
        return Some(if (0.20..0.26).contains(&r) {
            DARK
        } else {
            BLACK
        });
    }
    Some(if white_square { LIGHT } else { DARK })
}

fn draw(size: u32, inset: f32, full_background: bool) -> Vec<u8> {
    const SAMPLES: u32 = 4;
    let mut pixels = Vec::with_capacity((size * size * 4) as usize);
    for py in 0..size {
        for px in 0..size {
            let mut sum = [0.0f32; 4];
            for sy in 0..SAMPLES {
                for sx in 0..SAMPLES {
                    let x = (px as f32 + (sx as f32 + 0.5) / SAMPLES as f32) / size as f32;
                    let y = (py as f32 + (sy as f32 + 0.5) / SAMPLES as f32) / size as f32;
                    let c = colour_at(x, y, inset).unwrap_or(if full_background {
                        BACKGROUND
                    } else {
                        [0.0; 4]
                    });
                    for channel in 0..3 {
                        sum[channel] += c[channel] * c[3];
                    }
                    sum[3] += c[3];
                }
            }
            let n = (SAMPLES * SAMPLES) as f32;
            let alpha = sum[3] / n;
            for channel in &sum[..3] {
                let value = if sum[3] > 0.0 { channel / sum[3] } else { 0.0 };
                pixels.push((value * 255.0).round().clamp(0.0, 255.0) as u8);
            }
            pixels.push((alpha * 255.0).round() as u8);
        }
    }
    pixels
}

fn write(path: &Path, size: u32, pixels: &[u8]) -> Result<(), Box<dyn std::error::Error>> {
    let file = std::io::BufWriter::new(std::fs::File::create(path)?);
    let mut encoder = png::Encoder::new(file, size, size);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::High);
    encoder.write_header()?.write_image_data(pixels)?;
    println!("{}", path.display());
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let folder = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "assets/web".into()),
    );
    std::fs::create_dir_all(&folder)?;
    for size in [32, 192, 512] {
        write(
            &folder.join(format!("icon-{size}.png")),
            size,
            &draw(size, 0.0, false),
        )?;
    }
    // Maskable: the launcher may cut the outer 10% away, so the board sits
    // inside a full background.
    write(
        &folder.join("icon-maskable-512.png"),
        512,
        &draw(512, 0.12, true),
    )?;
    Ok(())
}
