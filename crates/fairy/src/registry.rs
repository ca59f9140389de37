//! The games a process knows: the built-in ones and those of every variants
//! file [`define`] was given, each compiled into its [`Rules`] once, on
//! first use.
//!
//! The layers above a game (the facade, the command line, the service,
//! Python) name a game by its name; the registry answers with its compiled
//! rules, the [`RulesInfo`] the facade lists, and its definition. A file
//! adds games for the life of the process; a name is defined once (a file
//! redefining a game is an error naming both places).
//!
//! ```
//! use polyfen_fairy::registry;
//!
//! let makruk = registry::rules("makruk").unwrap();
//! assert_eq!((makruk.files(), makruk.ranks()), (8, 8));
//! let defined = registry::define("my.ini", "[tinychess:chess]\nmaxRank = 6\nstartFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n").unwrap();
//! assert_eq!(defined, ["tinychess"]);
//! assert_eq!(registry::rules("tinychess").unwrap().ranks(), 6);
//! assert!(registry::define("my.ini", "[broken]\nmaxRank = twelve\n").unwrap_err().contains("my.ini:2"));
//! ```

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, RwLock};

use polyfen_game::RulesInfo;

use crate::definition::Definition;
use crate::keys::Field;
use crate::reader::Variants;
use crate::rules::Rules;

/// Every game known, with what was made of each.
struct Registry {
    variants: Variants,
    /// Each game compiled, with its name as [`Registry::infos`] holds it.
    compiled: HashMap<String, (&'static str, Arc<Rules>)>,
    /// The [`RulesInfo`] of every game, in definition order (leaked: the
    /// list only grows, and a name handed out lives as long as the process).
    infos: &'static [RulesInfo],
}

static REGISTRY: LazyLock<RwLock<Registry>> = LazyLock::new(|| {
    let variants = Variants::new();
    let infos = leak_infos(&[], variants.definitions());
    RwLock::new(Registry { variants, compiled: HashMap::new(), infos })
});

fn leak(text: &str) -> &'static str {
    Box::leak(text.to_owned().into_boxed_str())
}

/// `known` and the infos of `defs` after them.
fn leak_infos(known: &[RulesInfo], defs: &[Definition]) -> &'static [RulesInfo] {
    let mut infos = known.to_vec();
    for def in defs {
        let name = leak(def.name());
        let start = leak(def.text(Field::StartFen));
        let setups: &'static [(&'static str, &'static str)] = Box::leak(Box::new([("standard", start)]));
        infos.push(RulesInfo { id: name, aliases: &[], tag: name, setups });
    }
    Box::leak(infos.into_boxed_slice())
}

fn read() -> std::sync::RwLockReadGuard<'static, Registry> {
    REGISTRY.read().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The rules of the game `name` (exactly as defined: Fairy-Stockfish's
/// names are lower case), compiled on first use.
pub fn rules(name: &str) -> Option<Arc<Rules>> {
    game(name).map(|(_, rules)| rules)
}

/// The game `name`: its name as the registry holds it, for as long as the
/// process, and its rules, compiled on first use.
pub fn game(name: &str) -> Option<(&'static str, Arc<Rules>)> {
    if let Some((held, rules)) = read().compiled.get(name) {
        return Some((held, Arc::clone(rules)));
    }
    let held = static_name(name)?;
    let def = read().variants.get(name)?.clone();
    let rules = Arc::new(Rules::new(&def));
    let mut registry = REGISTRY.write().unwrap_or_else(std::sync::PoisonError::into_inner);
    let (_, rules) = registry.compiled.entry(name.to_owned()).or_insert((held, rules));
    Some((held, Arc::clone(rules)))
}

/// The game's name as the registry holds it, for as long as the process.
pub fn static_name(name: &str) -> Option<&'static str> {
    infos().iter().find(|info| info.id == name).map(|info| info.id)
}

/// Every game's [`RulesInfo`], the built-in ones first, then each file's
/// in the order [`define`] read them.
pub fn infos() -> &'static [RulesInfo] {
    read().infos
}

/// The definition of the game `name`, after inheritance.
pub fn definition(name: &str) -> Option<Definition> {
    read().variants.get(name).cloned()
}

/// Reads a variants file (named `source` in messages) and adds its games.
///
/// # Errors
///
/// Every problem of the file, each with its file, line, section and key,
/// one per line; then no game of the file is added.
pub fn define(source: &str, text: &str) -> Result<Vec<String>, String> {
    let mut registry = REGISTRY.write().unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut variants = registry.variants.clone();
    let report = variants.read(source, text).map_err(|e| e.render())?;
    let before = registry.variants.len();
    let infos = leak_infos(registry.infos, &variants.definitions()[before..]);
    registry.variants = variants;
    registry.infos = infos;
    Ok(report.defined)
}
