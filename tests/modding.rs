//! Mods: the example variants register through their plain registration
//! function (and through the Bevy plugin, before or after the game's own),
//! play whole games with every kind of player, and a broken variant is
//! turned away with an error that names it.

use std::sync::Arc;

use burrow::ai::{play_levels, play_random_game};
use burrow::launch::registry_with;
use burrow::rules::variants::{BoxBurrow, PathBurrow, SweepBurrow, Tumburrow};
use burrow::rules::*;

use crate::support::Liar;

#[path = "../examples/leapfrog.rs"]
pub(crate) mod leapfrog;
#[path = "../examples/stride.rs"]
pub(crate) mod stride;

/// A mod that registers one variant and nothing else.
macro_rules! mod_of {
    ($variant:expr) => {{
        fn register(registry: &mut VariantRegistry) -> Result<(), RegistryError> {
            registry.register(Arc::new($variant))?;
            Ok(())
        }
        register as Mod
    }};
}

#[test]
fn example_mods_join_the_built_in_games() {
    let (registry, problems) = registry_with(&[leapfrog::register, stride::register]);
    assert!(problems.is_empty(), "{problems:?}");
    // The new-game menu lists exactly the registry's variants, in order.
    assert_eq!(
        registry.ids(),
        ["box", "path", "sweep", "tumburrow", "leapfrog", "stride"]
    );
}

#[test]
fn example_mods_play_whole_games_with_random_and_computer_players() {
    let (registry, _) = registry_with(&[leapfrog::register, stride::register]);
    for id in ["leapfrog", "stride"] {
        let rules = registry.get(id).unwrap();
        for seed in 0..3 {
            let record = play_random_game(rules, Position::start_standard(), seed).unwrap();
            assert!(matches!(record.result, GameResult::Win(_)), "{id}");
            assert!(record.replay(&registry).is_ok(), "{id}: the record replays");
            assert_eq!(
                record.to_string().parse::<GameRecord>().unwrap().variant,
                id
            );
        }
        let record = play_levels(
            rules,
            Position::start(BoardSize::new(6, 6).unwrap()),
            burrow::ai::Level::Easy,
            burrow::ai::Level::Greedy,
            5,
        )
        .unwrap();
        assert!(matches!(record.result, GameResult::Win(_)), "{id}");
        assert!(record.replay(&registry).is_ok());
    }
}

/// Captures only along one rank: it cannot translate vertically at all.
struct Broken;

impl Variant for Broken {
    fn id(&self) -> &str {
        "broken"
    }
    fn name(&self) -> &str {
        "Broken"
    }
    fn movement(&self) -> Movement {
        Movement {
            steps: StepSet::from_slice(&[Step::E, Step::W]),
            shape: PathShape::Straight,
            jumping: false,
        }
    }
    fn template(&self, _: &CaptureView) -> Template {
        Template::Count(0)
    }
    fn fits(&self, _: &Template, _: &CaptureView) -> bool {
        true
    }
}

#[test]
fn a_broken_variant_is_rejected_with_its_name() {
    let (registry, problems) = registry_with(&[mod_of!(Broken)]);
    assert!(registry.get("broken").is_none());
    // The example mods mark their template squares for the board to draw.
    #[cfg(feature = "game")]
    {
        let (mods, _) = registry_with(&[leapfrog::register]);
        let leap = mods.get("leapfrog").unwrap();
        let start = Position::start_standard();
        let first = leap.initial_captures(&start)[0];
        let template = leap.template_of(&start, &first);
        let marks = burrow::game::presentation::of(leap)
            .template_drawing(&template, &start.board, first.to)
            .marks;
        assert_eq!(marks.count(), 1, "one more equal jump: {marks:?}");
    }
    assert_eq!(problems.len(), 1);
    assert!(
        problems[0].contains("variant `broken`") && problems[0].contains("translation"),
        "{}",
        problems[0]
    );

    let mut registry = VariantRegistry::builtin();
    let error = registry.register(Arc::new(Broken)).unwrap_err();
    assert_eq!(
        error,
        RegistryError::Invalid(VariantError {
            variant: "broken".into(),
            problem: VariantProblem::BadMovement(MovementProblem::LimitedTranslation)
        })
    );
    assert_eq!(
        registry.register(Arc::new(BoxBurrow)).unwrap_err(),
        RegistryError::DuplicateId("box".into())
    );
}

#[test]
fn a_variant_proposing_impossible_routes_is_caught_not_played() {
    let rules = Rules::new(Arc::new(Liar)).unwrap();
    let error = rules.turns(&Position::start_standard()).unwrap_err();
    assert_eq!(error.variant, "liar");
    assert!(
        matches!(error.problem, VariantProblem::RouteNotInMovement(_)),
        "{error}"
    );
    // The game is refused, not corrupted: the CLI reports it as one line.
    let turn = rules.initial_captures(&Position::start_standard())[0];
    let started = rules
        .begin_turn(&Position::start_standard(), &turn)
        .unwrap();
    assert!(rules.fitting_captures(&started).is_err());
}

#[test]
fn the_built_in_games_through_the_mod_path_keep_their_perft() {
    let mut registry = VariantRegistry::empty();
    let problems = registry.add_mods(&[
        mod_of!(BoxBurrow),
        mod_of!(PathBurrow),
        mod_of!(SweepBurrow),
        mod_of!(Tumburrow),
    ]);
    assert!(problems.is_empty());
    let start = Position::start_standard();
    for (id, expected) in [
        ("box", 12140),
        ("path", 12752),
        ("sweep", 12284),
        ("tumburrow", 46328),
    ] {
        assert_eq!(
            registry.get(id).unwrap().perft(&start, 2).unwrap(),
            expected,
            "{id}"
        );
    }
}

/// Path Burrow's movement and templates, but a later capture must repeat the
/// route exactly as it was walked (no turned or mirrored images).
struct Echo;

impl Variant for Echo {
    fn id(&self) -> &str {
        "echo"
    }
    fn name(&self) -> &str {
        "Echo"
    }
    fn movement(&self) -> Movement {
        PathBurrow.movement()
    }
    fn template_uses_route(&self) -> bool {
        true
    }
    fn template(&self, capture: &CaptureView) -> Template {
        PathBurrow.template(capture)
    }
    fn fits(&self, template: &Template, capture: &CaptureView) -> bool {
        capture.route.map(Template::Route) == Some(*template)
    }
    fn candidate_routes(&self, template: &Template) -> Option<RouteCandidates> {
        let Template::Route(route) = *template else {
            return None;
        };
        let mut routes = RouteCandidates::default();
        routes.add(route);
        Some(routes)
    }
}

#[test]
fn reused_turn_memory_keeps_each_variants_candidate_routes_apart() {
    let path = Rules::new(Arc::new(PathBurrow)).unwrap();
    let echo = Rules::new(Arc::new(Echo)).unwrap();
    let record = play_random_game(&path, Position::start_standard(), 5).unwrap();
    let positions = record.replay(&VariantRegistry::builtin()).unwrap();
    let mut scratch = TurnScratch::default();
    let mut differ = 0;
    for pos in &positions {
        // Both games share the scratch, one after the other, position by position.
        let path_turns = path
            .turns_with(pos, &mut scratch, &mut || false)
            .unwrap()
            .unwrap();
        let echo_turns = echo
            .turns_with(pos, &mut scratch, &mut || false)
            .unwrap()
            .unwrap();
        assert_eq!(path_turns, path.turns(pos).unwrap(), "path at {pos}");
        assert_eq!(echo_turns, echo.turns(pos).unwrap(), "echo at {pos}");
        differ += usize::from(path_turns.len() != echo_turns.len());
    }
    assert!(
        differ > 0,
        "the two games never differed, so the test shows nothing"
    );
}

#[test]
fn a_failing_mod_is_left_out_whole_and_the_others_load() {
    fn half(registry: &mut VariantRegistry) -> Result<(), RegistryError> {
        registry.register(Arc::new(leapfrog::Leapfrog))?;
        registry.register(Arc::new(Broken))?;
        Ok(())
    }
    let (registry, problems) = registry_with(&[half, stride::register]);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("broken"), "{problems:?}");
    // Leapfrog came with the broken mod, so it went with it.
    assert_eq!(
        registry.ids(),
        ["box", "path", "sweep", "tumburrow", "stride"]
    );
}

/// The Bevy wrapper: a mod added before or after the game's own plugin
/// lands in the same registry, and a broken one is listed, not lost.
#[cfg(feature = "game")]
#[test]
fn variant_plugins_before_and_after_the_game_plugin_all_land() {
    use bevy::prelude::*;
    use burrow::game::{GameCorePlugin, ModProblems, VariantPlugin, Variants};

    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::state::app::StatesPlugin,
        bevy::input::InputPlugin,
    ));
    app.add_plugins(VariantPlugin::from_mod(leapfrog::register));
    app.add_plugins(GameCorePlugin {
        variants: VariantRegistry::builtin(),
    });
    app.add_plugins((
        VariantPlugin::new(stride::Stride),
        VariantPlugin::new(Broken),
    ));
    let ids = app.world().resource::<Variants>().0.ids().join(",");
    assert_eq!(ids, "box,path,sweep,tumburrow,leapfrog,stride");
    let problems = &app.world().resource::<ModProblems>().0;
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("broken"), "{problems:?}");
}

/// A mod attaches learned weights at registration: its game's `strongest`
/// plays with them; another game's weights are refused by name and the
/// registration fails whole.
#[test]
fn a_mod_attaches_learned_weights_at_registration() {
    use burrow::ai::learned::{Weights, attach_weights, weights_of};
    fn with_weights(registry: &mut VariantRegistry) -> Result<(), RegistryError> {
        let rules = registry.register(Arc::new(stride::Stride))?;
        let weights = Weights::from_hand("stride", 0, 90, 30);
        attach_weights(rules, weights)?;
        Ok(())
    }
    fn with_wrong_weights(registry: &mut VariantRegistry) -> Result<(), RegistryError> {
        let rules = registry.register(Arc::new(leapfrog::Leapfrog))?;
        attach_weights(rules, Weights::from_hand("box", 0, 90, 30))?;
        Ok(())
    }
    let (registry, problems) = registry_with(&[with_weights, with_wrong_weights]);
    let stride = registry.get("stride").expect("registered");
    assert_eq!(weights_of(stride).unwrap().full[0], 90);
    assert!(registry.get("leapfrog").is_none(), "taken back whole");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("`box`, not `leapfrog`"),
        "{problems:?}"
    );
    // Its game plays whole games with them.
    let record = play_levels(
        stride,
        Position::start(BoardSize::new(5, 5).unwrap()),
        burrow::ai::Level::Strongest,
        burrow::ai::Level::Greedy,
        3,
    )
    .unwrap();
    assert!(matches!(record.result, GameResult::Win(_)));
}
