//! Registering new Burrow games from Bevy: `app.add_plugins(VariantPlugin::new(MyGame))`
//! adds the game to the engine's registry, and with it to the new-game menu,
//! the rules help, the computer levels, hints, records and the move list.

use std::sync::Arc;

use bevy::prelude::*;

use crate::rules::{Variant, VariantRegistry};

use super::session::Variants;

/// Adds one variant to the game. Registration problems (a bad id, a
/// movement rule that breaks the engine's requirements, an id already taken)
/// are logged and listed in [`ModProblems`]; the game goes on without it.
///
/// ```no_run
/// use burrow::game::modding::VariantPlugin;
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
/// let mut app = burrow::game::app(Default::default());
/// app.add_plugins(VariantPlugin::new(Measure));
/// app.run();
/// ```
pub struct VariantPlugin {
    variant: Arc<dyn Variant>,
}

impl VariantPlugin {
    pub fn new(variant: impl Variant) -> VariantPlugin {
        VariantPlugin {
            variant: Arc::new(variant),
        }
    }
}

/// Variants that could not be registered, with the reason, for the menu.
#[derive(Resource, Clone, Debug, Default)]
pub struct ModProblems(pub Vec<String>);

impl Plugin for VariantPlugin {
    fn build(&self, app: &mut App) {
        let result = {
            let mut variants = app
                .world_mut()
                .get_resource_or_insert_with(|| Variants(VariantRegistry::builtin()));
            variants.register(self.variant.clone()).map(|_| ())
        };
        if let Err(e) = result {
            error!("mod not loaded: {e}");
            app.world_mut()
                .get_resource_or_insert_with(ModProblems::default)
                .0
                .push(e.to_string());
        }
    }

    fn is_unique(&self) -> bool {
        false
    }
}
