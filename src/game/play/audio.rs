//! Short sound effects, synthesised at start-up (no sound files): a tick
//! for a selection, a thud for a capture (each further capture of a chain a
//! step higher and softer, so a long chain climbs instead of hammering), a
//! settling note when a chain of captures ends, a rising chord for a win and
//! a falling one for a loss, and a soft low note for a refused click. The
//! settings' volume scales them all; mute silences them.
//!
//! The desktop plays them through Bevy's audio; the web page through the
//! browser's own Web Audio, which plays samples without a decoder or a
//! mixer in the page's code (Bevy's audio stack would add about 70 KB,
//! gzipped, to the page for what the browser does already).

use std::f32::consts::TAU;

use bevy::prelude::*;

use super::{CaptureMade, Game, GameEnded, Refused};
use crate::game::play::input::Selection;
use crate::game::sets::GameSet;
use crate::game::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_sounds)
        .add_systems(Update, play_sounds.in_set(GameSet::Present));
}

const RATE: u32 = 22_050;

#[derive(Resource)]
struct Sounds {
    select: Sound,
    /// The first capture of a turn, the second, …; the last one serves
    /// every later capture.
    captures: Vec<Sound>,
    chain_end: Sound,
    win: Sound,
    loss: Sound,
    refuse: Sound,
}

/// A sound made: a Bevy audio asset on the desktop.
#[cfg(not(target_arch = "wasm32"))]
type Sound = Handle<AudioSource>;

/// A sound made: its samples, which the page hands to Web Audio.
#[cfg(target_arch = "wasm32")]
type Sound = Vec<f32>;

/// Capture sounds made: one a step, up to this many.
const CAPTURE_STEPS: usize = 8;

/// The `k`-th capture of a turn (from 0): a semitone higher each step, and
/// softer, down to a floor.
fn capture_sound(k: usize) -> Vec<f32> {
    let up = 2f32.powf(k as f32 / 12.0);
    let volume = (0.8 * 0.85f32.powi(k as i32)).max(0.35);
    tone(160.0 * up, 70.0 * up, 0.18, volume)
}

/// 16-bit mono PCM in a WAV container.
#[cfg(not(target_arch = "wasm32"))]
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

/// Three notes one after another, each ringing on.
fn chord(notes: [f32; 3]) -> Vec<f32> {
    let mut out = vec![0.0; (0.9 * RATE as f32) as usize];
    for (k, f) in notes.iter().enumerate() {
        let offset = k * (0.12 * RATE as f32) as usize;
        for (i, s) in tone(*f, *f, 0.6, 0.3).into_iter().enumerate() {
            if let Some(o) = out.get_mut(offset + i) {
                *o += s;
            }
        }
    }
    out
}

#[cfg(not(target_arch = "wasm32"))]
fn make_sounds(mut commands: Commands, sources: Option<ResMut<Assets<AudioSource>>>) {
    let Some(mut sources) = sources else { return };
    let add = |samples: Vec<f32>| {
        sources.add(AudioSource {
            bytes: wav(&samples).into(),
        })
    };
    commands.insert_resource(sounds(add));
}

/// The page's sounds and its audio context, made at start so that the
/// page's first click, tap or key wakes it (`index.html` resumes every
/// audio context on the first gesture, as browsers ask).
#[cfg(target_arch = "wasm32")]
fn make_sounds(mut commands: Commands) {
    web_audio::CONTEXT.with_borrow_mut(|context| {
        *context = web_sys::AudioContext::new().ok();
    });
    commands.insert_resource(sounds(|samples| samples));
}

/// Every sound, each made into a [`Sound`] by `add`.
fn sounds(mut add: impl FnMut(Vec<f32>) -> Sound) -> Sounds {
    Sounds {
        select: add(tone(1200.0, 900.0, 0.06, 0.35)),
        captures: (0..CAPTURE_STEPS).map(|k| add(capture_sound(k))).collect(),
        chain_end: add(tone(330.0, 220.0, 0.25, 0.3)),
        // C major rising; A minor falling.
        win: add(chord([523.25, 659.25, 783.99])),
        loss: add(chord([440.0, 349.23, 261.63])),
        refuse: add(tone(240.0, 200.0, 0.12, 0.3)),
    }
}

/// Whether the end of a game is a win for the people at this machine: a
/// loss when exactly one side is a person's and the other side won.
fn is_loss(game: &Game, winner: crate::rules::Side) -> bool {
    use super::Player;
    let human = |side| game.player(side) == Player::Human;
    human(winner.opponent()) && !human(winner)
}

/// Plays `sound` at `volume` (linear, 0 to 1).
#[cfg(not(target_arch = "wasm32"))]
fn play(commands: &mut Commands, sound: &Sound, volume: f32) {
    commands.spawn((
        AudioPlayer(sound.clone()),
        PlaybackSettings::DESPAWN.with_volume(bevy::audio::Volume::Linear(volume)),
    ));
}

/// Plays `sound` at `volume` (linear, 0 to 1) through the page's audio
/// context once the browser lets it run; a sound due before that (before
/// the player's first gesture: the computer's or an opponent's capture) is
/// left out rather than kept to sound, all together, at the first click.
#[cfg(target_arch = "wasm32")]
fn play(_: &mut Commands, sound: &Sound, volume: f32) {
    web_audio::play(sound, volume);
}

#[cfg(target_arch = "wasm32")]
mod web_audio {
    use std::cell::RefCell;

    use wasm_bindgen::JsValue;
    use web_sys::{AudioContext, AudioContextState};

    thread_local! {
        /// The page's audio context (made by `make_sounds`).
        pub(super) static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
    }

    pub(super) fn play(samples: &[f32], volume: f32) {
        CONTEXT.with_borrow(|context| {
            let Some(context) = context.as_ref() else {
                return;
            };
            if context.state() != AudioContextState::Running {
                // Suspended by the browser until a gesture, or interrupted
                // (a call on a phone): ask again, and play the next sound.
                let _ = context.resume();
                return;
            }
            if let Err(error) = start(context, samples, volume) {
                tracing::debug!("a sound did not play: {error:?}");
            }
        });
    }

    fn start(context: &AudioContext, samples: &[f32], volume: f32) -> Result<(), JsValue> {
        let buffer = context.create_buffer(1, samples.len() as u32, super::RATE as f32)?;
        buffer.copy_to_channel(samples, 0)?;
        let source = context.create_buffer_source()?;
        source.set_buffer(Some(&buffer));
        let gain = context.create_gain()?;
        gain.gain().set_value(volume);
        source.connect_with_audio_node(&gain)?;
        gain.connect_with_audio_node(&context.destination())?;
        source.start()
    }
}

#[allow(clippy::too_many_arguments)]
fn play_sounds(
    mut commands: Commands,
    sounds: Option<Res<Sounds>>,
    settings: Res<Settings>,
    game: Res<Game>,
    selection: Res<Selection>,
    mut last_selected: Local<Option<crate::rules::Square>>,
    mut chain: Local<usize>,
    mut made: MessageReader<CaptureMade>,
    mut ended: MessageReader<GameEnded>,
    mut refused: MessageReader<Refused>,
) {
    let mut sound = |which: &Sound| {
        if !settings.muted && settings.volume > 0.0 {
            play(&mut commands, which, settings.volume);
        }
    };
    let Some(sounds) = sounds else { return };
    if selection.piece != *last_selected {
        *last_selected = selection.piece;
        if selection.piece.is_some() {
            sound(&sounds.select);
        }
    }
    // One capture sound a frame at most, pitched by its place in the chain.
    let mut captured = None;
    let mut chain_over = false;
    for capture in made.read() {
        captured.get_or_insert(*chain);
        *chain += 1;
        if capture.turn_over {
            chain_over = *chain > 1;
            *chain = 0;
        }
    }
    if let Some(k) = captured {
        sound(&sounds.captures[k.min(CAPTURE_STEPS - 1)]);
    }
    if let Some(GameEnded(outcome)) = ended.read().last() {
        sound(if is_loss(&game, outcome.winner) {
            &sounds.loss
        } else {
            &sounds.win
        });
    } else if chain_over {
        sound(&sounds.chain_end);
    }
    if refused.read().count() > 0 {
        sound(&sounds.refuse);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn wav_header_describes_the_samples() {
        let bytes = wav(&tone(440.0, 440.0, 0.1, 0.5));
        assert_eq!(&bytes[0..4], b"RIFF");
        assert_eq!(&bytes[8..12], b"WAVE");
        let data_len = u32::from_le_bytes(bytes[40..44].try_into().unwrap()) as usize;
        assert_eq!(data_len, bytes.len() - 44);
        assert_eq!(data_len, (0.1 * RATE as f32) as usize * 2);
    }

    /// A chain's captures climb in pitch and fall in loudness, to a floor.
    #[test]
    fn a_chain_climbs_and_softens() {
        let peak = |s: &[f32]| s.iter().fold(0.0f32, |m, v| m.max(v.abs()));
        let crossings = |s: &[f32]| s.windows(2).filter(|w| w[0] <= 0.0 && w[1] > 0.0).count();
        let first = capture_sound(0);
        let fourth = capture_sound(3);
        let last = capture_sound(CAPTURE_STEPS - 1);
        assert!(peak(&fourth) < peak(&first));
        assert!(crossings(&fourth) > crossings(&first));
        assert!(peak(&last) >= 0.3, "{}", peak(&last));
    }
}
