//! Games defined as data on the command line: the variants files a command
//! is given (`--variants FILE`, repeatable, and `POLYFEN_VARIANTS`, files
//! separated by `:`), read before the command's arguments so that their
//! games' names are known to every option, and `polyfen variants`, which
//! lists every game and rules variant with where it comes from, or prints
//! one's resolved definition (`polyfen variants show NAME`).

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
        match (as_game, reached) {
            (Some(game), _) => report.message(&format!("{game} is a game of its own, not defined as data")),
            (None, Some((game, id))) => {
                report.message(&format!("{id} is a rules variant of {game}, not defined as data"));
            }
            (None, None) => report.message(&format!(
                "no game is named {name:?}; `polyfen variants` lists them (a file given with --variants adds its own)"
            )),
        }
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
