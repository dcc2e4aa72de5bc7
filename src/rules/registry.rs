//! The set of known variants, looked up by id. The four designer's games are
//! registered through the same call a mod uses.

use std::fmt;
use std::sync::Arc;

use super::variants::{BoxBurrow, PathBurrow, SweepBurrow, Tumburrow};
use super::{Rules, Variant, VariantError};

/// Variants by id, in the order they were registered.
#[derive(Clone, Debug, Default)]
pub struct VariantRegistry {
    rules: Vec<Rules>,
}

/// Why a variant could not be registered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegistryError {
    DuplicateId(String),
    Invalid(VariantError),
}

impl fmt::Display for RegistryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RegistryError::DuplicateId(id) => {
                write!(f, "a variant with id `{id}` is already registered")
            }
            RegistryError::Invalid(e) => write!(f, "{e}"),
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

    /// Checks a variant and adds it.
    pub fn register(&mut self, variant: Arc<dyn Variant>) -> Result<&Rules, RegistryError> {
        if self.get(variant.id()).is_some() {
            return Err(RegistryError::DuplicateId(variant.id().to_string()));
        }
        let rules = Rules::new(variant).map_err(RegistryError::Invalid)?;
        self.rules.push(rules);
        Ok(self.rules.last().expect("just pushed"))
    }

    pub fn get(&self, id: &str) -> Option<&Rules> {
        self.rules.iter().find(|r| r.id() == id)
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
