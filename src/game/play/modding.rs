//! Registering new Burrow games from Bevy. A mod is a plain function
//! ([`Mod`]) that registers its games in the engine's registry; the
//! `burrow` binary takes mods that way (`burrow::launch::run`), and
//! [`VariantPlugin`] is the thin wrapper for an app built by hand. Either
//! way the game joins the new-game menu, the rules help, the computer
//! levels, hints, records and the move list.

use std::sync::Arc;

use bevy::prelude::*;
use tracing::error;

use crate::rules::{Mod, RegistryError, Variant, VariantRegistry};

use super::Variants;

/// Adds a mod's games to the game. Registration problems (a bad id, a
/// movement rule that breaks the engine's requirements, an id already taken)
/// are logged and listed in [`ModProblems`]; the game goes on without the
/// mod. Added before or after [`crate::game::GameCorePlugin`], the mod joins the
/// same registry.
///
/// ```no_run
/// use std::sync::Arc;
/// use burrow::game::VariantPlugin;
/// use burrow::rules::*;
///
/// struct Measure;
/// impl Variant for Measure {
///     fn id(&self) -> &str { "measure" }
///     fn name(&self) -> &str { "Measure Burrow" }
///     fn movement(&self) -> Movement {
///         Movement { steps: StepSet::ORTHOGONAL, shape: PathShape::Straight, jumping: false }
///     }
///     fn template(&self, c: &CaptureView) -> Template {
///         let (dx, dy) = c.offset();
///         Template::Count(dx.unsigned_abs().max(dy.unsigned_abs()))
///     }
///     fn fits(&self, t: &Template, c: &CaptureView) -> bool { *t == self.template(c) }
/// }
///
/// let mut app = burrow::game::app(Default::default(), VariantRegistry::builtin());
/// app.add_plugins(VariantPlugin::new(Measure));
/// app.run();
/// ```
pub struct VariantPlugin {
    register: Registration,
}

#[derive(Clone)]
enum Registration {
    Variant(Arc<dyn Variant>),
    Mod(Mod),
}

impl Registration {
    fn apply(&self, registry: &mut VariantRegistry) -> Result<(), RegistryError> {
        match self {
            Registration::Variant(variant) => registry.register(variant.clone()).map(|_| ()),
            Registration::Mod(register) => match registry.add_mods(&[*register]).pop() {
                Some(problem) => Err(problem),
                None => Ok(()),
            },
        }
    }
}

impl VariantPlugin {
    /// One variant with no attachments (the computer plays it with the
    /// default profile; the screen describes its template plainly).
    pub fn new(variant: impl Variant) -> VariantPlugin {
        VariantPlugin {
            register: Registration::Variant(Arc::new(variant)),
        }
    }

    /// A mod's registration function.
    pub fn from_mod(register: Mod) -> VariantPlugin {
        VariantPlugin {
            register: Registration::Mod(register),
        }
    }
}

/// Mods that could not be registered, with the reason, for the menu.
#[derive(Resource, Clone, Debug, Default)]
pub struct ModProblems(pub Vec<String>);

/// Mods added before the registry was there, waiting for
/// [`crate::game::GameCorePlugin`].
#[derive(Resource, Default)]
struct WaitingMods(Vec<Registration>);

fn register(app: &mut App, registration: &Registration) {
    let result = {
        let mut variants = app.world_mut().resource_mut::<Variants>();
        registration.apply(&mut variants.0)
    };
    if let Err(e) = result {
        error!("mod not loaded: {e}");
        app.world_mut()
            .get_resource_or_insert_with(ModProblems::default)
            .0
            .push(format!("mod not loaded: {e}"));
    }
}

/// Registers the mods that came before the registry did.
pub(in crate::game) fn add_waiting_mods(app: &mut App) {
    let Some(waiting) = app.world_mut().remove_resource::<WaitingMods>() else {
        return;
    };
    for registration in &waiting.0 {
        register(app, registration);
    }
}

impl Plugin for VariantPlugin {
    fn build(&self, app: &mut App) {
        if app.world().contains_resource::<Variants>() {
            register(app, &self.register);
        } else {
            app.world_mut()
                .get_resource_or_insert_with(WaitingMods::default)
                .0
                .push(self.register.clone());
        }
    }

    fn is_unique(&self) -> bool {
        false
    }
}
