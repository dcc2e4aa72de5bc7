//! Short sound effects, synthesised at start-up (no sound files): a tick
//! for a selection, a thud for a capture, a chord when the game ends and a
//! soft low note for a refused click.

use std::f32::consts::TAU;

use bevy::audio::AudioSource;
use bevy::prelude::*;

use super::GameSet;
use super::input::Selection;
use super::session::{CaptureMade, GameEnded, Refused};
use super::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_sounds)
        .add_systems(Update, play_sounds.in_set(GameSet::Present));
}

const RATE: u32 = 22_050;

#[derive(Resource)]
struct Sounds {
    select: Handle<AudioSource>,
    capture: Handle<AudioSource>,
    game_over: Handle<AudioSource>,
    refuse: Handle<AudioSource>,
}

/// 16-bit mono PCM in a WAV container.
pub fn wav(samples: &[f32]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + data_len as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&((s.clamp(-1.0, 1.0) * 32_000.0) as i16).to_le_bytes());
    }
    out
}

/// A decaying tone whose pitch glides from `f0` to `f1` Hz.
fn tone(f0: f32, f1: f32, seconds: f32, volume: f32) -> Vec<f32> {
    let n = (seconds * RATE as f32) as usize;
    let mut phase = 0.0f32;
    (0..n)
        .map(|i| {
            let t = i as f32 / n as f32;
            phase += TAU * (f0 + (f1 - f0) * t) / RATE as f32;
            let envelope = (1.0 - t).powi(3) * (i as f32 / 60.0).min(1.0);
            phase.sin() * envelope * volume
        })
        .collect()
}

fn chord() -> Vec<f32> {
    let mut out = vec![0.0; (0.9 * RATE as f32) as usize];
    for (k, f) in [523.25f32, 659.25, 783.99].iter().enumerate() {
        let offset = k * (0.12 * RATE as f32) as usize;
        for (i, s) in tone(*f, *f, 0.6, 0.3).into_iter().enumerate() {
            if let Some(o) = out.get_mut(offset + i) {
                *o += s;
            }
        }
    }
    out
}

fn make_sounds(mut commands: Commands, sources: Option<ResMut<Assets<AudioSource>>>) {
    let Some(mut sources) = sources else { return };
    let mut add = |samples: Vec<f32>| {
        sources.add(AudioSource {
            bytes: wav(&samples).into(),
        })
    };
    commands.insert_resource(Sounds {
        select: add(tone(1200.0, 900.0, 0.06, 0.35)),
        capture: add(tone(160.0, 70.0, 0.18, 0.8)),
        game_over: add(chord()),
        refuse: add(tone(240.0, 200.0, 0.12, 0.3)),
    });
}

#[allow(clippy::too_many_arguments)]
fn play_sounds(
    mut commands: Commands,
    sounds: Option<Res<Sounds>>,
    settings: Res<Settings>,
    selection: Res<Selection>,
    mut last_selected: Local<Option<crate::rules::Square>>,
    mut made: MessageReader<CaptureMade>,
    mut ended: MessageReader<GameEnded>,
    mut refused: MessageReader<Refused>,
) {
    let mut play = |handle: &Handle<AudioSource>| {
        if !settings.muted {
            commands.spawn((AudioPlayer(handle.clone()), PlaybackSettings::DESPAWN));
        }
    };
    let Some(sounds) = sounds else { return };
    if selection.piece != *last_selected {
        *last_selected = selection.piece;
        if selection.piece.is_some() {
            play(&sounds.select);
        }
    }
    if made.read().count() > 0 {
        play(&sounds.capture);
    }
    if ended.read().count() > 0 {
        play(&sounds.game_over);
    }
    if refused.read().count() > 0 {
        play(&sounds.refuse);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wav_header_describes_the_samples() {
        let bytes = wav(&tone(440.0, 440.0, 0.1, 0.5));
        assert_eq!(&bytes[0..4], b"RIFF");
        assert_eq!(&bytes[8..12], b"WAVE");
        let data_len = u32::from_le_bytes(bytes[40..44].try_into().unwrap()) as usize;
        assert_eq!(data_len, bytes.len() - 44);
        assert_eq!(data_len, (0.1 * RATE as f32) as usize * 2);
    }
}
