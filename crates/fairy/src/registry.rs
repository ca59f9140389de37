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

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, LazyLock, Mutex, RwLock};

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

/// The games of a scope's file, known on a thread while it is entered.
struct Scoped {
    /// The process's games when the scope was read, and the file's.
    variants: Variants,
    /// The process's games' infos when the scope was read, then the file's.
    infos: Vec<RulesInfo>,
    /// How many of `infos` are the process's.
    before: usize,
    /// The file's games compiled, each on first use.
    compiled: Mutex<HashMap<&'static str, Arc<Rules>>>,
}

thread_local! {
    static SCOPE: RefCell<Option<Arc<Scoped>>> = const { RefCell::new(None) };
}

/// The scope this thread is in, if any.
fn current() -> Option<Arc<Scoped>> {
    SCOPE.with_borrow(Clone::clone)
}

/// The games a variants file defines for a scope of work alone ([`scope`]).
#[derive(Clone)]
pub struct Scope(Arc<Scoped>);

impl core::fmt::Debug for Scope {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Scope").field(&self.names()).finish()
    }
}

/// A thread's time in a [`Scope`]: dropping it brings back the scope the
/// thread was in before.
#[must_use = "the scope is left when this is dropped"]
pub struct Entered(Option<Arc<Scoped>>);

impl Drop for Entered {
    fn drop(&mut self) {
        let before = self.0.take();
        SCOPE.with_borrow_mut(|scope| *scope = before);
    }
}

impl Scope {
    /// Makes the scope's games known on this thread until the answer is
    /// dropped.
    pub fn enter(&self) -> Entered {
        Entered(SCOPE.with_borrow_mut(|scope| scope.replace(Arc::clone(&self.0))))
    }

    /// The names of the games the scope's file defined, in its order.
    pub fn names(&self) -> Vec<&'static str> {
        self.0.infos[self.0.before..].iter().map(|info| info.id).collect()
    }
}

impl polyfen_game::ScopedRules for Scope {
    fn enter(&self) -> Box<dyn core::any::Any> {
        Box::new(Scope::enter(self))
    }
}

/// The most games one scope's file may define.
pub const SCOPE_GAMES_MOST: usize = 64;

/// The most bytes of names and start positions kept for the games of
/// scopes over the life of the process (each text once, however many
/// scopes define it).
pub const INTERNED_MOST: usize = 8 << 20;

/// `text`, kept for the life of the process, once however often it is
/// asked for; `None` once [`INTERNED_MOST`] bytes are kept.
fn intern(text: &str) -> Option<&'static str> {
    static INTERNED: LazyLock<Mutex<(HashSet<&'static str>, usize)>> =
        LazyLock::new(|| Mutex::new((HashSet::new(), 0)));
    let mut interned = INTERNED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(&held) = interned.0.get(text) {
        return Some(held);
    }
    if interned.1 + text.len() > INTERNED_MOST {
        return None;
    }
    let held = leak(text);
    interned.0.insert(held);
    interned.1 += text.len();
    Some(held)
}

/// Reads a variants file (named `source` in messages) for a scope of work
/// alone: its games may inherit from every game the process knows and are
/// known only on a thread that [`Scope::enter`]ed the answer.
///
/// ```
/// use polyfen_fairy::registry;
///
/// let scope = registry::scope("request", "[scopedchess:chess]\nmaxRank = 6\nstartFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n").unwrap();
/// assert!(registry::rules("scopedchess").is_none());
/// {
///     let _in = scope.enter();
///     assert_eq!(registry::rules("scopedchess").unwrap().ranks(), 6);
/// }
/// assert!(registry::rules("scopedchess").is_none());
/// ```
///
/// # Errors
///
/// Every problem of the file, each with its line, section and key, one per
/// line; a file of more than [`SCOPE_GAMES_MOST`] games; a game a scope
/// cannot keep the name of.
pub fn scope(source: &str, text: &str) -> Result<Scope, String> {
    // a scope read in a scope sees the games of both
    let (mut variants, base) = if let Some(scoped) = current() {
        (scoped.variants.clone(), scoped.infos.clone())
    } else {
        let registry = read();
        (registry.variants.clone(), registry.infos.to_vec())
    };
    let before = variants.len();
    let report = variants.read(source, text).map_err(|e| e.render())?;
    let defs = &variants.definitions()[before..];
    if defs.len() > SCOPE_GAMES_MOST {
        return Err(format!(
            "{source}: {} games; a file for one request defines at most {SCOPE_GAMES_MOST}",
            defs.len()
        ));
    }
    let mut infos = base;
    let before = infos.len();
    for def in defs {
        let kept = intern(def.name()).zip(intern(def.text(Field::StartFen)));
        let Some((name, start)) = kept else {
            return Err(format!(
                "{source}:{}: [{}] cannot be defined: the names of games defined by requests fill what the process keeps of them",
                def.location().1,
                def.name()
            ));
        };
        let setups = intern_setups(start);
        infos.push(RulesInfo { id: name, aliases: &[], tag: name, setups });
    }
    debug_assert_eq!(report.defined.len(), infos.len() - before);
    Ok(Scope(Arc::new(Scoped { variants, infos, before, compiled: Mutex::new(HashMap::new()) })))
}

/// The setups of a game of a scope starting at `start`, kept once for each
/// start (bounded as [`intern`] is, by the starts it keeps).
fn intern_setups(start: &'static str) -> &'static [(&'static str, &'static str)] {
    type Setups = &'static [(&'static str, &'static str)];
    static SETUPS: LazyLock<Mutex<HashMap<&'static str, Setups>>> = LazyLock::new(|| Mutex::new(HashMap::new()));
    let mut setups = SETUPS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    setups.entry(start).or_insert_with(|| Box::leak(Box::new([("standard", start)])))
}

/// The rules of the game `name` (exactly as defined: Fairy-Stockfish's
/// names are lower case), compiled on first use.
pub fn rules(name: &str) -> Option<Arc<Rules>> {
    game(name).map(|(_, rules)| rules)
}

/// The game `name`: its name as the registry holds it, for as long as the
/// process, and its rules, compiled on first use.
pub fn game(name: &str) -> Option<(&'static str, Arc<Rules>)> {
    if let Some(scoped) = current()
        && let Some(info) = scoped.infos[scoped.before..].iter().find(|info| info.id == name)
    {
        let mut compiled = scoped.compiled.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(rules) = compiled.get(info.id) {
            return Some((info.id, Arc::clone(rules)));
        }
        let rules = Arc::new(Rules::new(scoped.variants.get(name)?));
        compiled.insert(info.id, Arc::clone(&rules));
        return Some((info.id, rules));
    }
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
/// in the order [`define`] read them; in a [`Scope`], then the scope's.
pub fn infos() -> Cow<'static, [RulesInfo]> {
    match current() {
        Some(scoped) => Cow::Owned(scoped.infos.clone()),
        None => Cow::Borrowed(read().infos),
    }
}

/// The definition of the game `name`, after inheritance.
pub fn definition(name: &str) -> Option<Definition> {
    match current() {
        Some(scoped) => scoped.variants.get(name).cloned(),
        None => read().variants.get(name).cloned(),
    }
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
