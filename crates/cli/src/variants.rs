//! Games defined as data on the command line: the variants files a command
//! is given (`--variants FILE`, repeatable, and `POLYFEN_VARIANTS`, files
//! separated by `:`), read before the command's arguments so that their
//! games' names are known to every option, and `polyfen variants`, which
//! lists every game and rules variant with where it comes from, prints
//! one's resolved definition (`polyfen variants show NAME`), or walks
//! through it key by key beside its parent's (`polyfen variants explain
//! NAME`).

use std::ffi::OsString;

use clap::{Args, Subcommand};
use polyfen::VariantId;

use crate::output::{Flow, Report};

/// The environment variable naming variants files, separated by `:`.
pub(crate) const ENV: &str = "POLYFEN_VARIANTS";

#[derive(Args, Debug)]
pub(crate) struct VariantsArgs {
    #[command(subcommand)]
    command: Option<VariantsCommand>,
}

#[derive(Subcommand, Debug)]
enum VariantsCommand {
    /// Print a game's resolved definition in the variants-file format:
    /// every key after inheritance, each with where its value comes from.
    Show {
        /// The game's name (`makruk`, a section of a file given with
        /// --variants).
        #[arg(value_name = "NAME")]
        name: String,
    },
    /// Walk through a game's definition key by key: each key its own
    /// section sets, the value its parent gave that key, and what the key
    /// means; then how many keys it takes from its parents and from the
    /// defaults.
    Explain {
        /// The game's name (`makruk`, a section of a file given with
        /// --variants).
        #[arg(value_name = "NAME")]
        name: String,
        /// Write it as one JSON object (`name`, `game`, `defined_at`,
        /// `parent`, `keys` of `key`, `value`, `was`, `meaning`,
        /// `inherited`, `defaults`).
        #[arg(long)]
        json: bool,
    },
}

/// The variants files named by `args` (`--variants FILE`,
/// `--variants=FILE`) and by [`ENV`], the environment's first.
fn files(args: &[OsString], env: Option<OsString>) -> Vec<OsString> {
    let mut out: Vec<OsString> = env
        .map(|v| std::env::split_paths(&v).map(OsString::from).filter(|p| !p.is_empty()).collect())
        .unwrap_or_default();
    let mut iter = args.iter().skip(1);
    while let Some(arg) = iter.next() {
        if arg == "--" {
            break;
        }
        if arg == "--variants" {
            out.extend(iter.next().cloned());
        } else if let Some(file) = arg.to_str().and_then(|a| a.strip_prefix("--variants=")) {
            out.push(file.into());
        }
    }
    out
}

/// Reads every variants file the command line and the environment name,
/// adding their games; the first file that cannot be read or has errors
/// is the message returned (every problem of it, one per line).
pub(crate) fn load(args: &[OsString]) -> Result<(), String> {
    for file in files(args, std::env::var_os(ENV)) {
        let path = std::path::Path::new(&file);
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read the variants file {name}: {e}"))?;
        polyfen::define_rules(&name, &text)?;
    }
    Ok(())
}

/// `polyfen variants`: every game and rules variant, a line each, `NAME
/// GAME SOURCE`; `polyfen variants show NAME`: one's definition.
pub(crate) fn run(args: &VariantsArgs, report: &mut Report) -> Result<(), Flow> {
    match &args.command {
        None => list(report),
        Some(VariantsCommand::Show { name }) => show(name, report),
        Some(VariantsCommand::Explain { name, json }) => explain(name, *json, report),
    }
}

/// `polyfen variants explain NAME`.
fn explain(name: &str, json: bool, report: &mut Report) -> Result<(), Flow> {
    let id = VariantId::of_rules(name).map_or(name, |(_, rules)| rules.id);
    let Some(explained) = polyfen::explain_rules(id) else {
        not_data(name, report);
        return Ok(());
    };
    if json {
        let keys: Vec<serde_json::Value> =
            explained.keys.iter().map(|k| serde_json::to_value(k).unwrap_or_default()).collect();
        let object = serde_json::json!({
            "name": explained.name,
            "game": explained.game.to_string(),
            "defined_at": explained.defined_at,
            "parent": explained.parent,
            "keys": keys,
            "inherited": explained.inherited,
            "defaults": explained.defaults,
        });
        return report.line(&object.to_string());
    }
    let parent = explained.parent.as_deref();
    report.line(&format!(
        "{}: a rules variant of {} defined as data, at {}{}",
        explained.name,
        explained.game,
        explained.defined_at,
        parent.map_or(String::new(), |p| format!(", from {p}"))
    ))?;
    let own = format!("{} {} of its own", explained.keys.len(), if explained.keys.len() == 1 { "key" } else { "keys" });
    report.line(&match parent {
        Some(p) => {
            format!("{own}; {} taken from {p}, {} the format's defaults", explained.inherited, explained.defaults)
        }
        None => format!("{own}; {} the format's defaults", explained.defaults),
    })?;
    for key in &explained.keys {
        report.line("")?;
        let was = match (&key.was, parent) {
            (Some(was), Some(p)) => format!("   ({p}: {was})"),
            (None, Some(_)) => "   (new)".to_owned(),
            _ => String::new(),
        };
        report.line(&format!("{} = {}{was}", key.key, key.value))?;
        report.line(&format!("    {}", key.meaning))?;
    }
    Ok(())
}

/// Says why `name` has no definition as data to show.
fn not_data(name: &str, report: &mut Report) {
    let reached = VariantId::of_rules(name).map(|(game, rules)| (game, rules.id));
    match (name.parse::<VariantId>().ok(), reached) {
        (Some(game), _) => report.message(&format!("{game} is a game of its own, not defined as data")),
        (None, Some((game, id))) => report.message(&format!("{id} is a rules variant of {game}, not defined as data")),
        (None, None) => report.message(&format!(
            "no game is named {name:?}; `polyfen variants` lists them (a file given with --variants adds its own)"
        )),
    }
}

fn list(report: &mut Report) -> Result<(), Flow> {
    let mut rows: Vec<(String, String, String)> = Vec::new();
    for game in <VariantId as strum::IntoEnumIterator>::iter() {
        rows.push((game.to_string(), game.to_string(), "built in".to_owned()));
        for rules in game.reachable_rules() {
            let source = polyfen::describe_rules(rules.id)
                .filter(|(owner, _, _)| *owner == game)
                .map_or_else(|| "built in".to_owned(), |(_, at, _)| at);
            rows.push((rules.id.to_owned(), game.to_string(), source));
        }
    }
    let width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    let game_width = rows.iter().map(|r| r.1.len()).max().unwrap_or(0);
    for (name, game, source) in rows {
        report.line(&format!("{name:<width$}  {game:<game_width$}  {source}"))?;
    }
    Ok(())
}

fn show(name: &str, report: &mut Report) -> Result<(), Flow> {
    let reached = VariantId::of_rules(name).map(|(game, rules)| (game, rules.id));
    let as_game = name.parse::<VariantId>().ok();
    let id = reached.map_or(name, |(_, id)| id);
    let Some((game, at, text)) = polyfen::describe_rules(id) else {
        not_data(name, report);
        return Ok(());
    };
    let played_by = match (as_game, reached) {
        (Some(other), _) => Some(other),
        (None, Some((owner, _))) if owner != game => Some(owner),
        _ => None,
    };
    if let Some(owner) = played_by {
        report.line(&format!(
            "# polyfen plays {name} with its {owner} game; this is the definition as data of the same game"
        ))?;
    }
    report.line(&format!("# defined at {at}"))?;
    report.text(&text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_come_from_the_environment_then_each_option() {
        let args: Vec<OsString> =
            ["polyfen", "moves", "--variants", "a.ini", "--variants=b.ini", "x", "--", "--variants", "c.ini"]
                .into_iter()
                .map(OsString::from)
                .collect();
        let got = files(&args, Some(OsString::from("e.ini:f.ini")));
        assert_eq!(got, ["e.ini", "f.ini", "a.ini", "b.ini"]);
    }
}
