//! The set of known variants, looked up by id. The four designer's games are
//! registered through the same call a mod uses.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::variants::{BoxBurrow, PathBurrow, SweepBurrow, Tumburrow};
use super::{Design, DesignError, Rules, Variant, VariantError};

/// Variants by id, in the order they were registered.
#[derive(Clone, Debug, Default)]
pub struct VariantRegistry {
    rules: Vec<Rules>,
}

/// Why a variant could not be registered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegistryError {
    DuplicateId(String),
    /// A design arrived (in a record, a link, an online table) with the id
    /// of a different game already here.
    OtherGameOfThatId(String),
    Invalid(VariantError),
    /// Another layer turned down what the variant attached (say, a computer
    /// profile the search cannot run), in that layer's words.
    Refused {
        variant: String,
        reason: String,
    },
}

/// A game file that was not added: the file, then what is wrong with it
/// (a design's error names its line and field).
#[derive(Debug, thiserror::Error)]
#[error("{}: {problem}", path.display())]
pub struct GameFileError {
    pub path: PathBuf,
    pub problem: GameFileProblem,
}

/// What is wrong with a game file.
#[derive(Debug, thiserror::Error)]
pub enum GameFileProblem {
    /// The file could not be read.
    #[error(transparent)]
    Read(std::io::Error),
    /// It does not describe a game.
    #[error(transparent)]
    Design(Box<DesignError>),
    /// Its game cannot join the others (an id already taken, say).
    #[error(transparent)]
    Register(RegistryError),
}

/// A mod: a plain function that registers its games, and attaches to each
/// what the other layers should know of it (see [`Rules::attach`]).
///
/// ```
/// use std::sync::Arc;
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
/// fn register(registry: &mut VariantRegistry) -> Result<(), RegistryError> {
///     registry.register(Arc::new(Measure))?;
///     Ok(())
/// }
///
/// let mut registry = VariantRegistry::builtin();
/// assert!(registry.add_mods(&[register]).is_empty());
/// assert_eq!(registry.ids(), ["box", "path", "sweep", "tumburrow", "measure"]);
/// ```
pub type Mod = fn(&mut VariantRegistry) -> Result<(), RegistryError>;

impl fmt::Display for RegistryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RegistryError::DuplicateId(id) => {
                write!(f, "a variant with id `{id}` is already registered")
            }
            RegistryError::OtherGameOfThatId(id) => write!(
                f,
                "the design's id `{id}` is the id of a different game here; change the design's id"
            ),
            RegistryError::Invalid(e) => write!(f, "{e}"),
            RegistryError::Refused { variant, reason } => {
                write!(f, "variant `{variant}`: {reason}")
            }
        }
    }
}

impl std::error::Error for RegistryError {}

impl VariantRegistry {
    /// A registry with no variants.
    pub fn empty() -> VariantRegistry {
        VariantRegistry::default()
    }

    /// Box, Path, Sweep Burrow and Tumburrow.
    pub fn builtin() -> VariantRegistry {
        let mut registry = VariantRegistry::empty();
        let builtins: [Arc<dyn Variant>; 4] = [
            Arc::new(BoxBurrow),
            Arc::new(PathBurrow),
            Arc::new(SweepBurrow),
            Arc::new(Tumburrow),
        ];
        for variant in builtins {
            registry
                .register(variant)
                .expect("the built-in variants are valid");
        }
        registry
    }

    /// The rules of `design`, added unless the same design is already
    /// here (a record or an online table brings its game along: loading
    /// it twice is the same game). A different game of that id is an error.
    pub fn adopt(&mut self, design: Design) -> Result<&Rules, RegistryError> {
        let Some(index) = self.rules.iter().position(|r| r.id() == design.id) else {
            return self.register(Arc::new(design)).map(|rules| &*rules);
        };
        if self.rules[index].variant().design() != Some(&design) {
            return Err(RegistryError::OtherGameOfThatId(design.id));
        }
        Ok(&self.rules[index])
    }

    /// The rules of `design`, put in place of the design of that id if
    /// there is one (a designer trying a changed version of their game),
    /// else added. A game of that id that is not a design (a built-in game
    /// or a mod) is never replaced: that is an error.
    pub fn put_design(&mut self, design: Design) -> Result<&Rules, RegistryError> {
        let Some(index) = self.rules.iter().position(|r| r.id() == design.id) else {
            return self.register(Arc::new(design)).map(|rules| &*rules);
        };
        if self.rules[index].variant().design().is_none() {
            return Err(RegistryError::OtherGameOfThatId(design.id));
        }
        if self.rules[index].variant().design() != Some(&design) {
            self.rules[index] = Rules::new(Arc::new(design)).map_err(RegistryError::Invalid)?;
        }
        Ok(&self.rules[index])
    }

    /// Checks a variant and adds it; the rules returned take attachments.
    pub fn register(&mut self, variant: Arc<dyn Variant>) -> Result<&mut Rules, RegistryError> {
        if self.get(variant.id()).is_some() {
            return Err(RegistryError::DuplicateId(variant.id().to_string()));
        }
        let rules = Rules::new(variant).map_err(RegistryError::Invalid)?;
        self.rules.push(rules);
        Ok(self.rules.last_mut().expect("just pushed"))
    }

    /// Runs each mod's registration, in order. A mod that fails is left
    /// out whole (anything it registered before failing is taken back), and
    /// its error is returned so a front end can say why; the other mods
    /// still load.
    pub fn add_mods(&mut self, mods: &[Mod]) -> Vec<RegistryError> {
        let mut problems = Vec::new();
        for register in mods {
            let before = self.rules.len();
            if let Err(e) = register(self) {
                self.rules.truncate(before);
                problems.push(e);
            }
        }
        problems
    }

    /// Adds the game the file at `path` describes (a `--game-file`, a file
    /// of the designs folder) and says its id.
    pub fn add_game_file(&mut self, path: &Path) -> Result<String, GameFileError> {
        let failed = |problem: GameFileProblem| GameFileError {
            path: path.to_path_buf(),
            problem,
        };
        let text = std::fs::read_to_string(path).map_err(|e| failed(GameFileProblem::Read(e)))?;
        let design: Design = text
            .parse()
            .map_err(|e| failed(GameFileProblem::Design(Box::new(e))))?;
        let id = design.id.clone();
        self.register(Arc::new(design))
            .map_err(|e| failed(GameFileProblem::Register(e)))?;
        Ok(id)
    }

    pub fn get(&self, id: &str) -> Option<&Rules> {
        self.rules.iter().find(|r| r.id() == id)
    }

    /// The rules of `id`, to attach more to them.
    pub fn get_mut(&mut self, id: &str) -> Option<&mut Rules> {
        self.rules.iter_mut().find(|r| r.id() == id)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Rules> {
        self.rules.iter()
    }

    pub fn ids(&self) -> Vec<&str> {
        self.rules.iter().map(Rules::id).collect()
    }

    pub fn len(&self) -> usize {
        self.rules.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }
}

/// The rules of a built-in variant by id (`box`, `path`, `sweep`, `tumburrow`).
pub fn builtin_rules(id: &str) -> Option<Rules> {
    VariantRegistry::builtin().get(id).cloned()
}
